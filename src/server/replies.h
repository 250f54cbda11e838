// What the server's concerns answer, knowing nothing of HTTP: a kind and a JSON body. A refusal
// is a Reply too, its kind the kind of refusal and its body {"error": why, "code": ...}, made by
// refuse() (refusals.h) for the reasons people meet; api/ alone turns a kind into an HTTP status
// (api/responses.h).
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/types.h"
#include "notation/fen.h"
#include "notation/game_courier.h"
#include "notation/move_notation.h"
#include "notation/move_text.h"
#include "notation/wxf.h"
#include "rules/movegen.h"
#include "server/store/store.h"

namespace spdlog {
class logger;
}

namespace kirin::server {

struct Reply {
  // The kinds of answer, the refusals in the order they are judged: the client's request (bad,
  // not logged in, not theirs, of nothing, at the wrong moment, too big, too often), then ours (a
  // failure, or no room for the work now). The kinds gRPC's status codes draw too.
  enum Kind : uint8_t {
    DONE,           // here is the answer
    MADE,           // something new was made (a game, an account, a chat line)
    UNDER_WAY,      // the work has begun: ask again for its result
    LATER,          // the answer will be given when the work ends (to the callback it was handed)
    BAD_REQUEST,    // the request itself is wrong (a bad field, an illegal move, a bad FEN)
    NOT_LOGGED_IN,  // the request needs an account
    NOT_YOURS,      // the caller may not do this (not a player of the game, not the owner)
    NOT_FOUND,      // no such game, player, problem or line
    NOT_NOW,        // the state forbids it: not your turn, the game is over, the name is taken
    TOO_LONG,       // a game or record past the server's limits
    TOO_OFTEN,      // a rate limit; the body's "retry_after" says when to come back
    FAILURE,        // ours: the store or a stored game failed (logged)
    BUSY,           // ours: no room for the work now
  };
  Kind kind = DONE;
  nlohmann::json body;
  bool refused() const { return kind >= BAD_REQUEST; }
  // A refusal that is the server's fault, not the client's.
  bool ours() const { return kind == FAILURE || kind == BUSY; }
  // A refusal's reason.
  std::string why() const { return body.is_object() ? body.value("error", "") : ""; }
};

// The code of a refusal that is only its words, with no reason of its own (refusals.h): its
// kind's ("not_now").
constexpr const char* code_of(Reply::Kind kind) {
  switch (kind) {
    case Reply::DONE:
    case Reply::MADE:
    case Reply::UNDER_WAY:
    case Reply::LATER:
      break;
    case Reply::BAD_REQUEST:
      return "bad_request";
    case Reply::NOT_LOGGED_IN:
      return "not_logged_in";
    case Reply::NOT_YOURS:
      return "not_yours";
    case Reply::NOT_FOUND:
      return "not_found";
    case Reply::NOT_NOW:
      return "not_now";
    case Reply::TOO_LONG:
      return "too_long";
    case Reply::TOO_OFTEN:
      return "too_often";
    case Reply::FAILURE:
      return "failure";
    case Reply::BUSY:
      return "busy";
  }
  return "";
}

inline Reply refusal(Reply::Kind kind, const std::string& message) {
  return {kind, {{"error", message}, {"code", code_of(kind)}}};
}

// A failure of the store or of a stored game: logged (when there is a log) and answered as a 500.
class Failures {
 public:
  explicit Failures(std::shared_ptr<spdlog::logger> log) : log_(std::move(log)) {}
  Reply operator()(const std::string& what, const std::string& error) const;
  spdlog::logger* log() const { return log_.get(); }

 private:
  std::shared_ptr<spdlog::logger> log_;
};

// A state's JSON text, given to a watcher now and after every change, on the thread that made
// the change; it must return quickly. Unwatch ends the watching.
using StateSink = std::function<void(std::shared_ptr<const std::string> state)>;
using Unwatch = std::function<void()>;

// A commit that saved; else why not, as the log and a 500 say it.
inline bool done(const Result<Saved>& c) { return c && *c == Saved::DONE; }
inline std::string why(const Result<Saved>& c) {
  return c ? "database: the game changed on another server" : c.error();
}

inline const char* side_name(Color c) { return c == FIRST ? "first" : "second"; }

// The side to move's legal moves in engine text (for a board that offers only those).
// The position before a line's first move and after each (FEN/SFEN), for a board that steps
// through the line (a problem's or puzzle's solution); stops at a move that does not parse.
inline nlohmann::json positions_along(Position pos, const std::vector<std::string>& line) {
  nlohmann::json out = nlohmann::json::array();
  out.push_back(to_fen(pos));
  for (const std::string& text : line) {
    auto m = parse_move(pos, text);
    if (!m) break;
    pos.do_move(*m);
    out.push_back(to_fen(pos));
  }
  return out;
}

// A move as players write it, as the pages show moves: Game Courier for the shogi games, WXF for
// xiangqi.
inline std::string written_move(const Position& pos, Move m) {
  return pos.variant().is_shogi_family() ? move_to_game_courier(pos, m) : move_to_wxf(pos, m);
}

// In the notation a player chose (?notation=), else as above; `last_to`: where the previous
// move went (Japanese writes 同 for a move there).
inline std::string written_move(const Position& pos, Move m, std::optional<Notation> n, Square last_to) {
  return n ? write_move(pos, m, *n, last_to) : written_move(pos, m);
}

// The moves of `line` from `pos` (legal, as an engine gives them), as written_move writes them;
// `last_to`: where the move before `pos` went.
inline nlohmann::json written_line(Position pos, const std::vector<Move>& line, std::optional<Notation> n,
                                   Square last_to) {
  nlohmann::json out = nlohmann::json::array();
  for (Move m : line) {
    out.push_back(written_move(pos, m, n, last_to));
    last_to = m.to();
    pos.do_move(m);
  }
  return out;
}

// The moves of engine text `line` from `pos`, as written_move writes them (as far as they are legal).
inline nlohmann::json notation_along(Position pos, const std::vector<std::string>& line,
                                     std::optional<Notation> n = std::nullopt) {
  nlohmann::json out = nlohmann::json::array();
  Square last_to = NO_SQUARE;
  for (const std::string& text : line) {
    auto m = parse_move(pos, text);
    if (!m) break;
    out.push_back(written_move(pos, *m, n, last_to));
    last_to = m->to();
    pos.do_move(*m);
  }
  return out;
}

// The side to move's legal moves in engine text, or, with `n`, in that notation (in the same
// order, so a typed move is matched against them); `last_to`: where the move before went
// (Japanese writes 同 for a move there).
inline nlohmann::json legal_move_texts(Position pos, std::optional<Notation> n = std::nullopt,
                                       Square last_to = NO_SQUARE) {
  MoveList list;
  generate_legal(pos, list);
  nlohmann::json out = nlohmann::json::array();
  for (Move m : list) out.push_back(n ? write_move(pos, m, *n, last_to) : move_to_text(pos, m));
  return out;
}

// `moves` played on `pos`, each checked: the square the last went to (NO_SQUARE for none), or
// "move N (text): why" for the first that is not legal.
inline Result<Square> replay_checked(Position& pos, const std::vector<std::string>& moves) {
  Square last_to = NO_SQUARE;
  for (size_t i = 0; i < moves.size(); ++i) {
    auto m = parse_move(pos, moves[i]);
    if (!m) return Error{"move " + std::to_string(i + 1) + " (" + moves[i].substr(0, 20) + "): " + m.error()};
    last_to = m->to();
    pos.do_move(*m);
  }
  return last_to;
}

// A problem's position, under its own rule options (a mate by one rule set may be none by
// another); the attacker's royal may be missing, as a tsume's.
inline Result<Position> problem_position(const std::string& game, const std::vector<std::string>& options,
                                         const std::string& fen) {
  auto v = make_variant(game, options);
  if (!v) return Error{v.error()};
  auto pos = parse_fen(*v, fen, Setup::PROBLEM);
  if (!pos) return Error{"bad fen: " + pos.error()};
  return pos;
}

}  // namespace kirin::server
