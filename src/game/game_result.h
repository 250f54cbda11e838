// The verdict of a game: who won (or a draw, or still going) and why, in plain words.
#pragma once
#include <string>

#include "core/types.h"
#include "rules/ending.h"

namespace kirin {

enum class Outcome : uint8_t {
  ONGOING,
  FIRST_WINS,   // Black (sente) in the shogi games, Red in xiangqi: "1-0"
  SECOND_WINS,  // White (gote), Black in xiangqi: "0-1"
  DRAW,         // "1/2-1/2"
};

// The reason is part of the interface (match runner, web server, `kirin replay`): plain lower-case
// words such as "checkmate", "stalemate", "king captured", "perpetual check", "perpetual chase",
// "fourfold repetition", "threefold repetition", "impasse 61-58", "resignation", "agreed draw",
// "illegal move", "bare king", "impossible to win", "move limit", "as recorded" (a record's own
// result where the rules judged otherwise, game/record.h). Empty while the game goes on.
struct GameResult {
  Outcome outcome = Outcome::ONGOING;
  std::string reason;
  // The same ending in a sentence for people, where the reason's words say too little:
  // "Red chased the Horse perpetually". Empty for most endings; not compared by ==.
  std::string detail;

  bool over() const { return outcome != Outcome::ONGOING; }
  // The kind of ending the reason's words name (game/ending.h).
  Ending ending() const { return ending_of(reason); }
  // "1-0", "0-1", "1/2-1/2" or "*".
  std::string score() const;
  // "1-0 checkmate", or "*" while the game goes on.
  std::string text() const { return over() ? score() + " " + reason : score(); }

  static GameResult win(Color winner, std::string why) {
    return {winner == FIRST ? Outcome::FIRST_WINS : Outcome::SECOND_WINS, std::move(why), {}};
  }
  static GameResult draw(std::string why) { return {Outcome::DRAW, std::move(why), {}}; }
  static GameResult win(Color winner, Ending e) { return win(winner, std::string(words_of(e))); }
  static GameResult draw(Ending e) { return draw(std::string(words_of(e))); }
  bool operator==(const GameResult& o) const { return outcome == o.outcome && reason == o.reason; }
};

inline std::string GameResult::score() const {
  switch (outcome) {
    case Outcome::FIRST_WINS:
      return "1-0";
    case Outcome::SECOND_WINS:
      return "0-1";
    case Outcome::DRAW:
      return "1/2-1/2";
    case Outcome::ONGOING:
      break;
  }
  return "*";
}

}  // namespace kirin
