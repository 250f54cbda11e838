// What the HTTP transport and the routes say to each other. A route answers a request with a
// response now, a response later (engine work), or an event stream; the transport owns the
// connection, its limits and its timing, and knows nothing of games.
#pragma once
#include <boost/beast/http.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <variant>

namespace kirin::server::http {

namespace beast_http = boost::beast::http;
using Request = beast_http::request<beast_http::string_body>;
using Response = beast_http::response<beast_http::string_body>;

// An event stream (text/event-stream): each piece of data given to the sink is sent as one
// event with that data, named `event` (a string literal) or else the stream's name; the stream
// ends when the client goes away.
using EventSink = std::function<void(std::shared_ptr<const std::string> data, const char* event)>;
struct EventStream {
  std::string event;  // the event name, e.g. "state"
  std::string key;    // what the per-key limit counts (a game id)
  // Starts the feed into `sink`; returns how to stop it, or an error response.
  std::function<std::variant<std::function<void()>, Response>(EventSink sink)> start;
  // Where `start` runs, when it may read the store: given the call, queues it on another thread
  // and returns nullopt, or refuses it with the response to send. Unset: on the transport's
  // thread, so `start` must be quick.
  std::function<std::optional<Response>(std::function<void()> call)> run;
};

// A download written as it is made (chunked transfer encoding), so that a large one (all of a
// player's games) is never whole in memory: `head` is the status and the headers (its body is
// not sent); `next` puts the next piece in `piece` and returns true, or returns false when there
// is no more. It runs on the transport's thread between writes, so each piece is a small work. If
// it throws, the connection is closed without the last chunk: the client knows it is cut short.
struct Download {
  Response head;
  std::function<bool(std::string& piece)> next;
};

// What a route gives later: a response, or an event stream or download to start then.
using Answer = std::variant<Response, EventStream, Download>;

// An answer that a route gives later, from any thread (work on the request workers, engine
// work). The transport waits for it until `deadline`, and cancels it when the client goes away
// or the deadline passes. Following another reply takes that one's deadline, counted from then:
// an analysis given 60 s gets them from when its route started it, whatever the queue took.
class PendingReply : public std::enable_shared_from_this<PendingReply> {
 public:
  explicit PendingReply(std::chrono::steady_clock::duration deadline, std::function<void()> on_cancel)
      : deadline_(deadline), on_cancel_(std::move(on_cancel)) {}
  std::chrono::steady_clock::duration deadline() const { return deadline_; }
  // The route's side: gives the response (only the first call counts).
  void fulfil(Answer a);
  // The transport's side: where the response goes (called at most once, maybe at once).
  void on_response(std::function<void(Answer)> deliver);
  // The transport's side: nobody will take the response any more.
  void cancel();
  // The transport's side: called when the deadline is set anew (see follow()), with the time
  // left from then.
  void on_new_deadline(std::function<void(std::chrono::steady_clock::duration)> rearm);
  // The route's side: this one's answer is `inner`'s (work that queued more work), and
  // cancelling this one cancels it.
  void follow(std::shared_ptr<PendingReply> inner);

 private:
  std::mutex mu_;
  const std::chrono::steady_clock::duration deadline_;
  std::function<void()> on_cancel_;
  std::function<void(Answer)> deliver_;
  std::function<void(std::chrono::steady_clock::duration)> rearm_;
  // A deadline set by follow() before the transport asked to hear of one.
  std::optional<std::chrono::steady_clock::time_point> renewed_;
  std::unique_ptr<Answer> early_;        // an answer given before the transport was ready
  std::shared_ptr<PendingReply> inner_;  // see follow()
  bool done_ = false;
};

using RouteResult = std::variant<Response, std::shared_ptr<PendingReply>, EventStream, Download>;

// The routes of a server. Called on the transport's threads; must not block for long.
class Handler {
 public:
  virtual ~Handler() = default;
  // `client`: the peer's address.
  virtual RouteResult handle(Request& request, const std::string& client) = 0;
};

}  // namespace kirin::server::http
