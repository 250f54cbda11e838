#include "server/http/server.h"

#include <spdlog/logger.h>
#include <sys/resource.h>

#include <boost/asio/strand.hpp>
#include <boost/asio/write.hpp>

#include "server/http/session.h"

namespace kirin::server::http {

namespace net = boost::asio;
using tcp = net::ip::tcp;
using boost::system::error_code;

Server::Server(Handler& handler, Limits limits, size_t io_threads, std::shared_ptr<spdlog::logger> log)
    : handler_(handler),
      limits_(limits),
      io_threads_(std::max<size_t>(io_threads, 1)),
      log_(std::move(log)),
      acceptor_(ioc_),
      accept_retry_(ioc_) {}

Server::~Server() { stop(); }

Result<int> Server::bind(const std::string& host, int port) {
  // Every connection is a file descriptor: raise the soft limit to the hard one, and keep the
  // connection limit below it (with room for the database and the engine).
  rlimit fds{};
  if (getrlimit(RLIMIT_NOFILE, &fds) == 0) {
    if (fds.rlim_cur < fds.rlim_max) {
      fds.rlim_cur = fds.rlim_max;
      setrlimit(RLIMIT_NOFILE, &fds);
      getrlimit(RLIMIT_NOFILE, &fds);
    }
    const size_t usable = fds.rlim_cur > 128 ? size_t(fds.rlim_cur) - 128 : 1;
    if (limits_.connections > usable) {
      if (log_)
        log_->warn("connection limit lowered from {} to {} (open-file limit {})", limits_.connections, usable,
                   fds.rlim_cur);
      limits_.connections = usable;
    }
  }
  error_code ec;
  auto address = net::ip::make_address(host, ec);
  if (ec) return Error{"bad address to listen on '" + host + "': " + ec.message()};
  tcp::endpoint endpoint(address, port);
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(net::socket_base::max_listen_connections, ec);
  if (ec) return Error{"cannot listen on " + host + ":" + std::to_string(port) + ": " + ec.message()};
  return int(acceptor_.local_endpoint().port());
}

void Server::run() {
  accept();
  std::vector<std::thread> threads;
  for (size_t i = 1; i < io_threads_; ++i) threads.emplace_back([this] { ioc_.run(); });
  ioc_.run();
  for (auto& t : threads) t.join();
}

void Server::stop() {
  // Open sessions go with the context, which closes their sockets and tells the counters.
  if (!stopping_.exchange(true)) ioc_.stop();
}

size_t Server::connections() {
  std::lock_guard lock(mu_);
  return connections_;
}

size_t Server::streams() {
  std::lock_guard lock(mu_);
  return streams_;
}

void Server::accept() {
  acceptor_.async_accept(net::make_strand(ioc_), [this](error_code ec, tcp::socket socket) {
    if (stopping_) return;
    if (ec) {
      // Out of file descriptors (or another passing failure): pause rather than spin.
      if (log_) log_->error("accept: {}", ec.message());
      accept_retry_.expires_after(std::chrono::milliseconds(100));
      accept_retry_.async_wait([this](error_code e) {
        if (!e && !stopping_) accept();
      });
      return;
    }
    error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);  // small answers must not wait for ACKs
    std::string client = socket.remote_endpoint(ignored).address().to_string();
    if (!open_connection(client)) {
      refuse(socket, client, "too many connections");
    } else {
      std::make_shared<Session>(std::move(socket), *this, client)->start();
    }
    accept();
  });
}

void Server::refuse(tcp::socket& socket, const std::string& client, const char* why) {
  // A short canned answer, written without waiting: this client gets no session at all.
  const std::string body = std::string("{\"error\":\"") + why + "; try again later\",\"code\":\"busy\"}";
  const std::string msg = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: " +
                          std::to_string(limits_.retry_after.count()) +
                          "\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n"
                          "Content-Length: " +
                          std::to_string(body.size()) + "\r\n\r\n" + body;
  error_code ec;
  socket.non_blocking(true, ec);
  socket.write_some(net::buffer(msg), ec);
  socket.shutdown(tcp::socket::shutdown_both, ec);
  socket.close(ec);
  if (!log_) return;
  // Under attack this happens thousands of times a second: one line a second says enough.
  std::lock_guard lock(mu_);
  auto now = std::chrono::steady_clock::now();
  if (now - last_refusal_log_ < std::chrono::seconds(1)) {
    ++refusals_unlogged_;
    return;
  }
  log_->warn("refused a connection from {}: {} ({} more refused since the last such line)", client, why,
             refusals_unlogged_);
  refusals_unlogged_ = 0;
  last_refusal_log_ = now;
}

bool Server::open_connection(const std::string& client) {
  std::lock_guard lock(mu_);
  if (connections_ >= limits_.connections) return false;
  size_t& mine = per_client_[client];
  if (limits_.connections_per_client && mine >= limits_.connections_per_client) {
    if (mine == 0) per_client_.erase(client);
    return false;
  }
  ++mine;
  ++connections_;
  return true;
}

void Server::close_connection(const std::string& client) {
  std::lock_guard lock(mu_);
  --connections_;
  if (auto it = per_client_.find(client); it != per_client_.end() && --it->second == 0) per_client_.erase(it);
}

std::optional<Server::Refusal> Server::open_stream(const std::string& key, const std::string& client) {
  std::lock_guard lock(mu_);
  if (streams_ >= limits_.streams)
    return Refusal{503, "too many event streams (" + std::to_string(limits_.streams) + ")"};
  size_t& on_key = per_key_streams_[key];
  if (on_key >= limits_.streams_per_game) {
    if (on_key == 0) per_key_streams_.erase(key);
    return Refusal{503, "too many event streams on this game (" + std::to_string(limits_.streams_per_game) + ")"};
  }
  // One address's streams (pages left open, or a script) may not take the server's share.
  size_t& mine = per_client_streams_[client];
  if (limits_.streams_per_client && mine >= limits_.streams_per_client) {
    if (on_key == 0) per_key_streams_.erase(key);
    return Refusal{429, "too many event streams from your address (at most " +
                            std::to_string(limits_.streams_per_client) + "); close some pages"};
  }
  ++mine;
  ++on_key;
  ++streams_;
  return std::nullopt;
}

void Server::close_stream(const std::string& key, const std::string& client) {
  std::lock_guard lock(mu_);
  --streams_;
  if (auto it = per_key_streams_.find(key); it != per_key_streams_.end() && --it->second == 0)
    per_key_streams_.erase(it);
  if (auto it = per_client_streams_.find(client); it != per_client_streams_.end() && --it->second == 0)
    per_client_streams_.erase(it);
}

}  // namespace kirin::server::http
