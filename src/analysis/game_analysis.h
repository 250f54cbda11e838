// Computer analysis of a whole game, as lichess's fishnet and lila do it for their players: every
// position evaluated by one search, the moves judged by the winning chances they lose
// (analysis/judgement.h), an accuracy and the counts of inaccuracies, mistakes and blunders per
// side. The positions are searched from the last to the first with one Engine whose table
// persists, so that the refutations found late in the game inform the earlier positions (and
// each search starts from what the next position's search stored).
//
// A move is judged within its own position: the best move's score against the played move's, the
// played move searched alone there (searchmoves). Lichess compares the scores of the positions
// before and after the move, which Stockfish's deep searches keep steady; Kirin's scores at
// analysis strength swing between the two sides' views from one position to the next (the side
// to move's bonus, odd and even depths) by more than an inaccuracy, so that every move, the best
// included, would lose something. Within one position the two scores share that bias.
//
// Scores are from the first player's view (Black/sente in the shogi games, Red in xiangqi), as
// lichess gives White's: positive when the first player stands better.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "analysis/judgement.h"
#include "game/game.h"
#include "game/record.h"
#include "search/engine.h"

namespace kirin {

struct AnalysisSettings {
  // Each position's search: at most this many nodes, or (movetime > 0) this many milliseconds.
  uint64_t nodes = 150000;
  int64_t movetime = 0;
  int best_line = 6;  // plies of the better line kept for a judged move
};

struct PlyAnalysis {
  int ply = 0;                         // the move's number in plies, from 1
  Move move;                           // the move played
  std::string move_text;               // in engine text (USI, ICCS)
  Value score = 0;                     // the position after the move, first player's view
  Move best;                           // the search's choice in the position before the move (none: it had none)
  std::string best_text;               // ... in engine text ("" for none)
  std::vector<Move> best_line;         // the line from the position before the move, its first move `best`
  std::vector<std::string> line_text;  // ... in engine text
  Judgement judgement = Judgement::NONE;
};

struct JudgementCounts {
  int inaccuracy = 0, mistake = 0, blunder = 0;
};

struct GameAnalysis {
  Value start_score = 0;           // the start position, first player's view
  std::vector<PlyAnalysis> plies;  // one per move played
  GameAccuracy accuracy;
  JudgementCounts counts[2];  // by the mover's colour
  WinCurve curve;             // what judged the moves
  bool complete = false;      // false: cancelled, and nothing else is filled
};

// (positions searched, positions in all).
using AnalysisProgress = std::function<void(int done, int total)>;

// The analysis of one game position by position, for a caller that does other work between the
// searches (a server's engine pool, where Kirin's moves in games being played go first): each
// step() is one position's search, from the last position to the first; analyse_game is this in
// one loop. The engine passed to each step is to be the same one, untouched in between, so that
// its table carries over.
class GameAnalyser {
 public:
  GameAnalyser(Game g, const WinCurve& curve, const AnalysisSettings& s = {});
  int total() const { return int(searched_.size()); }  // positions: moves + 1
  int done() const { return done_; }
  bool finished() const { return done_ == total(); }
  // Searches the next position with `engine` (the first step clears its table); false when the
  // engine refused the position.
  bool step(Engine& engine);
  // The analysis, once finished (complete false before).
  GameAnalysis result() const;

 private:
  struct Searched {
    Value score = 0;  // the side to move's view
    Move best;
    std::vector<Move> line;
    Value played = 0;  // the score of the move played there, the same view
    int depth = 0;     // the depth the search completed
  };
  Game game_;
  WinCurve curve_;
  AnalysisSettings settings_;
  std::vector<std::string> texts_;  // the moves as engine text, so each position has its history
  std::string start_;               // the start position's FEN
  bool last_ended_;
  std::vector<Searched> searched_;
  int done_ = 0;
};

// Analyses every position of `g` with `engine` (its table cleared first, then kept from position
// to position; its position is changed), and each move the search did not choose once more on
// its own. A move the search itself chose is never judged: it is the best the analysis knows.
// The position a game ended in on the board (mate, stalemate, King captured) is not searched: the
// move that won it scores as "mate 0".
// `cancel` is read between positions; when it is set the analysis stops with complete false (to
// end the search under way too, call engine.stop() from another thread).
GameAnalysis analyse_game(const Game& g, Engine& engine, const WinCurve& curve, const AnalysisSettings& s = {},
                          const AnalysisProgress& progress = {}, const std::atomic<bool>* cancel = nullptr);

// Whether the game ended on the board in its last position (so that position is not searched).
bool ended_on_board(const Game& g);

// The analysis as JSON, for the web:
// {"plies":[{"ply":1,"move":"7i7h","score_cp":35,"best":"7i7h","judgement":null}, ...],
//  "accuracy":{"first":93.1,"second":88.4},
//  "counts":{"first":{"inaccuracy":1,"mistake":0,"blunder":0},"second":{...}}}
// A mate is "mate": moves to mate, positive when the first player mates, 0 when the move ended
// the game on the board (its mover won); "best" is null where the position had no move;
// "judgement" is "inaccuracy", "mistake", "blunder" or null. A judged move has "line" too, the
// better line in engine text (its first move `best`), as lichess gives its "variation".
std::string analysis_json(const GameAnalysis& a);
// A score from the first player's view back from what analysis_json writes: centipawns, or a
// mate in `mate` moves (as mate_in_moves counts them; 0 reads as the mover's win).
Value score_of_mate(int mate);

// The moves to mate in a mate score from the first player's view (a score converted from the
// side to move's, so the protocols' mate_moves does not apply): the mating side's moves, positive
// when the first player mates; 0 when the side to move is already mated.
int mate_in_moves(Value first_view);

// A score as lichess's [%eval] writes it, from the first player's view: pawns "0.45", "-3.20",
// or a mate "#3", "#-2".
std::string eval_text(Value first_view);

// The notes for an annotated record (game/record.h), as lichess annotates its PGN: each move's
// score "[%eval 0.45]"; a judged move's glyph, its judgement in words ("Blunder.") and the better
// line. A move that ended the game on the board gets no score.
std::vector<MoveNote> analysis_notes(const GameAnalysis& a);

// A plain table, one line per move (ply, move, score, best move, judgement), and a summary line
// per side: for records whose format has no place for comments (USI, Game Courier, DhtmlXQ).
std::string analysis_table(const GameAnalysis& a, const Game& g);
// "Black (sente): accuracy 93.1, 1 inaccuracy, 0 mistakes, 0 blunders" for each side.
std::vector<std::string> analysis_summary(const GameAnalysis& a, const Variant& v);

}  // namespace kirin
