// Where games live between requests and across restarts. SQLite is the embedded default; the
// interface is small so that another store (PostgreSQL for several servers) can follow.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/game_record.h"

namespace kirin::server {

class GameStore {
 public:
  virtual ~GameStore() = default;
  // Each returns "" or a one-line error; a failed write leaves the stored game as it was.
  virtual std::string create(const GameRecord& g) = 0;
  // Stores the header fields and makes the stored moves equal g.moves, knowing that the first
  // `unchanged_plies` of them are stored already (one transaction: all or nothing).
  virtual std::string save(const GameRecord& g, size_t unchanged_plies) = 0;
  virtual std::optional<GameRecord> load(const std::string& id) = 0;
  virtual std::vector<GameSummary> list(int limit) = 0;
  // Games still being played (to restart Kirin's thinking after a restart).
  virtual std::vector<std::string> unfinished() = 0;
};

// Opens (creating if needed) a SQLite database file in WAL mode.
std::unique_ptr<GameStore> open_sqlite_store(const std::string& path, std::string& error);

}  // namespace kirin::server
