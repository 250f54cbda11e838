// Engine work for the server (Kirin's moves, analyses): N threads, each with its own Bot. Kirin's
// moves in games being played always come first: they wait in a queue of their own, served in
// turn across their players (one player's hundred games against Kirin take one turn in every
// round, so another player's game waits for at most one of them), and when a move waits while
// every thread runs an analysis, the analysis that has run longest is stopped early (it answers
// with what it found) to free its thread. Analyses wait in a second queue, given at most half of
// the limit: when the queue is full it is analyses that are refused, never a game's move. A game
// has at most one job queued or running: asking again for a game whose job waits changes
// nothing, and asking while it runs queues one more run after it (the work reads the game afresh
// when it starts). A job can be cancelled: dropped if it waits, its search stopped if it runs.
// Idle work (the computer analyses of finished games, one short search a job) waits apart and
// runs only when no other job waits.
#pragma once
#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "server/engine/bot.h"

namespace kirin::server {

class EnginePool {
 public:
  class Job;
  using JobPtr = std::shared_ptr<Job>;
  using Work = std::function<void(Bot&, const std::atomic<bool>& cancel)>;

  // `on_error` hears of a job that threw (the thread goes on with the next job).
  using ErrorSink = std::function<void(const std::string&)>;
  EnginePool(size_t threads, size_t queue_limit, BotFactory make_bot, ErrorSink on_error);
  ~EnginePool();  // cancels every job and joins the threads
  EnginePool(const EnginePool&) = delete;
  EnginePool& operator=(const EnginePool&) = delete;

  // Work of no game (an analysis); nullptr when the analyses' half of the queue is full.
  JobPtr submit(Work work);
  // Work for when nothing else waits; outside the queue's limit (its submitter bounds it).
  JobPtr submit_idle(Work work);
  // Kirin's turn in game `game`, whose player is `player` (an account or a seat: whom the turns
  // are taken by); `work` runs once more after whatever job of the game is under way. `force`
  // queues even past the limit (games resumed at start, whose turn was accepted). False when
  // the games' moves fill the queue.
  bool submit_for_game(const std::string& game, Work work, bool force = false, const std::string& player = "");
  // Whether a job for `game` would be taken now (its queue slot free, or one already waiting).
  bool has_room_for(const std::string& game);
  // The game changed: a job of it that waits is dropped, one that runs is stopped.
  void cancel_game(const std::string& game);
  void cancel(const JobPtr& job);

  size_t threads() const { return threads_.size(); }
  size_t queued();  // moves and analyses waiting
  size_t queue_limit() const { return queue_limit_; }

 private:
  struct Slot;  // one engine thread
  void run(Slot& slot);
  void finish_game_job(const JobPtr& job);         // with mu_ held
  JobPtr next_job();                               // with mu_ held; a move, else an analysis, else idle work
  void queue_move(const JobPtr& job, bool first);  // with mu_ held
  void preempt_analysis();                         // with mu_ held: a move waits and no thread is free

  const size_t queue_limit_;
  const ErrorSink on_error_;
  std::mutex mu_;
  std::condition_variable cv_;
  // Kirin's moves by player, and the players with a move waiting, in turn.
  std::unordered_map<std::string, std::deque<JobPtr>> moves_;
  std::deque<std::string> turn_;
  size_t moves_waiting_ = 0;
  std::deque<JobPtr> analyses_;
  std::deque<JobPtr> idle_;                            // run when nothing else waits
  std::unordered_map<std::string, JobPtr> game_jobs_;  // the game's job, waiting or running
  bool stopping_ = false;
  uint64_t starts_ = 0;
  std::vector<std::unique_ptr<Slot>> slots_;
  std::vector<std::thread> threads_;
};

class EnginePool::Job {
 public:
  bool cancelled() const { return cancel_; }

 private:
  friend class EnginePool;
  std::string game;    // "" for work of no game
  std::string player;  // whose turn a game's job takes
  Work work;
  uint64_t started = 0;  // the pool's start count when it began running (older: smaller)
  std::atomic<bool> cancel_{false};
  Bot* running_on = nullptr;  // with the pool's mutex held
  bool again = false;         // run the game's work once more after this run
  bool preempted = false;     // an analysis stopped early for a game's move
  bool idle = false;          // submitted as idle work
};

}  // namespace kirin::server
