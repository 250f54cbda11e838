// /api/games/ID/analysis: a finished game's computer analysis (GameAnalyses): POST asks for it,
// GET follows it and shows it, GET ?format=pgn|kif downloads the annotated record.
#include "server/api/api.h"
#include "server/api/request.h"
#include "server/api/responses.h"

namespace kirin::server {

namespace bh = boost::beast::http;

http::RouteResult Api::game_analysis(Call& c) {
  const http::Request& req = c.req;
  const std::string& client = c.client;
  const std::string id = c.param(0);
  // As the game's other routes: a malformed id is no game.
  if (!is_game_id(id)) return refusal_response(Refusal::NO_GAME, {{"id", id.substr(0, 64)}});
  if (c.post()) {
    if (!game_analyses_.allow(client)) {
      return refusal_response(Refusal::TOO_MANY_GAME_ANALYSES, {{"limit", int(options_.game_analyses_per_minute)}},
                              game_analyses_.retry_after(client));
    }
    // Loading the game replays it, and the store is read: on the workers.
    return offload(client, [this, client, id, session = session_cookie_value(req)] {
      auto keys = share_keys(client, session);
      if (!keys) return json_response(env_.accounts().failed("reading a session", keys.error()));
      Reply r;
      // Each address and account has a share of the queue everyone waits in: what it asked for
      // and is not done does not let it ask for more.
      auto full = waiting_analyses_.ask(
          *keys, id,
          [this](const std::string& game) {
            Reply state = env_.game_analyses().get(game);
            const std::string status = state.body.is_object() ? state.body.value("status", "") : "";
            return state.kind != Reply::DONE || (status != "queued" && status != "running");
          },
          [&] {
            r = env_.game_analyses().request(id);
            return r.kind == Reply::UNDER_WAY;
          });
      if (full) {
        std::string games;
        for (const std::string& g : *full) games += (games.empty() ? "" : ", ") + g;
        return refusal_response(Refusal::GAME_ANALYSES_WAITING, {{"count", full->size()}, {"games", games}}, 60);
      }
      http::Response res = json_response(r);
      // A full queue empties as analyses end: a minute or so each.
      if (r.kind == Reply::BUSY) res.set(bh::field::retry_after, "60");
      return res;
    });
  }
  const std::string format = query_param(req.target(), "format");
  return offload(client, [this, id, format, notation = query_param(req.target(), "notation")] {
    if (format.empty()) return json_response(env_.game_analyses().get(id, notation));
    Reply r = env_.game_analyses().annotated(id, format);
    if (r.kind != Reply::DONE) return json_response(r);
    return file_response("text/plain; charset=utf-8", r.body["text"].get<std::string>(),
                         r.body["filename"].get<std::string>());
  });
}

}  // namespace kirin::server
