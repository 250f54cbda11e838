// Why a request was refused, as a reason rather than a sentence: the reasons people meet (not
// your turn, the game is over, a limit reached) each have a code the pages translate, the values
// their words name, and those words in English, all in one table (refusals.cpp). A refusal's body
// is {"error": words, "code": code, "params": {...}}; a refusal that is only its words (a bad FEN
// names what is wrong with it) has its kind's code ("bad_request"). docs/api.md lists the codes.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "server/replies.h"

namespace kirin::server {

enum class Refusal : uint8_t {
  // A game and its moves.
  NO_GAME,
  NOT_YOUR_TURN,
  ILLEGAL_MOVE,
  GAME_OVER,
  CHALLENGE_WAITING,
  NOT_A_PLAYER,
  TOKEN_NOT_A_PLAYER,
  GAME_CHANGED,
  GAME_TOO_LONG,
  NO_ENGINE_HELP,
  KIRIN_BUSY,
  SERVER_BUSY,
  // Challenges.
  LOG_IN_TO_CHALLENGE,
  LOG_IN_TO_DECLINE,
  NO_PLAYER,
  CHALLENGE_SELF,
  PLAYER_CLOSED,
  CHALLENGER_CLOSED,
  CHALLENGE_FOR_ANOTHER,
  OWN_CHALLENGE,
  RATED_CHALLENGE_NEEDS_ACCOUNT,
  CHALLENGE_TAKEN,
  CHALLENGE_WITHDRAWN,
  CHALLENGE_NOT_OPEN,
  ONLY_NAMED_DECLINES,
  ONLY_OPEN_WITHDRAWN,
  // Offers and the ends of a game.
  KIRIN_DECLINES_DRAWS,
  NO_DRAW_OFFER_TO_ACCEPT,
  NO_DRAW_OFFER_TO_DECLINE,
  TAKEBACKS_CASUAL_ONLY,
  NO_MOVE_OF_YOURS_TO_TAKE_BACK,
  NO_MOVE_TO_TAKE_BACK,
  NO_TAKEBACK_TO_ACCEPT,
  NO_TAKEBACK_TO_DECLINE,
  REMATCH_AFTER_FINISH,
  REMATCH_BEGUN,
  NO_REMATCH_TO_ACCEPT,
  NO_REMATCH_TO_DECLINE,
  ABORT_TOO_LATE_RATED,
  ABORT_TOO_LATE,
  BERSERK_TOO_LATE,
  BERSERKED_ALREADY,
  // Chat.
  LOG_IN_TO_CHAT,
  LOG_IN_TO_REPORT,
  CHAT_MUTED,
  PLAYERS_CHAT_WRITERS,
  PLAYERS_CHAT_READERS,
  SPECTATORS_CHAT_AFTER_END,
  NO_CHAT_LINE,
  // Accounts.
  LOG_IN_FIRST,
  WRONG_LOGIN,
  NAME_TAKEN,
  NAME_LENGTH,
  NAME_CHARACTERS,
  PASSWORD_SHORT,
  PASSWORD_LONG,
  CURRENT_PASSWORD_WRONG,
  PASSWORD_WRONG,
  // Limits on how often.
  TOO_MANY_LOGINS,
  TOO_MANY_WRONG_PASSWORDS,
  TOO_MANY_ACCOUNTS,
  TOO_MANY_GAMES,
  TOO_MANY_TOURNAMENTS,
  TOO_MANY_CHAT_LINES,
  TOO_MANY_ANALYSES,
  TOO_MANY_ANALYSES_AT_ONCE,
  TOO_MANY_GAME_ANALYSES,
  GAME_ANALYSES_WAITING,
  TOO_MANY_DRAWINGS,
  TOO_MANY_PROBLEMS,
  TOO_MANY_REQUESTS,
  // Analyses, problems and puzzles.
  GAME_NOT_OVER,
  NO_GAME_ANALYSIS,
  GAME_ANALYSIS_NOT_DONE,
  GAME_ANALYSES_FULL,
  NO_PROBLEM,
  NO_PUZZLES,
  NO_PUZZLE,
  // Tournaments.
  NO_TOURNAMENT,
  TOURNAMENT_FULL,
  TOURNAMENT_OVER,
  ROUND_ROBIN_UNDER_WAY,
  TOURNAMENT_STARTED,
  TOURNAMENT_STARTING_ELSEWHERE,
  NOT_IN_TOURNAMENT,
  NO_TOURNAMENT_GAME,
  NOT_YOUR_TOURNAMENT,
  START_IN_PAST,
  START_TOO_LATE,
  // The site itself.
  NO_SUCH_API,
  NO_SUCH_PAGE,
  CROSS_ORIGIN,
};

// One reason: the kind of refusal it is, its code, and its words, where {name} stands for the
// value of that name among the refusal's params.
struct RefusalText {
  Refusal why;
  Reply::Kind kind;
  std::string_view code;
  std::string_view words;
};
const RefusalText& text_of(Refusal why);
// Every reason, in the enum's order (for the tests and docs/api.md's list).
std::pair<const RefusalText*, size_t> refusal_table();

// The refusal for `why`, its words filled in from `params` (an object of strings and numbers), a
// text param cut to 256 bytes and its control characters written \xNN (it may be what a client
// sent). A TOO_OFTEN reason with "seconds" among its params says when to come back (retry_after).
Reply refuse(Refusal why, nlohmann::json params = nlohmann::json::object());

// A refusal decided below the Reply: the reason and the values its words name.
struct Refused {
  Refusal why;
  nlohmann::json params = nlohmann::json::object();
};
inline Reply refuse(const Refused& r) { return refuse(r.why, r.params); }
// Its words, as the Reply would say them (for a command line, a log).
std::string words_of(const Refused& r);

// A value, or why it is refused.
template <class T>
class Granted {
 public:
  Granted(T value) : value_(std::move(value)) {}
  Granted(Refused r) : refused_(std::move(r)) {}
  explicit operator bool() const { return value_.has_value(); }
  T& operator*() { return *value_; }
  const T& operator*() const { return *value_; }
  const Refused& refused() const { return *refused_; }

 private:
  std::optional<T> value_;
  std::optional<Refused> refused_;
};

}  // namespace kirin::server
