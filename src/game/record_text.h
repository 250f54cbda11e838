// Helpers shared by the record readers: splitting text into located tokens, and errors that
// name the line and column (columns count characters, not bytes).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "game/game.h"

namespace kirin {

struct Token {
  std::string_view text;
  int line = 1, column = 1;
};

// The lines of a text (without line ends), with their 1-based numbers.
struct Line {
  std::string_view text;
  int number = 1;
};
std::vector<Line> split_lines(std::string_view text);
// `s` without its leading blanks (spaces and tabs).
std::string_view skip_blanks(std::string_view s);

// A line whose first non-blank character is '#': a comment in every format but PGN (`kirin
// match` writes "# game N: ..." before each game of a USI or Game Courier record).
bool is_hash_comment(const Line& line);

// Whitespace-separated tokens of one line; `offset` is the byte where `line` starts the token
// search (columns are still counted from the start of the line).
std::vector<Token> tokenize(const Line& line, size_t offset = 0);
// The 1-based column of byte `byte` in the line.
int column_of(std::string_view line, size_t byte);

Error located(int line, int column, const std::string& message);
inline Error located(const Token& t, const std::string& message) { return located(t.line, t.column, message); }

// Plays a claim word ("resign", "draw", "impasse") for the side to move; false if `word` is none.
// "draw" claims a repetition where the rules let a player claim one (repetition=vary), else it
// is an agreed draw.
bool is_claim(std::string_view word);
Result<GameResult> play_claim(Game& g, std::string_view word);
// Records are read as played (Game::set_as_played): from the start of a record's game until
// its end, where the rules judge the position reached.
inline Game as_played(Game g) {
  g.set_as_played(true);
  return g;
}
inline Game played_out(Game g) {
  g.set_as_played(false);
  return g;
}
// The record's own result ("1-0", "0-1", "1/2-1/2"; "*" changes nothing): a resignation or an
// agreed draw if the game goes on, else it replaces the rules' verdict ("as recorded").
void set_record_result(Game& g, std::string_view score);
// The score a record's result word gives: "1-0", "0-1", "1/2-1/2" as they are, and the Chinese
// words (红胜/紅勝, 黑胜/黑勝, 和棋/和局); "" for anything else.
std::string score_of_result_word(std::string_view word);
// A record's date ("2024.01.05", "2024/01/05 10:00:00", "2024-01-05") as YYYY-MM-DD; "" when it
// does not start with a whole date ("????.??.??").
std::string iso_date(std::string_view written);

// The claim word that ended the game, if a claim did ("" otherwise).
std::string claim_word(const Game& g);

}  // namespace kirin
