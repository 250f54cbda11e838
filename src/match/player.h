// An engine in a match, spoken to over USI, UCI or XBoard. The referee (Game) keeps the
// authoritative game; a player only turns it into commands and reads back one move.
#pragma once
#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "game/game.h"
#include "process/child_process.h"

namespace kirin {

struct TimeControl {
  int64_t base_ms = 0, inc_ms = 0, byoyomi_ms = 0;
  int64_t movetime_ms = 0;
  int depth = 0;
  uint64_t nodes = 0;
  // This move's factor on every node limit (the match's and each engine's own): self-play at
  // fixed nodes varies it from move to move so that repeated openings give new games.
  double nodes_scale = 1.0;
  // A node limit as sent in this game: scaled, never below 1; 0 stays "no limit".
  uint64_t scaled_nodes(uint64_t n) const {
    return n ? std::max<uint64_t>(1, uint64_t(double(n) * nodes_scale + 0.5)) : 0;
  }
  bool clocked() const { return base_ms || inc_ms || byoyomi_ms; }
  // As the progress lines and records name it: "10+0.1", "10+0 byoyomi 5", "movetime 100 ms".
  std::string text() const;
  bool operator==(const TimeControl& o) const {
    return base_ms == o.base_ms && inc_ms == o.inc_ms && byoyomi_ms == o.byoyomi_ms && movetime_ms == o.movetime_ms &&
           depth == o.depth && nodes == o.nodes;
  }
};

struct PlayerConfig {
  std::string name;
  std::string command;   // "kirin" runs this executable with the protocol as subcommand
  std::string protocol;  // "usi", "uci" or "xboard"
  std::vector<std::pair<std::string, std::string>> options;  // setoption / option
  int memory_mb = 0;                                         // XBoard "memory" (HaChu wants it before go)
  uint64_t nodes = 0;  // this engine's own node limit per move (USI/UCI), instead of the match's
  // This engine's own time control (time odds, as cutechess-cli's per-engine tc=), instead of the match's.
  std::optional<TimeControl> tc;
};

struct EngineReply {
  // REFUSED: the engine rejected a move the referee accepted (it cannot go on with the game).
  enum Kind { MOVE, RESIGN, TIMEOUT, CRASH, BAD_MOVE, REFUSED } kind = TIMEOUT;
  Move move;
  std::string text;          // what the engine said
  std::optional<int> score;  // its last reported score, centipawns for the side to move (mate: +-MATE_SCORE)
};

constexpr int MATE_SCORE = 100000;

// The score of a USI/UCI "info" line ("score cp -35", "score mate 3"); nothing for other lines,
// bounds ("lowerbound"), and lines of a MultiPV line other than the first.
std::optional<int> info_score(const std::string& line);
// The score of an XBoard thinking line "depth score time nodes pv"; nothing for other lines.
std::optional<int> thinking_score(const std::string& line);

class Player {
 public:
  virtual ~Player() = default;
  // Starts the process and does the handshake for game `g`, or says what went wrong.
  virtual Result<void> init(GameId g) = 0;
  // `tc`: this engine's time control in this game.
  virtual void new_game(const Game& g, const TimeControl& tc) = 0;
  // The move for the side to move of `g`; `tc` and `clock` hold both sides' time controls and
  // remaining time, by colour (they differ in a match with time odds).
  virtual EngineReply think(const Game& g, const TimeControl tc[2], const int64_t clock[2], int64_t wait_ms) = 0;
  virtual void quit() { process_.stop(); }
  const std::string& name() const { return config_.name; }
  const PlayerConfig& config() const { return config_; }
  // "usi", "uci" or "xboard"; an unknown protocol is an error.
  static Result<std::unique_ptr<Player>> create(const PlayerConfig& c);

 protected:
  explicit Player(PlayerConfig c) : config_(std::move(c)) {}
  Result<void> start_process();
  // Why the handshake failed: no answer in time, or the process is gone.
  std::string no_answer(const std::string& expected);
  // Reads until a line starting with `prefix` (returned), for up to wait_ms; `skipped` sees each
  // line before it.
  bool wait_for(const std::string& prefix, std::string& line, int64_t wait_ms,
                const std::function<void(const std::string&)>& skipped = {});

  PlayerConfig config_;
  ChildProcess process_;
};

}  // namespace kirin
