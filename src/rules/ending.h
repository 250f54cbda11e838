// How a game ended, as a kind: the words a result's reason starts with, in one table. The reason
// stays words (the store, the records, the match logs and the pages read them), some with a
// detail after them ("impasse 61-58", "illegal move 7g7f"); code asks the kind.
#pragma once
#include <cstdint>
#include <string_view>

namespace kirin {

enum class Ending : uint8_t {
  NONE,  // still going, or words no row names
  // by the rules, on the board
  CHECKMATE,
  STALEMATE,
  KING_CAPTURED,
  BARE_KING,
  // by repetition
  PERPETUAL_CHECK,
  PERPETUAL_CHASE,
  MUTUAL_PERPETUAL_CHECK,
  MUTUAL_PERPETUAL_CHASE,
  FOURFOLD_REPETITION,
  THREEFOLD_REPETITION,
  // by a claim or an agreement
  IMPASSE,
  RESIGNATION,
  AGREED_DRAW,
  IMPOSSIBLE_TO_WIN,
  MOVE_LIMIT,
  // by the clock, a player's fault, a referee outside the rules
  TIME_FORFEIT,
  ILLEGAL_MOVE,
  REJECTED,
  ENGINE_CRASHED,
  ADJUDICATED_WIN,
  ADJUDICATED_DRAW,
  AS_RECORDED,
  // a game that never counted (the server's)
  ABORTED,
  CHALLENGE_WITHDRAWN,
  CHALLENGE_DECLINED,
};

struct EndingWords {
  Ending ending;
  std::string_view words;
};

// A reason is read by the first row whose words it starts with: "mutual perpetual check" comes
// before any shorter words it could start with.
inline constexpr EndingWords ENDING_WORDS[] = {
    {Ending::CHECKMATE, "checkmate"},
    {Ending::STALEMATE, "stalemate"},
    {Ending::KING_CAPTURED, "king captured"},
    {Ending::BARE_KING, "bare king"},
    {Ending::MUTUAL_PERPETUAL_CHECK, "mutual perpetual check"},
    {Ending::MUTUAL_PERPETUAL_CHASE, "mutual perpetual chase"},
    {Ending::PERPETUAL_CHECK, "perpetual check"},
    {Ending::PERPETUAL_CHASE, "perpetual chase"},
    {Ending::FOURFOLD_REPETITION, "fourfold repetition"},
    {Ending::THREEFOLD_REPETITION, "threefold repetition"},
    {Ending::IMPASSE, "impasse"},
    {Ending::RESIGNATION, "resignation"},
    {Ending::AGREED_DRAW, "agreed draw"},
    {Ending::IMPOSSIBLE_TO_WIN, "impossible to win"},
    {Ending::MOVE_LIMIT, "move limit"},
    {Ending::TIME_FORFEIT, "time forfeit"},
    {Ending::ILLEGAL_MOVE, "illegal move"},
    {Ending::REJECTED, "rejected"},
    {Ending::ENGINE_CRASHED, "engine crashed"},
    {Ending::ADJUDICATED_WIN, "adjudicated win"},
    {Ending::ADJUDICATED_DRAW, "adjudicated draw"},
    {Ending::AS_RECORDED, "as recorded"},
    {Ending::ABORTED, "aborted"},
    {Ending::CHALLENGE_WITHDRAWN, "challenge withdrawn"},
    {Ending::CHALLENGE_DECLINED, "challenge declined"},
};

// The words of an ending ("" for NONE).
constexpr std::string_view words_of(Ending e) {
  for (const EndingWords& w : ENDING_WORDS)
    if (w.ending == e) return w.words;
  return "";
}

// The kind of a reason: the row whose words it is, or starts with before a space or a comma
// ("impasse 61-58", "time forfeit, the opponent cannot win"); NONE for other words.
constexpr Ending ending_of(std::string_view reason) {
  for (const EndingWords& w : ENDING_WORDS)
    if (reason.starts_with(w.words) &&
        (reason.size() == w.words.size() || reason[w.words.size()] == ' ' || reason[w.words.size()] == ','))
      return w.ending;
  return Ending::NONE;
}

// Mate on the board: the position decided it, not a claim, the clock or a repetition.
constexpr bool on_the_board(Ending e) {
  return e == Ending::CHECKMATE || e == Ending::STALEMATE || e == Ending::KING_CAPTURED;
}

// A side lost by repeating with checks or chases.
constexpr bool perpetual(Ending e) { return e == Ending::PERPETUAL_CHECK || e == Ending::PERPETUAL_CHASE; }

// A repetition that is a draw in the shogi games and xiangqi (sennichite, 和棋).
constexpr bool drawn_repetition(Ending e) {
  return e == Ending::FOURFOLD_REPETITION || e == Ending::THREEFOLD_REPETITION;
}

}  // namespace kirin
