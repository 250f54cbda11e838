// One client connection: reads requests within the Limits, hands them to the routes, writes
// the answers, and carries an event stream or a later answer while watching for the client to
// go away. Everything of one session runs on its own strand.
#pragma once
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/serializer.hpp>
#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <string>

#include "server/http/exchange.h"

namespace kirin::server::http {

class Server;

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(boost::asio::ip::tcp::socket&& socket, Server& server, std::string client);
  ~Session();
  void start();

 private:
  void wait_for_request();
  void read_request();
  void on_read(boost::beast::error_code ec);
  void dispatch(Request& req);
  void reply(Response res, bool close = false);
  void reply_error(unsigned status, const std::string& message, bool close);
  void start_pending(std::shared_ptr<PendingReply> pending);
  void await_until(const std::shared_ptr<PendingReply>& pending, std::chrono::steady_clock::duration left);
  void start_stream(EventStream stream);
  // The stream's feed started (how to stop it), or refused (the response to send instead).
  void stream_started(std::variant<std::function<void()>, Response> started);
  void start_download(Download download);
  void write_next_piece();
  void watch_for_close();
  void push_event(std::shared_ptr<const std::string> data, const char* event);
  void write_next_event();
  void keep_alive_stream();
  void log_request(unsigned status);
  void close();

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  std::optional<beast_http::request_parser<beast_http::string_body>> parser_;
  Server& server_;
  const std::string client_;  // the peer's address: the per-address connection count
  std::string who_;           // whom the current request is from (client_address)
  bool closed_ = false;
  // The request being answered: for the log line and keep-alive.
  std::string method_, path_;
  std::chrono::steady_clock::time_point started_;
  bool keep_alive_ = true;
  std::shared_ptr<Response> response_;  // alive while it is written
  std::shared_ptr<Download> download_;  // a download under way
  // A later answer.
  std::shared_ptr<PendingReply> pending_;
  boost::asio::steady_timer timer_;  // the later answer's deadline, or the stream's keep-alive
  bool watching_ = false;            // a read that notices the client leaving is under way
  // An event stream.
  bool streaming_ = false;
  std::string stream_event_, stream_key_;
  std::string stream_client_;  // whose stream it is (the per-client count)
  std::function<void()> stop_feed_;
  struct Event {
    std::shared_ptr<const std::string> data;  // null: a keep-alive comment
    std::string line;                         // "event: <name>\ndata: ", "" for the stream's own
  };
  std::deque<Event> events_;  // front: being written
  bool writing_ = false;
  std::shared_ptr<beast_http::response<beast_http::empty_body>> stream_head_;
  std::shared_ptr<beast_http::response_serializer<beast_http::empty_body>> head_writer_;
};

}  // namespace kirin::server::http
