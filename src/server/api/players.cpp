// /api/players: the leaderboard (?game=&speed=), a player (/NAME), a player's games
// (/NAME/games?page=&game=&result=), and all of them as one record file (?format=kif|pgn).
#include <memory>
#include <stdexcept>

#include "server/api/api.h"
#include "server/api/request.h"
#include "server/api/responses.h"

namespace kirin::server {

namespace bh = boost::beast::http;

namespace {

constexpr int DOWNLOAD_PAGE = 50;  // games read from the store at a time

// Whether records of `game` are written in `format`: KIF for the shogi games, PGN for xiangqi.
bool writes(const std::string& format, const std::string& game) {
  return format == "kif" ? game != "xiangqi" : game == "xiangqi";
}

}  // namespace

http::RouteResult Api::leaderboard(Call& c) {
  const std::string_view target = c.req.target();
  return json_response(env_.players().leaderboard(query_param(target, "game"), query_param(target, "speed")));
}

http::RouteResult Api::player(Call& c) { return json_response(env_.players().profile(c.param(0))); }

http::RouteResult Api::player_games(Call& c) {
  const std::string_view target = c.req.target();
  const std::string name = c.param(0);
  const std::string game = query_param(target, "game"), format = query_param(target, "format");
  if (format.empty()) {
    const std::string page = query_param(target, "page");
    int n = 1;
    if (!page.empty() && (page.size() > 6 || page.find_first_not_of("0123456789") != std::string::npos))
      return error_response(400, "page must be a number");
    if (!page.empty()) n = std::stoi(page);
    return json_response(env_.players().games(name, game, query_param(target, "result"), n));
  }
  if (format != "kif" && format != "pgn") return error_response(400, "format must be kif or pgn");
  if (!game.empty() && !writes(format, game))
    return error_response(400, format == "kif" ? "KIF is for the shogi games" : "PGN is for xiangqi");
  Reply refused;
  auto account = env_.players().account(name, refused);
  if (!account) return json_response(refused);
  http::Response head{bh::status::ok, HTTP_11};
  head.set(bh::field::content_type, format == "kif" ? "text/plain; charset=utf-8" : "application/x-chess-pgn");
  head.set(bh::field::content_disposition, "attachment; filename=\"" + account->name + "." + format + "\"");
  // Streamed: the store is read DOWNLOAD_PAGE games at a time, each game's record written as a
  // piece of its own, so the file is never whole in memory.
  struct Cursor {
    std::vector<GameSummary> page;
    size_t next = 0;
    int offset = 0;
    bool last_page = false;
  };
  auto cursor = std::make_shared<Cursor>();
  const int64_t id = account->id;
  return http::Download{std::move(head), [this, cursor, id, game, format, name](std::string& piece) {
                          for (;;) {
                            if (cursor->next == cursor->page.size()) {
                              if (cursor->last_page) return false;
                              auto page = env_.store().player_games(id, game, "", cursor->offset, DOWNLOAD_PAGE);
                              if (!page) {
                                env_.fail()("listing the games of " + name, page.error());
                                throw std::runtime_error(page.error());
                              }
                              cursor->page = std::move(*page);
                              cursor->next = 0;
                              cursor->offset += DOWNLOAD_PAGE;
                              cursor->last_page = int(cursor->page.size()) < DOWNLOAD_PAGE;
                              continue;
                            }
                            const GameSummary& s = cursor->page[cursor->next++];
                            if (!writes(format, s.header.game) || s.header.waiting()) continue;
                            Reply refused;
                            auto text = env_.rounds().record_text(s.header.id, *parse_record_format(format), refused);
                            if (!text) throw std::runtime_error(refused.why());
                            piece = std::move(*text) + "\n";
                            return true;
                          }
                        }};
}

}  // namespace kirin::server
