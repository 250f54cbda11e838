// libFuzzer target for what a client can send the server: raw bytes through Beast's request
// parser with the server's limits, then the routes (query strings, paths, JSON bodies, tokens,
// ranges) over a game service on an in-memory store. Every answer must be a well-formed
// response: a status, and a JSON error for every API failure.
#include <boost/asio/buffer.hpp>
#include <boost/beast/http/parser.hpp>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <future>
#include <memory>
#include <nlohmann/json.hpp>

#include "server/api/api.h"
#include "server/engine/bot.h"
#include "server/env.h"
#include "server/http/limits.h"
#include "server/store/store.h"

using namespace kirin;
namespace bh = boost::beast::http;

namespace {

server::Api& api() {
  static std::unique_ptr<server::Env> service = [] {
    auto store = server::open_sqlite_store(":memory:");
    if (!store) std::abort();
    return std::make_unique<server::Env>(
        std::move(*store), [] { return server::make_material_bot(1); }, server::ServiceOptions{.engine_queue = 4});
  }();
  static server::Api routes(*service, "", {.analyses_per_minute = 0});
  return routes;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const server::http::Limits limits;
  bh::request_parser<bh::string_body> parser;
  parser.eager(true);
  parser.body_limit(limits.body_bytes);
  parser.header_limit(std::uint32_t(limits.header_bytes));
  boost::beast::error_code ec;
  size_t used = parser.put(boost::asio::buffer(data, size), ec);
  (void)used;
  if (!ec && !parser.is_done()) parser.put_eof(ec);
  if (ec || !parser.is_done()) return 0;
  server::http::Request req = parser.release();
  const std::string target(req.target());  // the routes may take the request away
  server::http::RouteResult result = api().handle(req, "127.0.0.1");
  auto check = [&](const server::http::Response& res) {
    if (res.result_int() < 200 || res.result_int() > 599) std::abort();
    if (target.starts_with("/api/") && res.result_int() >= 400 &&
        !nlohmann::json::parse(res.body(), nullptr, false).contains("error"))
      std::abort();
  };
  // An event stream is started and stopped at once, as a client that leaves.
  auto start_and_stop = [](server::http::EventStream& stream) {
    auto started = stream.start([](std::shared_ptr<const std::string>, const char*) {});
    if (auto* stop = std::get_if<0>(&started)) (*stop)();
  };
  if (auto* res = std::get_if<server::http::Response>(&result)) {
    check(*res);
  } else if (auto* pending = std::get_if<std::shared_ptr<server::http::PendingReply>>(&result)) {
    // Work on the route threads, the request workers or the engine: its answer is awaited (for a
    // while), so that no input's work still runs under the next one's, and checked like the others.
    auto answered = std::make_shared<std::promise<server::http::Answer>>();
    (*pending)->on_response([answered](server::http::Answer a) { answered->set_value(std::move(a)); });
    auto later = answered->get_future();
    if (later.wait_for(std::chrono::seconds(5)) != std::future_status::ready) {
      (*pending)->cancel();
    } else {
      server::http::Answer answer = later.get();
      if (auto* r = std::get_if<server::http::Response>(&answer)) check(*r);
      if (auto* stream = std::get_if<server::http::EventStream>(&answer)) start_and_stop(*stream);
    }
  } else if (auto* stream = std::get_if<server::http::EventStream>(&result)) {
    start_and_stop(*stream);
  }
  return 0;
}
