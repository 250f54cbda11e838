// The routes of `kirin serve` (docs/api.md): the JSON API over the server's concerns (Env),
// event streams of a game's state, and the built web UI. Each resource has its file here; they
// translate between HTTP and the concerns, and know neither the transport nor the store.
#pragma once
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "server/api/idempotency.h"
#include "server/api/request.h"
#include "server/api/shares.h"
#include "server/env.h"
#include "server/http/exchange.h"
#include "server/http/rate_limiter.h"
#include "server/http/route_table.h"
#include "server/http/static_files.h"
#include "server/problems/puzzle_set.h"
#include "server/workers.h"

namespace kirin::server {

struct ApiOptions {
  double analyses_per_minute = 20;  // per client address (0: no limit)
  double analysis_burst = 5;
  // Live analyses (event streams) one address, and one account wherever it logs in from, may hold
  // open at once; each ends by itself after analysis_timeout, and an analysis board opens a new
  // one for every move tried.
  int live_analyses_per_client = 3;
  std::chrono::seconds analysis_timeout{60};
  double renders_per_minute = 30;  // print sets and diagrams per client address (0: no limit)
  // Problems made and moves judged in them (the mate solver's work) per client address.
  double problems_per_minute = 30;
  std::shared_ptr<const PuzzleSets> puzzles;  // null: no puzzles
  // New accounts per client address (each costs an Argon2id hash and a name for good).
  double signups_per_hour = 10;
  // Requests for the computer analysis of a game per client address (0: no limit).
  double game_analyses_per_minute = 6;
  double game_analysis_burst = 3;
  // Computer analyses of games one address (and one account) may have waiting or running in the
  // queue everyone shares (0: no limit): a long game holds its place for minutes.
  int game_analyses_waiting_per_client = 2;
  // New games (POST /api/games: against Kirin, challenges, imports) per client address, and
  // per account wherever it logs in from, half of them at once (0: no limit). Each is a stored
  // game, kept for good.
  double games_per_minute = 20;
  // The threads that read, replay, create and save games for the requests (server/workers.h),
  // and how long a request may wait for them.
  WorkersOptions workers;
  std::chrono::seconds work_timeout{30};
  // The threads that answer the routes that may touch the store (a session lookup, an
  // idempotency key, a chat line) and start their event streams, in turn across addresses. No
  // per-address share: each connection has one request at a time, so an address's connection
  // limit bounds what it queues here.
  WorkersOptions routes{2, 16'000, 0};
};

// One request as its route sees it: the parameters are the route pattern's, in order.
struct Call {
  http::Request& req;
  const std::string& client;
  const std::string& path;
  const nlohmann::json& body;
  std::vector<std::string_view> params;
  std::string param(size_t i) const { return std::string(params.at(i)); }
  // The path's last segment ("move" of /api/games/ID/move, and of .../move/: the table reads a
  // trailing slash as no segment).
  std::string_view last() const {
    std::string_view p = path;
    if (p.size() > 1 && p.back() == '/') p.remove_suffix(1);
    return p.substr(p.rfind('/') + 1);
  }
  bool post() const { return req.method() == boost::beast::http::verb::post; }
};

class Api final : public http::Handler {
 public:
  // `web_dir` holds the built UI (index.html and assets); may be "" or missing.
  Api(Env& env, std::string web_dir, ApiOptions options = {});
  http::RouteResult handle(http::Request& req, const std::string& client) override;

  // The account the request's session cookie logs in, if any (account.cpp): for any route.
  Result<std::optional<Account>> account_of(const http::Request& req);
  // Who the request comes from: its seat token and its account.
  Result<Caller> caller_of(const http::Request& req, const nlohmann::json& body);

 private:
  // The routes, each a method set, a pattern and one of the handlers below (routes.cpp).
  using Route = http::RouteResult (Api::*)(Call&);
  static http::RouteTable<Route> route_table();

  // /api/health and /api/variants (api.cpp).
  http::RouteResult health(Call& c);
  http::RouteResult variants(Call& c);
  // /api/account[/VERB] (account.cpp): who am I, sign up, log in and out, the password, closing.
  http::RouteResult account_me(Call& c);
  http::RouteResult logout(Call& c);
  http::RouteResult signup(Call& c);
  http::RouteResult login(Call& c);
  http::RouteResult change_password(Call& c);
  http::RouteResult close_account(Call& c);
  // /api/account/preferences (account.cpp): GET reads them, POST changes some.
  http::RouteResult preferences(Call& c);
  // The account routes' common door: a login from another site refused, the body read.
  std::optional<http::Response> account_request(Call& c, AccountRequest& request);
  // The same for a route that needs an account: also the account the session logs in.
  std::optional<http::Response> logged_in(Call& c, AccountRequest& request, Account& account);
  static bool has_session_cookie(const http::Request& req);
  static std::string session_cookie_value(const http::Request& req);
  // The keys a visitor's shares are counted under: its address, and "account N" when `session`
  // logs in (a store read).
  Result<std::vector<std::string>> share_keys(const std::string& client, const std::string& session);
  // Whose Idempotency-Key a request's is: its session, else the seat token it carries ("" none).
  static std::string request_owner(const http::Request& req);
  // The site's own origin, as the browser that sent `req` names it.
  static std::string site_of(const http::Request& req);
  // Whether `req` says it comes from a page of the site (its Origin, else its Referer).
  static bool same_origin(const http::Request& req);
  // 403 for a player of game `of` while it is being played between two people; nullopt when the
  // caller may have engine help (no game named, a spectator, a game against Kirin, one that ended).
  std::optional<http::Response> refuse_engine_help(const http::Request& req, const std::string& of,
                                                   const nlohmann::json& body);
  // handle(), where it is answered (on the route threads for most of /api/).
  http::RouteResult respond(http::Request& req, const std::string& client, const std::string& path);
  // route() with its bad requests answered as 400s.
  http::RouteResult answer(http::Request& req, const std::string& client, const std::string& path);
  http::RouteResult route(http::Request& req, const std::string& client, const std::string& path);
  // /api/games (games.cpp): the recent games, a new game. /api/games/ID[/VERB]: a game shown,
  // followed, joined, declined, rematched, acted on, its record. Everything that reads, replays
  // or saves a game runs on the workers (offload).
  http::RouteResult recent_games(Call& c);
  http::RouteResult new_game(Call& c);
  http::RouteResult game(Call& c);
  http::RouteResult game_record(Call& c);
  http::RouteResult game_events(Call& c);
  http::RouteResult join(Call& c);
  http::RouteResult decline(Call& c);
  http::RouteResult rematch(Call& c);
  http::RouteResult act(Call& c);  // move, resign, draw, takeback, impasse, abort, cancel
  // Who asks of the game the path names (its first parameter): a seat's token, an account, or
  // nobody (a spectator); the refusal for a malformed id or a failed session read.
  std::optional<http::Response> game_caller(Call& c, Caller& who);
  // /api/tournaments[/ID[/VERB]] (tournaments.cpp): the events listed and made; one shown, joined,
  // left, started, streamed, reported.
  http::RouteResult tournaments(Call& c);
  http::RouteResult tournament(Call& c);
  http::RouteResult tournament_events(Call& c);
  http::RouteResult account_tournaments(Call& c);
  // Who asks, for the tournament routes: a change needs a session (from this site's page, as
  // every POST with a session does: respond()).
  std::optional<http::Response> tournament_caller(Call& c, Caller& who);
  // /api/lobby[/events] (lobby.cpp).
  http::RouteResult lobby(Call& c);
  http::RouteResult lobby_events(Call& c);
  // /api/players[/NAME[/games]] (players.cpp): the leaderboard, a player, a player's games.
  http::RouteResult leaderboard(Call& c);
  http::RouteResult player(Call& c);
  http::RouteResult player_games(Call& c);
  // /api/games/ID/chat[/LINE/report] (chat.cpp): a game's chat rooms and reports.
  http::RouteResult chat(Call& c);
  http::RouteResult report_chat(Call& c);
  // /api/account/events|challenges|games (chat.cpp): the challenges to the logged-in player and
  // the games where it is their move.
  http::RouteResult account_waiting(Call& c);
  // An event stream whose start runs on the route threads for `client` (it may read the store).
  using StreamStart = std::function<std::variant<std::function<void()>, http::Response>(http::EventSink)>;
  http::EventStream stream(std::string event, std::string key, StreamStart start, const std::string& client);
  // /api/games/ID/analysis (game_analyses.cpp): a finished game's computer analysis, asked for,
  // followed, and downloaded as an annotated record.
  http::RouteResult game_analysis(Call& c);
  // POST /api/analyse: Kirin's analysis of a position, answered once (analysis.cpp).
  http::RouteResult analyse(Call& c);
  // GET /api/positions: the positions along a line of moves, for the analysis board.
  http::RouteResult positions(Call& c);
  // GET /api/analysis/events: Kirin's live analysis as an event stream.
  http::RouteResult analysis_stream(Call& c);
  // /api/print and /api/diagram: print-and-play PDFs and position diagrams (src/draw), drawn
  // here and rate-limited: a diagram takes a few ms, a set a few hundred, so sets are kept once
  // drawn (drawings.cpp).
  http::RouteResult drawing(Call& c);
  http::Response print_set(const http::Request& req);
  http::Response diagram(const http::Request& req);
  // /api/rules/GAME/pieces and /api/rules/GAME/diagram (rules.cpp): the piece guide's data and
  // one piece's movement diagram. Not rate-limited: each diagram is drawn once and kept.
  http::RouteResult rules(Call& c);
  // /api/problems[/ID[/solution|/try]] (problems.cpp).
  http::RouteResult new_problem(Call& c);
  http::RouteResult problem(Call& c);
  http::RouteResult problem_solution(Call& c);
  http::RouteResult try_problem(Call& c);
  // The mate solver's work is limited per address, like analyses: the refusal, or nullopt.
  std::optional<http::Response> problem_work_limited(const std::string& client);
  // /api/puzzles[/GAME/N[/solution|/move]] (puzzles.cpp).
  http::RouteResult puzzle_counts(Call& c);
  http::RouteResult puzzle(Call& c);
  http::RouteResult puzzle_solution(Call& c);
  http::RouteResult puzzle_move(Call& c);
  // `work` done on the workers for `client`, answered when done: a 503 when their queue is full,
  // a 429 when the client already has its share of it waiting. A bad field it finds is a 400,
  // as route()'s are; any other exception a 500, logged.
  http::RouteResult offload(const std::string& client, std::function<http::Response()> work);
  // Engine work answered later: `start` (as Analyses::analyse) starts it or refuses at once.
  using StartJob = std::function<Reply(Done, EnginePool::JobPtr&)>;
  http::RouteResult engine_reply(const StartJob& start);
  Env& env_;
  const http::RouteTable<Route> route_table_;
  http::StaticFiles files_;
  IdempotencyKeys idempotency_;
  const bool has_ui_;
  ApiOptions options_;
  RateLimiter analyses_;
  RateLimiter game_analyses_;
  RateLimiter renders_;
  RateLimiter problem_work_;
  RateLimiter signups_;
  RateLimiter new_games_;           // by address, and by "account N"
  CountedShares live_;              // open live analyses
  PendingShares waiting_analyses_;  // computer analyses of games asked for and not yet done
  std::mutex sets_mu_;
  std::map<std::string, std::shared_ptr<const std::string>> sets_;  // drawn sets by their query
  std::mutex diagrams_mu_;
  std::map<std::string, std::shared_ptr<const std::string>> diagrams_;  // movement diagrams by piece
  // Last: joined first, before anything their work uses goes (a route's work queues more on
  // the workers, so the route threads go before them).
  Workers workers_;
  Workers routes_;
};

}  // namespace kirin::server
