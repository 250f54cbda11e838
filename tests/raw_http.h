// Plain sockets for the tests that attack the server: requests no well-behaved client library
// would send, from chosen loopback addresses, read with timeouts.
#pragma once
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <string_view>

#include "process/loopback_http.h"

namespace kirin::test {

// A TCP connection to 127.0.0.1:port from the loopback address `from`; closed when it goes.
class RawConn {
 public:
  RawConn(int port, const char* from = "127.0.0.1") : fd_(kirin::connect_from(port, from)) {}
  ~RawConn() {
    if (fd_ >= 0) ::close(fd_);
  }
  RawConn(RawConn&& o) noexcept : fd_(o.fd_), pending_(std::move(o.pending_)) { o.fd_ = -1; }
  RawConn(const RawConn&) = delete;
  bool ok() const { return fd_ >= 0; }
  int fd() const { return fd_; }

  // False once the peer has gone.
  bool send(std::string_view data) {
    while (!data.empty()) {
      ssize_t n = ::send(fd_, data.data(), data.size(), MSG_NOSIGNAL);
      if (n <= 0) return false;
      data.remove_prefix(size_t(n));
    }
    return true;
  }
  // What arrives within `ms` (until the peer closes, or a whole response with its body is in).
  std::string read_response(int ms = 5000) {
    std::string got;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    for (;;) {
      size_t head_end = got.find("\r\n\r\n");
      if (head_end != std::string::npos) {
        size_t cl = got.find("Content-Length: ");
        if (cl != std::string::npos && cl < head_end &&
            got.size() >= head_end + 4 + std::strtoul(got.c_str() + cl + 16, nullptr, 10))
          return got;
      }
      int left = int(
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count());
      if (left <= 0) return got;
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, left) <= 0) return got;
      char buf[65536];
      ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
      if (n <= 0) return got;
      got.append(buf, size_t(n));
    }
  }
  // What arrives until `pattern` is in it, the peer closes, or `ms` pass.
  std::string read_until(std::string_view pattern, int ms = 5000) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (pending_.find(pattern) == std::string::npos) {
      int left = int(
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count());
      if (left <= 0) break;
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, left) <= 0) break;
      char buf[65536];
      ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
      if (n <= 0) break;
      pending_.append(buf, size_t(n));
    }
    size_t at = pending_.find(pattern);
    size_t end = at == std::string::npos ? pending_.size() : at + pattern.size();
    std::string got = pending_.substr(0, end);
    pending_.erase(0, end);
    return got;
  }
  // Whether the peer closes the connection within `ms` (what it sends first is skipped).
  bool closed_within(int ms) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    for (;;) {
      int left = int(
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count());
      if (left <= 0) return false;
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, left) <= 0) return false;
      char buf[4096];
      ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
      if (n <= 0) return true;
    }
  }

 private:
  int fd_ = -1;
  std::string pending_;  // read past the last read_until's pattern
};

inline int status_of(const std::string& response) {
  if (response.rfind("HTTP/1.1 ", 0) != 0) return 0;
  return std::atoi(response.c_str() + 9);
}

// A header's value in a raw response ("" if absent); names as the server writes them.
inline std::string header_of(const std::string& response, const std::string& name) {
  size_t at = response.find("\r\n" + name + ": ");
  if (at == std::string::npos || at > response.find("\r\n\r\n")) return "";
  at += name.size() + 4;
  return response.substr(at, response.find("\r\n", at) - at);
}

inline std::string body_of(const std::string& response) {
  size_t at = response.find("\r\n\r\n");
  return at == std::string::npos ? "" : response.substr(at + 4);
}

}  // namespace kirin::test
