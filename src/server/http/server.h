// The HTTP/1.1 transport of `kirin serve`: Boost.Beast over Asio. A few I/O threads hold every
// connection; an event stream or a slow client costs a session object and a socket, not a
// thread. It enforces the Limits (sizes, times, connections and streams per client and in all),
// adds the security headers to every response and writes the access log.
#pragma once
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "core/result.h"
#include "server/http/exchange.h"
#include "server/http/limits.h"

namespace spdlog {
class logger;
}

namespace kirin::server::http {

class Session;

class Server {
 public:
  // `log` may be null: then nothing is logged.
  Server(Handler& handler, Limits limits, size_t io_threads, std::shared_ptr<spdlog::logger> log);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds; port 0 picks a free one. The port bound, or why none could be.
  Result<int> bind(const std::string& host, int port);
  void run();   // serves until stop(), on the calling thread and io_threads - 1 more
  void stop();  // from any thread

  size_t connections();
  size_t streams();

 private:
  friend class Session;
  void accept();
  void refuse(boost::asio::ip::tcp::socket& socket, const std::string& client, const char* why);
  bool open_connection(const std::string& client);
  void close_connection(const std::string& client);
  // Counts a new event stream on `key` for `client`, or says why it may not open (503 for the
  // server's or a game's limit, 429 for the client's own).
  struct Refusal {
    unsigned status;
    std::string why;
  };
  std::optional<Refusal> open_stream(const std::string& key, const std::string& client);
  void close_stream(const std::string& key, const std::string& client);

  Handler& handler_;
  Limits limits_;
  const size_t io_threads_;
  std::shared_ptr<spdlog::logger> log_;
  std::mutex mu_;
  std::unordered_map<std::string, size_t> per_client_;
  std::unordered_map<std::string, size_t> per_key_streams_;
  std::unordered_map<std::string, size_t> per_client_streams_;
  size_t connections_ = 0, streams_ = 0;
  std::chrono::steady_clock::time_point last_refusal_log_{};
  size_t refusals_unlogged_ = 0;
  std::atomic<bool> stopping_{false};
  // Last, so that they go first: the sessions they own tell the counters above as they go.
  boost::asio::io_context ioc_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer accept_retry_;
};

}  // namespace kirin::server::http
