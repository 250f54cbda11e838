// Judging the moves of a game as lichess's analysis does (lila's modules/analyse: WinPercent,
// Advice, AccuracyPercent), not on raw centipawns but on the mover's winning chances: a move is
// an inaccuracy, a mistake or a blunder when it throws away 5, 10 or 15 points of win
// probability, so a move that only trims a won position's margin is not a blunder, and a
// mate created or lost is judged by how lost or won the position was besides.
//
// The win probability of a score is a logistic curve p = 1 / (1 + exp(-k * cp)), with k fitted
// per game to Kirin's own self-play (fit_win_curve): Kirin's centipawns are not chess's, and a
// Chu Shogi Lion is worth more than a rook. The curve is kept as a small text file beside the
// nets (data/nets/<game>.winrate, "k 0.00368208").
#pragma once
#include <string>
#include <vector>

#include "core/result.h"
#include "core/score.h"
#include "core/types.h"

namespace kirin {

enum class Judgement { NONE, INACCURACY, MISTAKE, BLUNDER };

// "inaccuracy", "mistake", "blunder"; "" for NONE.
const char* judgement_name(Judgement j);
// The PGN glyph: "?!", "?", "??"; "" for NONE.
const char* judgement_glyph(Judgement j);

// Lichess's k for Stockfish's centipawns, what a game without its own curve uses.
inline constexpr double LICHESS_WIN_K = 0.00368208;

struct WinCurve {
  double k = LICHESS_WIN_K;  // per centipawn

  // The centipawns where lichess stops counting (its 1000 at its own k): a mate counts as this
  // much, and larger scores as no larger, so the ceiling is the same win probability (97.5%)
  // whatever a game's k.
  int ceiling() const;
  // The mover's winning chances, in [-1, 1] (2p - 1), of a score from the mover's view; a mate
  // score as the ceiling.
  double chances(Value v) const;
  // The same as a percentage, 0 to 100.
  double win_percent(Value v) const;
};

// The curve file's text: "k <value>" on one line, '#' comments and blank lines allowed.
Result<WinCurve> parse_win_curve(const std::string& text);
std::string win_curve_text(const WinCurve& c, const std::string& comment);
// The game's curve from <nets folder>/<game>.winrate (core/data_dirs.h); lichess's own k when the
// game has none there, or it cannot be read (then `warning` says why).
WinCurve win_curve_for(const std::string& game, std::string* warning = nullptr);

// One position of self-play: the search's score (centipawns, side to move's view) and how the
// game ended for that side (1 win, 0 draw, -1 loss).
struct ScoredResult {
  int score = 0;
  int result = 0;
};
// The k that best predicts the results from the scores (maximum likelihood, a draw as half a
// win); positions with mate scores (|score| >= `mate_from`) are left out. An error when there are
// no decisive results to fit.
Result<WinCurve> fit_win_curve(const std::vector<ScoredResult>& positions, int mate_from = 10000);

// The judgement of a move, from the scores before and after it, both from the mover's view.
Judgement judge_move(const WinCurve& c, Value before, Value after);

// The accuracy of one move (0 to 100) from the mover's win percentages before and after it.
double move_accuracy(double win_before, double win_after);

struct GameAccuracy {
  double first = 0, second = 0;  // 0 to 100; a side with no moves gets 100
};
// A move's scores from the mover's view: the position's best and the move's own.
struct MoveScores {
  Value before = 0, after = 0;
};
// Lichess's game accuracy: each move's accuracy from the win percentages of its scores, averaged
// per side as the mean of a volatility-weighted mean and the harmonic mean; a move's weight is the
// standard deviation of the win percentage over a window of positions around it. `scores` are
// the positions' scores from the first player's view, the start first (moves + 1 of them), for
// the windows; `moves` the moves' own scores; `start` the side to move at the start.
GameAccuracy game_accuracy(const WinCurve& c, const std::vector<Value>& scores, const std::vector<MoveScores>& moves,
                           Color start);
// Lichess's own reading: each move's scores are the positions' before and after it.
GameAccuracy game_accuracy(const WinCurve& c, const std::vector<Value>& scores, Color start);

}  // namespace kirin
