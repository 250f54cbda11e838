#include "process/loopback_http.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>

namespace kirin {

int connect_from(int port, const char* from) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  sockaddr_in src{};
  src.sin_family = AF_INET;
  sockaddr_in dst{};
  dst.sin_family = AF_INET;
  dst.sin_port = htons(uint16_t(port));
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  if (inet_pton(AF_INET, from, &src.sin_addr) != 1 || inet_pton(AF_INET, "127.0.0.1", &dst.sin_addr) != 1 ||
      ::bind(fd, reinterpret_cast<sockaddr*>(&src), sizeof src) != 0 ||
      ::connect(fd, reinterpret_cast<sockaddr*>(&dst), sizeof dst) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

LoopbackReply loopback_request(int port, const std::string& from, const std::string& method, const std::string& path,
                               const std::string& body, const std::vector<std::string>& headers, int timeout_ms) {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  LoopbackReply reply;
  const int fd = connect_from(port, from.c_str());
  if (fd < 0) return reply;
  std::string request = method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
  for (const auto& h : headers) request += h + "\r\n";
  if (!body.empty())
    request += "Content-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) + "\r\n";
  request += "\r\n" + body;
  std::string_view left = request;
  while (!left.empty()) {
    ssize_t n = ::send(fd, left.data(), left.size(), MSG_NOSIGNAL);
    if (n <= 0) break;
    left.remove_prefix(size_t(n));
  }
  // The server closes the connection after its answer (Connection: close): read to the end.
  std::string got;
  const auto deadline = t0 + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    pollfd p{fd, POLLIN, 0};
    if (wait <= 0 || ::poll(&p, 1, int(wait)) <= 0) break;
    char buf[65536];
    ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    got.append(buf, size_t(n));
  }
  ::close(fd);
  reply.ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  const size_t head_end = got.find("\r\n\r\n");
  if (got.rfind("HTTP/1.1 ", 0) != 0 || head_end == std::string::npos) return reply;
  reply.status = std::atoi(got.c_str() + 9);
  reply.body = got.substr(head_end + 4);
  return reply;
}

}  // namespace kirin
