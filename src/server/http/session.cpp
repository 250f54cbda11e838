#include "server/http/session.h"

#include <spdlog/logger.h>

#include <array>
#include <boost/asio/buffer.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/http/chunk_encode.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>

#include "server/http/client_address.h"
#include "server/http/error_codes.h"
#include "server/http/security_headers.h"
#include "server/http/server.h"

namespace kirin::server::http {

namespace net = boost::asio;
namespace beast = boost::beast;
using beast::error_code;

namespace {

// A JSON object for a message made here (no client bytes in it but its numbers).
std::string json_error(unsigned status, const std::string& message) {
  std::string out = "{\"error\":\"";
  for (char c : message) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\",\"code\":\"" + code_of_status(status) + "\"}";
}

}  // namespace

Session::Session(net::ip::tcp::socket&& socket, Server& server, std::string client)
    : stream_(std::move(socket)), server_(server), client_(std::move(client)), timer_(stream_.get_executor()) {}

Session::~Session() {
  if (stop_feed_) stop_feed_();
  if (pending_) pending_->cancel();
  if (streaming_) server_.close_stream(stream_key_, stream_client_);
  server_.close_connection(client_);
}

void Session::start() {
  net::post(stream_.get_executor(), [self = shared_from_this()] { self->wait_for_request(); });
}

void Session::close() {
  if (closed_) return;
  closed_ = true;
  timer_.cancel();
  if (stop_feed_) {
    stop_feed_();
    stop_feed_ = nullptr;
  }
  if (pending_) {
    pending_->cancel();
    pending_ = nullptr;
  }
  download_ = nullptr;
  error_code ec;
  stream_.socket().shutdown(net::ip::tcp::socket::shutdown_both, ec);
  stream_.close();
}

// Between requests a connection may idle for idle_timeout; once a request's first byte is in,
// the whole request must arrive within request_timeout, so a slow sender is dropped.
void Session::wait_for_request() {
  if (closed_) return;
  if (buffer_.size() > 0) return read_request();
  // A kept-alive connection gives back what its last request grew.
  if (buffer_.capacity() > 8192) buffer_ = beast::flat_buffer();
  stream_.expires_after(server_.limits_.idle_timeout);
  stream_.async_read_some(buffer_.prepare(1024), [self = shared_from_this()](error_code ec, size_t n) {
    if (ec) return self->close();
    self->buffer_.commit(n);
    self->read_request();
  });
}

void Session::read_request() {
  parser_.emplace();
  parser_->body_limit(server_.limits_.body_bytes);
  parser_->header_limit(std::uint32_t(server_.limits_.header_bytes));
  started_ = std::chrono::steady_clock::now();
  stream_.expires_after(server_.limits_.request_timeout);
  beast_http::async_read(stream_, buffer_, *parser_,
                         [self = shared_from_this()](error_code ec, size_t) { self->on_read(ec); });
}

void Session::on_read(error_code ec) {
  if (closed_) return;
  const Limits& limits = server_.limits_;
  method_ = "-";
  path_ = "-";
  if (parser_->is_header_done()) {
    method_ = std::string(parser_->get().method_string());
    std::string_view target = parser_->get().target();
    path_ = std::string(target.substr(0, target.find('?')));
  }
  if (ec == beast_http::error::body_limit)
    return reply_error(413, "request body larger than " + std::to_string(limits.body_bytes) + " bytes", true);
  if (ec == beast_http::error::header_limit)
    return reply_error(431, "request header larger than " + std::to_string(limits.header_bytes) + " bytes", true);
  if (ec == beast::error::timeout) {
    // Nothing can be written to a client that is still sending; the log says who it was.
    log_request(408);
    return close();
  }
  if (ec == beast_http::error::end_of_stream || ec == net::error::eof || ec == net::error::connection_reset)
    return close();
  if (ec) return reply_error(400, "bad request: " + ec.message(), true);
  stream_.expires_never();
  Request req = parser_->release();
  parser_.reset();
  size_t fields = std::distance(req.begin(), req.end());
  if (fields > limits.header_count)
    return reply_error(
        431,
        "too many header fields (" + std::to_string(fields) + ", at most " + std::to_string(limits.header_count) + ")",
        true);
  keep_alive_ = req.keep_alive();
  who_ = client_address(req, client_, server_.limits_.trusted_proxies);
  drop_forged_forwarding(req, client_, server_.limits_.trusted_proxies);
  dispatch(req);
}

void Session::dispatch(Request& req) {
  RouteResult result;
  try {
    result = server_.handler_.handle(req, who_);
  } catch (const std::exception& e) {
    if (server_.log_) server_.log_->error("{} {}: {}", method_, path_, e.what());
    return reply_error(500, std::string("internal error: ") + e.what(), false);
  }
  if (auto* res = std::get_if<Response>(&result)) return reply(std::move(*res));
  if (auto* pending = std::get_if<std::shared_ptr<PendingReply>>(&result)) return start_pending(std::move(*pending));
  if (auto* download = std::get_if<Download>(&result)) return start_download(std::move(*download));
  start_stream(std::move(std::get<EventStream>(result)));
}

void Session::reply_error(unsigned status, const std::string& message, bool close_after) {
  Response res{beast_http::status(status), 11};
  res.set(beast_http::field::content_type, "application/json");
  res.set(beast_http::field::cache_control, "no-store");
  if (status == 503) res.set(beast_http::field::retry_after, std::to_string(server_.limits_.retry_after.count()));
  res.body() = json_error(status, message);
  if (status >= 500 && status != 503 && server_.log_) server_.log_->error("{} {}: {}", method_, path_, message);
  reply(std::move(res), close_after);
}

void Session::reply(Response res, bool close_after) {
  if (closed_) return;
  const bool close = close_after || !keep_alive_ || server_.stopping_;
  res.keep_alive(!close);
  if (res.result() == beast_http::status::service_unavailable && res.find(beast_http::field::retry_after) == res.end())
    res.set(beast_http::field::retry_after, std::to_string(server_.limits_.retry_after.count()));
  add_security_headers(res);
  res.prepare_payload();
  if (method_ == "HEAD") res.body().clear();  // the length of what a GET would get, no body
  log_request(res.result_int());
  response_ = std::make_shared<Response>(std::move(res));
  stream_.expires_after(server_.limits_.write_timeout);
  beast_http::async_write(stream_, *response_, [self = shared_from_this(), close](error_code ec, size_t) {
    self->response_ = nullptr;
    self->stream_.expires_never();
    if (ec || close) return self->close();
    self->wait_for_request();
  });
}

void Session::log_request(unsigned status) {
  if (!server_.log_) return;
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started_).count();
  server_.log_->info("{} {} {} {:.1f}ms {}", method_, path_, status, ms, who_.empty() ? client_ : who_);
}

// While an answer is prepared elsewhere or an event stream runs, one read on the bare socket
// (outside the stream's timeouts) notices the client closing. Bytes that arrive (a pipelined
// request) wait in the buffer for their turn.
void Session::watch_for_close() {
  if (watching_ || closed_) return;
  if (buffer_.size() >= server_.limits_.header_bytes) return close();
  watching_ = true;
  stream_.socket().async_read_some(buffer_.prepare(1024), [self = shared_from_this()](error_code ec, size_t n) {
    self->watching_ = false;
    if (ec == net::error::operation_aborted) return;
    if (ec) return self->close();
    self->buffer_.commit(n);
    // A client of an event stream has nothing to say: talking is leaving.
    if (self->streaming_) return self->close();
    if (self->pending_) self->watch_for_close();
  });
}

void Session::start_pending(std::shared_ptr<PendingReply> pending) {
  pending_ = pending;
  await_until(pending, pending->deadline());
  std::weak_ptr<Session> weak = shared_from_this();
  auto executor = stream_.get_executor();
  std::weak_ptr<PendingReply> weak_pending = pending;  // the reply keeps this closure
  pending->on_new_deadline([weak, executor, weak_pending](std::chrono::steady_clock::duration left) {
    net::post(executor, [weak, weak_pending, left] {
      auto self = weak.lock();
      auto pending = weak_pending.lock();
      if (self && pending && self->pending_ == pending) self->await_until(pending, left);
    });
  });
  pending->on_response([weak, executor, pending](Answer answer) {
    net::post(executor, [weak, pending, answer = std::move(answer)]() mutable {
      auto self = weak.lock();
      if (!self || self->pending_ != pending) return;
      self->pending_ = nullptr;
      self->timer_.cancel();
      // A stream keeps the read that notices the client leaving; a response or a download
      // reads the next request once written.
      if (auto* stream = std::get_if<EventStream>(&answer)) return self->start_stream(std::move(*stream));
      if (self->watching_) {
        error_code ignored;
        self->stream_.socket().cancel(ignored);
      }
      if (auto* download = std::get_if<Download>(&answer)) return self->start_download(std::move(*download));
      self->reply(std::move(std::get<Response>(answer)));
    });
  });
  watch_for_close();
}

// (Re)arms the deadline: setting the timer anew aborts the wait it had.
void Session::await_until(const std::shared_ptr<PendingReply>& pending, std::chrono::steady_clock::duration left) {
  timer_.expires_after(left);
  timer_.async_wait([self = shared_from_this(), pending](error_code ec) {
    if (ec || self->pending_ != pending) return;
    self->pending_ = nullptr;
    pending->cancel();
    self->reply_error(503, "no answer in time; try again", false);
  });
}

void Session::start_stream(EventStream stream) {
  if (auto refused = server_.open_stream(stream.key, who_)) return reply_error(refused->status, refused->why, false);
  stream_client_ = who_;
  streaming_ = true;
  stream_key_ = stream.key;
  stream_event_ = "event: " + stream.event + "\ndata: ";
  std::weak_ptr<Session> weak = shared_from_this();
  auto executor = stream_.get_executor();
  EventSink sink = [weak, executor](std::shared_ptr<const std::string> data, const char* event) {
    net::post(executor, [weak, data = std::move(data), event]() mutable {
      if (auto self = weak.lock()) self->push_event(std::move(data), event);
    });
  };
  if (!stream.run) return stream_started(stream.start(std::move(sink)));
  // Started elsewhere (it reads the store): the events it sends meanwhile wait for the head.
  auto refused = stream.run([weak, executor, start = std::move(stream.start), sink = std::move(sink)] {
    auto started = start(sink);
    net::post(executor, [weak, started = std::move(started)]() mutable {
      if (auto self = weak.lock()) return self->stream_started(std::move(started));
      if (auto* stop = std::get_if<std::function<void()>>(&started)) (*stop)();  // the client left meanwhile
    });
  });
  if (refused) return stream_started(std::move(*refused));
  watch_for_close();
}

void Session::stream_started(std::variant<std::function<void()>, Response> started) {
  if (closed_) {
    if (auto* stop = std::get_if<std::function<void()>>(&started)) (*stop)();
    return;
  }
  if (auto* refusal = std::get_if<Response>(&started)) {
    streaming_ = false;
    server_.close_stream(stream_key_, stream_client_);
    events_.clear();
    if (watching_) {
      error_code ignored;
      stream_.socket().cancel(ignored);
    }
    return reply(std::move(*refusal));
  }
  stop_feed_ = std::move(std::get<0>(started));
  stream_head_ = std::make_shared<beast_http::response<beast_http::empty_body>>(beast_http::status::ok, 11);
  stream_head_->set(beast_http::field::content_type, "text/event-stream");
  stream_head_->set(beast_http::field::cache_control, "no-store");
  stream_head_->set("X-Accel-Buffering", "no");  // nginx: pass each event on at once
  add_security_headers(*stream_head_);
  stream_head_->chunked(true);
  log_request(200);
  head_writer_ = std::make_shared<beast_http::response_serializer<beast_http::empty_body>>(*stream_head_);
  writing_ = true;
  stream_.expires_after(server_.limits_.write_timeout);
  beast_http::async_write_header(stream_, *head_writer_, [self = shared_from_this()](error_code ec, size_t) {
    self->writing_ = false;
    self->stream_.expires_never();
    if (ec) return self->close();
    self->keep_alive_stream();
    self->write_next_event();
  });
  watch_for_close();
}

void Session::start_download(Download download) {
  // A HEAD gets the headers only.
  if (method_ == "HEAD") return reply(std::move(download.head));
  download_ = std::make_shared<Download>(std::move(download));
  auto head = std::make_shared<beast_http::response<beast_http::empty_body>>(download_->head.result(), 11);
  for (const auto& field : download_->head) head->set(field.name_string(), field.value());
  head->keep_alive(keep_alive_ && !server_.stopping_);
  add_security_headers(*head);
  head->chunked(true);
  log_request(head->result_int());
  auto writer = std::make_shared<beast_http::response_serializer<beast_http::empty_body>>(*head);
  stream_.expires_after(server_.limits_.write_timeout);
  beast_http::async_write_header(stream_, *writer, [self = shared_from_this(), head, writer](error_code ec, size_t) {
    self->stream_.expires_never();
    if (ec) return self->close();
    self->write_next_piece();
  });
}

void Session::write_next_piece() {
  if (closed_ || !download_) return;
  auto piece = std::make_shared<std::string>();
  bool more = true;
  try {
    // An empty piece would be read as the last chunk: pieces are asked for until one has bytes.
    while (piece->empty() && (more = download_->next(*piece))) {
    }
  } catch (const std::exception& e) {
    if (server_.log_) server_.log_->error("{} {}: download cut short: {}", method_, path_, e.what());
    return close();
  }
  stream_.expires_after(server_.limits_.write_timeout);
  if (!more) {
    net::async_write(stream_, beast_http::make_chunk_last(), [self = shared_from_this()](error_code ec, size_t) {
      self->download_ = nullptr;
      self->stream_.expires_never();
      if (ec || !self->keep_alive_ || self->server_.stopping_) return self->close();
      self->wait_for_request();
    });
    return;
  }
  net::async_write(stream_, beast_http::make_chunk(net::buffer(*piece)),
                   [self = shared_from_this(), piece](error_code ec, size_t) {
                     self->stream_.expires_never();
                     if (ec) return self->close();
                     self->write_next_piece();
                   });
}

void Session::push_event(std::shared_ptr<const std::string> data, const char* event) {
  if (closed_ || !data) return;
  // Each event is a whole state, so a reader that falls behind loses stale ones, not memory.
  if (events_.size() >= server_.limits_.stream_backlog) events_.erase(events_.begin() + (writing_ ? 1 : 0));
  events_.push_back({std::move(data), event ? std::string("event: ") + event + "\ndata: " : std::string()});
  write_next_event();
}

void Session::write_next_event() {
  if (writing_ || events_.empty() || closed_ || !head_writer_) return;
  writing_ = true;
  // The data is shared by every watcher of the game: it is written in place, between this
  // stream's event line and the blank line that ends an event. No data: a keep-alive comment.
  static const std::string END = "\n\n", COMMENT = ": keep-alive\n\n";
  const Event& e = events_.front();
  std::array<net::const_buffer, 3> parts{net::buffer(e.line.empty() ? stream_event_ : e.line), net::const_buffer(),
                                         net::buffer(END)};
  if (e.data)
    parts[1] = net::buffer(*e.data);
  else
    parts = {net::buffer(COMMENT), net::const_buffer(), net::const_buffer()};
  stream_.expires_after(server_.limits_.write_timeout);
  net::async_write(stream_, beast_http::make_chunk(parts), [self = shared_from_this()](error_code ec, size_t) {
    self->writing_ = false;
    self->stream_.expires_never();
    if (ec) return self->close();
    self->events_.pop_front();
    self->write_next_event();
  });
}

void Session::keep_alive_stream() {
  timer_.expires_after(server_.limits_.stream_keepalive);
  timer_.async_wait([self = shared_from_this()](error_code ec) {
    if (ec || self->closed_) return;
    if (!self->writing_ && self->events_.empty()) self->events_.push_back({nullptr, ""});
    self->write_next_event();
    self->keep_alive_stream();
  });
}

}  // namespace kirin::server::http
