// What the servers sharing one store tell each other (each change is announced by the Database's
// notify() when its transaction commits): other servers' saves of games, engine jobs to claim,
// changes to games' analyses, chat lines, challenges and tournaments. PostgreSQL's is pg_listener.h; a store
// only one server uses has none.
#pragma once
#include <cstdint>
#include <functional>
#include <string>

namespace kirin::server {

class StoreListener {
 public:
  virtual ~StoreListener() = default;
  // Starts listening, with the hearer of saved games ("id", version), and returns once it
  // listens; nullptr stops it.
  virtual void on_game(std::function<void(const std::string& id, int64_t version)> changed) = 0;
  // The other hearers, each replaceable at any time; nullptr for none.
  virtual void on_job(std::function<void()> ready) = 0;
  virtual void on_analysis(std::function<void(const std::string& id)> changed) = 0;
  virtual void on_chat(std::function<void(const std::string& id, int64_t line)> heard) = 0;
  virtual void on_challenges(std::function<void(int64_t account)> heard) = 0;
  virtual void on_tournament(std::function<void(const std::string& id)> changed) = 0;
};

}  // namespace kirin::server
