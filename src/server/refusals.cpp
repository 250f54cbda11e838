#include "server/refusals.h"

#include <array>
#include <cstdio>

namespace kirin::server {

namespace {

using R = Refusal;
using K = Reply;

// The reasons, in the enum's order (a test holds them to it). The words are what the API has
// always said; the pages translate by the code and the params.
constexpr std::array TABLE{
    RefusalText{R::NO_GAME, K::NOT_FOUND, "no_game", "no game {id}"},
    RefusalText{R::NOT_YOUR_TURN, K::NOT_YOURS, "not_your_turn", "not your turn"},
    RefusalText{R::ILLEGAL_MOVE, K::BAD_REQUEST, "illegal_move", "illegal move {move}: {reason}"},
    RefusalText{R::GAME_OVER, K::NOT_NOW, "game_over", "the game is over ({reason})"},
    RefusalText{R::CHALLENGE_WAITING, K::NOT_NOW, "challenge_waiting",
                "the game waits for an opponent to accept the challenge"},
    RefusalText{R::NOT_A_PLAYER, K::NOT_YOURS, "not_a_player",
                "only the players of game {id} may do that (bad or missing token)"},
    RefusalText{R::TOKEN_NOT_A_PLAYER, K::NOT_YOURS, "token_not_a_player", "that token is not a player of game {id}"},
    RefusalText{R::GAME_CHANGED, K::NOT_NOW, "game_changed", "the game changed meanwhile; try again"},
    RefusalText{R::GAME_TOO_LONG, K::TOO_LONG, "game_too_long",
                "the game has {plies} plies; at most {limit} are taken (real games run to about 1,000)"},
    RefusalText{R::NO_ENGINE_HELP, K::NOT_YOURS, "no_engine_help",
                "no engine help for the players of game {id} while it is being played: it opens when the game has "
                "ended"},
    RefusalText{R::KIRIN_BUSY, K::BUSY, "kirin_busy", "Kirin is busy: its queue is full; try again in a moment"},
    RefusalText{R::SERVER_BUSY, K::BUSY, "server_busy", "the server is busy; try again in a moment"},

    RefusalText{R::LOG_IN_TO_CHALLENGE, K::NOT_LOGGED_IN, "log_in_to_challenge",
                "log in to challenge a player by name"},
    RefusalText{R::LOG_IN_TO_DECLINE, K::NOT_LOGGED_IN, "log_in_to_decline", "log in to decline a challenge"},
    RefusalText{R::NO_PLAYER, K::NOT_FOUND, "no_player", "no player named {name}"},
    RefusalText{R::CHALLENGE_SELF, K::BAD_REQUEST, "challenge_self", "you cannot challenge yourself"},
    RefusalText{R::PLAYER_CLOSED, K::BAD_REQUEST, "player_closed", "{name} has closed their account"},
    RefusalText{R::CHALLENGER_CLOSED, K::NOT_NOW, "challenger_closed",
                "{name} has closed their account; the challenge is withdrawn"},
    RefusalText{R::CHALLENGE_FOR_ANOTHER, K::NOT_YOURS, "challenge_for_another", "this challenge is for {name}"},
    RefusalText{R::OWN_CHALLENGE, K::NOT_NOW, "own_challenge", "you cannot accept your own challenge"},
    RefusalText{R::RATED_CHALLENGE_NEEDS_ACCOUNT, K::NOT_NOW, "rated_challenge_needs_account",
                "a rated challenge is for players with an account: log in to accept it"},
    RefusalText{R::CHALLENGE_TAKEN, K::NOT_NOW, "challenge_taken", "this challenge was already taken"},
    RefusalText{R::CHALLENGE_WITHDRAWN, K::NOT_NOW, "challenge_withdrawn", "this challenge was withdrawn"},
    RefusalText{R::CHALLENGE_NOT_OPEN, K::NOT_NOW, "challenge_not_open", "this challenge is no longer open"},
    RefusalText{R::ONLY_NAMED_DECLINES, K::NOT_YOURS, "only_named_declines",
                "only the player a challenge names may decline it"},
    RefusalText{R::ONLY_OPEN_WITHDRAWN, K::NOT_NOW, "only_open_withdrawn",
                "only a challenge that nobody has accepted can be withdrawn"},

    RefusalText{R::KIRIN_DECLINES_DRAWS, K::NOT_NOW, "kirin_declines_draws", "Kirin does not accept draw offers"},
    RefusalText{R::NO_DRAW_OFFER_TO_ACCEPT, K::NOT_NOW, "no_draw_offer_to_accept", "no draw offer to accept"},
    RefusalText{R::NO_DRAW_OFFER_TO_DECLINE, K::NOT_NOW, "no_draw_offer_to_decline", "no draw offer to decline"},
    RefusalText{R::TAKEBACKS_CASUAL_ONLY, K::NOT_NOW, "takebacks_casual_only",
                "take-backs are only allowed in casual games"},
    RefusalText{R::NO_MOVE_OF_YOURS_TO_TAKE_BACK, K::NOT_NOW, "no_move_of_yours_to_take_back",
                "no move of yours to take back"},
    RefusalText{R::NO_MOVE_TO_TAKE_BACK, K::NOT_NOW, "no_move_to_take_back", "no move to take back"},
    RefusalText{R::NO_TAKEBACK_TO_ACCEPT, K::NOT_NOW, "no_takeback_to_accept", "no take-back request to accept"},
    RefusalText{R::NO_TAKEBACK_TO_DECLINE, K::NOT_NOW, "no_takeback_to_decline", "no take-back request to decline"},
    RefusalText{R::REMATCH_AFTER_FINISH, K::NOT_NOW, "rematch_after_finish", "a rematch follows a finished game"},
    RefusalText{R::REMATCH_BEGUN, K::NOT_NOW, "rematch_begun", "the rematch has begun: game {id}"},
    RefusalText{R::NO_REMATCH_TO_ACCEPT, K::NOT_NOW, "no_rematch_to_accept", "no rematch offer to accept"},
    RefusalText{R::NO_REMATCH_TO_DECLINE, K::NOT_NOW, "no_rematch_to_decline", "no rematch offer to decline"},
    RefusalText{R::ABORT_TOO_LATE_RATED, K::NOT_NOW, "abort_too_late_rated",
                "a rated game can be aborted only before each side has moved twice"},
    RefusalText{R::ABORT_TOO_LATE, K::NOT_NOW, "abort_too_late",
                "a game can be aborted only before each side has moved"},
    RefusalText{R::BERSERK_TOO_LATE, K::NOT_NOW, "berserk_too_late", "too late to berserk: you have moved"},
    RefusalText{R::BERSERKED_ALREADY, K::NOT_NOW, "berserked_already", "you have berserked already"},

    RefusalText{R::LOG_IN_TO_CHAT, K::NOT_LOGGED_IN, "log_in_to_chat", "log in to chat"},
    RefusalText{R::LOG_IN_TO_REPORT, K::NOT_LOGGED_IN, "log_in_to_report", "log in to report a chat line"},
    RefusalText{R::CHAT_MUTED, K::NOT_YOURS, "chat_muted", "your account may not chat: the operator muted it"},
    RefusalText{R::PLAYERS_CHAT_WRITERS, K::NOT_YOURS, "players_chat_writers",
                "only the players of game {id} write in its players' chat"},
    RefusalText{R::PLAYERS_CHAT_READERS, K::NOT_YOURS, "players_chat_readers",
                "only the players of game {id} read its players' chat"},
    RefusalText{R::SPECTATORS_CHAT_AFTER_END, K::NOT_YOURS, "spectators_chat_after_end",
                "the players write in the spectators' chat once the game has ended"},
    RefusalText{R::NO_CHAT_LINE, K::NOT_FOUND, "no_chat_line", "no chat line {line} in game {id}"},

    RefusalText{R::LOG_IN_FIRST, K::NOT_LOGGED_IN, "log_in_first", "log in first"},
    RefusalText{R::WRONG_LOGIN, K::NOT_LOGGED_IN, "wrong_login", "wrong name or password"},
    RefusalText{R::NAME_TAKEN, K::NOT_NOW, "name_taken", "the name {name} is taken"},
    RefusalText{R::NAME_LENGTH, K::BAD_REQUEST, "name_length", "name must be 2 to 20 characters"},
    RefusalText{R::NAME_CHARACTERS, K::BAD_REQUEST, "name_characters",
                "name may hold only letters A-Z and a-z, digits, '_' and '-'"},
    RefusalText{R::PASSWORD_SHORT, K::BAD_REQUEST, "password_short", "password must be at least 8 characters"},
    RefusalText{R::PASSWORD_LONG, K::BAD_REQUEST, "password_long", "password must be at most 256 characters"},
    RefusalText{R::CURRENT_PASSWORD_WRONG, K::NOT_YOURS, "current_password_wrong", "the current password is wrong"},
    RefusalText{R::PASSWORD_WRONG, K::NOT_YOURS, "password_wrong", "the password is wrong"},

    RefusalText{R::TOO_MANY_LOGINS, K::TOO_OFTEN, "too_many_logins",
                "too many login attempts; try again in {seconds} seconds"},
    RefusalText{R::TOO_MANY_WRONG_PASSWORDS, K::TOO_OFTEN, "too_many_wrong_passwords",
                "too many wrong passwords; try again in {seconds} seconds"},
    RefusalText{R::TOO_MANY_ACCOUNTS, K::TOO_OFTEN, "too_many_accounts",
                "too many new accounts from your address; try again later"},
    RefusalText{R::TOO_MANY_GAMES, K::TOO_OFTEN, "too_many_games",
                "too many new games from your {who} (at most {limit} a minute); try again in {seconds} s"},
    RefusalText{R::TOO_MANY_TOURNAMENTS, K::TOO_OFTEN, "too_many_tournaments",
                "too many new tournaments from your account; try again in {seconds} s"},
    RefusalText{R::TOO_MANY_CHAT_LINES, K::TOO_OFTEN, "too_many_chat_lines", "too many chat lines; wait {seconds} s"},
    RefusalText{R::TOO_MANY_ANALYSES, K::TOO_OFTEN, "too_many_analyses",
                "too many analyses from your address (at most {limit} a minute); try again later"},
    RefusalText{R::TOO_MANY_ANALYSES_AT_ONCE, K::TOO_OFTEN, "too_many_analyses_at_once",
                "too many analyses at once from your address or account (at most {limit}); close one"},
    RefusalText{R::TOO_MANY_GAME_ANALYSES, K::TOO_OFTEN, "too_many_game_analyses",
                "too many analyses asked for from your address (at most {limit} a minute); try again later"},
    RefusalText{R::GAME_ANALYSES_WAITING, K::TOO_OFTEN, "game_analyses_waiting",
                "you have {count} computer analyses waiting (games {games}); ask again when one is done"},
    RefusalText{R::TOO_MANY_DRAWINGS, K::TOO_OFTEN, "too_many_drawings",
                "too many drawings from your address; try again later"},
    RefusalText{R::TOO_MANY_PROBLEMS, K::TOO_OFTEN, "too_many_problems",
                "too many problems checked from your address; try again later"},
    RefusalText{R::TOO_MANY_REQUESTS, K::TOO_OFTEN, "too_many_requests",
                "too many requests at once from your address (at most {limit}); wait for their answers"},

    RefusalText{R::GAME_NOT_OVER, K::NOT_NOW, "game_not_over",
                "game {id} is not over: only a finished game can be analysed"},
    RefusalText{R::NO_GAME_ANALYSIS, K::NOT_FOUND, "no_game_analysis",
                "game {id} has no computer analysis; request one"},
    RefusalText{R::GAME_ANALYSIS_NOT_DONE, K::NOT_NOW, "game_analysis_not_done",
                "the analysis of game {id} is not done"},
    RefusalText{R::GAME_ANALYSES_FULL, K::BUSY, "game_analyses_full",
                "the queue of computer analyses is full ({limit} at most); try again in a few minutes"},
    RefusalText{R::NO_PROBLEM, K::NOT_FOUND, "no_problem", "no problem {id}"},
    RefusalText{R::NO_PUZZLES, K::NOT_FOUND, "no_puzzles", "no puzzles for {game}"},
    RefusalText{R::NO_PUZZLE, K::NOT_FOUND, "no_puzzle", "no puzzle {number} for {game} (0..{last})"},

    RefusalText{R::NO_TOURNAMENT, K::NOT_FOUND, "no_tournament", "no such tournament: {id}"},
    RefusalText{R::TOURNAMENT_FULL, K::NOT_NOW, "tournament_full", "tournament {id} is full ({limit} players)"},
    RefusalText{R::TOURNAMENT_OVER, K::NOT_NOW, "tournament_over", "tournament {id} is over"},
    RefusalText{R::ROUND_ROBIN_UNDER_WAY, K::NOT_NOW, "round_robin_under_way",
                "tournament {id} is under way: a round robin takes no one new"},
    RefusalText{R::TOURNAMENT_STARTED, K::NOT_NOW, "tournament_started", "tournament {id} has started already"},
    RefusalText{R::TOURNAMENT_STARTING_ELSEWHERE, K::NOT_NOW, "tournament_starting_elsewhere",
                "tournament {id} is being started by another server"},
    RefusalText{R::NOT_IN_TOURNAMENT, K::NOT_NOW, "not_in_tournament", "you are not playing in tournament {id}"},
    RefusalText{R::NO_TOURNAMENT_GAME, K::NOT_NOW, "no_tournament_game",
                "you have no game under way in tournament {id}"},
    RefusalText{R::NOT_YOUR_TOURNAMENT, K::NOT_YOURS, "not_your_tournament", "only its creator starts tournament {id}"},
    RefusalText{R::START_IN_PAST, K::BAD_REQUEST, "start_in_past", "starts_at is in the past"},
    RefusalText{R::START_TOO_LATE, K::BAD_REQUEST, "start_too_late", "starts_at must be within 30 days"},

    RefusalText{R::NO_SUCH_API, K::NOT_FOUND, "no_such_api", "no such API: {path}"},
    RefusalText{R::NO_SUCH_PAGE, K::NOT_FOUND, "no_such_page", "no such page: {path}"},
    RefusalText{R::CROSS_ORIGIN, K::NOT_YOURS, "cross_origin",
                "cross-origin request refused: it must come from {site}"},
};

static_assert(TABLE.size() == size_t(R::CROSS_ORIGIN) + 1, "one row for each reason");

std::string value_text(const nlohmann::json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

// A param as the refusal says it: what a client sent (a move, a path) comes back cut to 256 bytes
// (at a character's start; the server's own reasons are shorter) rather than whole, and a control
// character as \xNN, so that a megabyte of "move" is not sent back twice and the words stay one
// line.
constexpr size_t MOST_PARAM_BYTES = 256;
nlohmann::json bounded(const nlohmann::json& v) {
  if (!v.is_string()) return v;
  const std::string& s = v.get_ref<const std::string&>();
  size_t end = s.size();
  if (end > MOST_PARAM_BYTES) {
    end = MOST_PARAM_BYTES;
    while (end > 0 && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) --end;
  }
  std::string out;
  for (size_t i = 0; i < end; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c != 0x7f) {
      out += char(c);
      continue;
    }
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\x%02x", c);
    out += buf;
  }
  return end < s.size() ? out + "..." : out;
}

}  // namespace

const RefusalText& text_of(Refusal why) { return TABLE[size_t(why)]; }

std::pair<const RefusalText*, size_t> refusal_table() { return {TABLE.data(), TABLE.size()}; }

std::string words_of(const Refused& r) {
  const std::string_view words = text_of(r.why).words;
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) {
    const size_t close = words[i] == '{' ? words.find('}', i) : std::string_view::npos;
    if (close == std::string_view::npos) {
      out += words[i];
      continue;
    }
    const std::string name(words.substr(i + 1, close - i - 1));
    const auto it = r.params.is_object() ? r.params.find(name) : r.params.end();
    out += it != r.params.end() ? value_text(*it) : "{" + name + "}";
    i = close;
  }
  return out;
}

Reply refuse(Refusal why, nlohmann::json params) {
  const RefusalText& t = text_of(why);
  if (params.is_object())
    for (auto& [name, value] : params.items()) value = bounded(value);
  Reply r{t.kind, {{"error", words_of({why, params})}, {"code", t.code}}};
  if (t.kind == Reply::TOO_OFTEN && params.contains("seconds")) r.body["retry_after"] = params["seconds"];
  if (!params.empty()) r.body["params"] = std::move(params);
  return r;
}

}  // namespace kirin::server
