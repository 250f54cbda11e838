// libFuzzer target for a game's chat: the first byte picks the request (a line posted, a room
// read, a line reported); the rest is the JSON body, or the room / line named in the path.
// Through the chat request parser and the routes, as a logged-in player of an open challenge,
// over a service on an in-memory store (no chat limit). A line the parser takes is trimmed,
// 1-140 characters and free of control characters; every answer is a well-formed JSON response,
// and a line accepted comes back as the same text.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <nlohmann/json.hpp>

#include "fuzz_api.h"
#include "fuzz_common.h"
#include "server/api/api.h"
#include "server/engine/bot.h"
#include "server/env.h"
#include "server/play/chat_text.h"
#include "server/store/store.h"

using namespace kirin;
namespace bh = boost::beast::http;

namespace {

server::http::Request request(bh::verb verb, const std::string& target, const std::string& body,
                              const std::string& cookie) {
  server::http::Request req{verb, target, 11};
  req.set(bh::field::host, "kirin.example");
  req.set(bh::field::origin, "http://kirin.example");
  req.set(bh::field::content_type, "application/json");
  if (!cookie.empty()) req.set(bh::field::cookie, cookie);
  req.body() = body;
  req.prepare_payload();
  return req;
}

struct Site {
  std::unique_ptr<server::Env> service;
  std::unique_ptr<server::Api> api;
  std::string cookie, game;
};

Site& site() {
  static Site s = [] {
    Site made;
    auto store = server::open_sqlite_store(":memory:");
    if (!store) std::abort();
    server::ServiceOptions options{.engine_queue = 4};
    options.accounts.password_cost = server::PasswordCost::MINIMAL;
    options.chat.burst = 0;  // no limit: every input reaches the store
    made.service = std::make_unique<server::Env>(
        std::move(*store), [] { return server::make_material_bot(1); }, options);
    made.api = std::make_unique<server::Api>(*made.service, "",
                                             server::ApiOptions{.analyses_per_minute = 0, .signups_per_hour = 0});
    auto signup = request(bh::verb::post, "/api/account/signup", R"({"name":"fuzzer","password":"password1"})", "");
    auto res = fuzz::answer_of(made.api->handle(signup, "127.0.0.1"));
    if (!res) std::abort();
    const std::string set = std::string((*res)[bh::field::set_cookie]);
    made.cookie = set.substr(0, set.find(';'));
    auto create = request(bh::verb::post, "/api/games", R"({"game":"xiangqi","opponent":{"kind":"human","open":true}})",
                          made.cookie);
    // A new game is made on the request workers: its answer comes later.
    auto created = fuzz::answer_of(made.api->handle(create, "127.0.0.1"));
    if (!created) std::abort();
    made.game = nlohmann::json::parse(created->body())["id"];
    return made;
  }();
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  Site& s = site();
  const int kind = data[0] % 3;
  const std::string rest = fuzz::text_after_selector(data, size);
  if (rest.size() > 4096) return 0;
  const std::string base = "/api/games/" + s.game + "/chat";
  auto parsed = nlohmann::json::parse(rest, nullptr, false);
  std::optional<std::string> taken;
  if (kind == 0 && parsed.is_object()) {
    if (auto r = server::parse_chat_request(parsed)) {
      const std::string& t = r->text;
      fuzz::require(!t.empty() && t.front() != ' ' && t.back() != ' ', "a line is trimmed and not empty");
      size_t chars = 0;
      for (unsigned char c : t) {
        fuzz::require(c >= 0x20 && c != 0x7f, "no control characters");
        if ((c & 0xC0) != 0x80) ++chars;
      }
      fuzz::require(chars <= server::CHAT_MAX_CHARS, "at most 140 characters");
      fuzz::require(server::is_chat_room(r->room), "a room");
      if (r->room == "players") taken = t;
    }
  }
  // A path segment with a byte a request line cannot carry is no request.
  if (kind != 0 && rest.find_first_of(" \r\n\t?#/%") != std::string::npos) return 0;
  server::http::Request req = kind == 0   ? request(bh::verb::post, base, rest, s.cookie)
                              : kind == 1 ? request(bh::verb::get, base + "?room=" + rest, "", s.cookie)
                                          : request(bh::verb::post, base + "/" + rest + "/report", "{}", s.cookie);
  // Answered on the route threads: awaited, as the transport would.
  const auto got = fuzz::answer_of(s.api->handle(req, "127.0.0.1"));
  fuzz::require(got.has_value(), "a chat route answers");
  const server::http::Response* res = &*got;
  fuzz::require(res->result_int() >= 200 && res->result_int() <= 599, "a status");
  auto answer = nlohmann::json::parse(res->body(), nullptr, false);
  fuzz::require(answer.is_object(), "a JSON object");
  if (res->result_int() >= 400) fuzz::require(answer.contains("error"), "an error says why");
  if (taken) {
    fuzz::require(res->result_int() == 201, "a line the parser takes is posted by a player");
    fuzz::require(answer["line"]["text"] == *taken, "the line comes back as written");
  }
  return 0;
}
