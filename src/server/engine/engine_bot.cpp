#include "search/engine.h"
#include "search/level.h"
#include "server/engine/bot.h"
#include "server/store/game_record.h"

namespace kirin::server {
namespace {

class EngineBot final : public Bot {
 public:
  EngineBot(int hash_mb, int analysis_threads) : analysis_threads_(analysis_threads) {
    engine_.set_option("Hash", std::to_string(hash_mb));
  }

  Analysis think(const BotRequest& r, const std::atomic<bool>& cancel) override {
    Analysis a;
    if (!engine_.set_position(r.variant, r.start_fen, r.moves)) return a;
    // The Level option caps depth and time by the strength, and within that the engine's time
    // management spends what the clock allows.
    engine_.set_option("Level", std::to_string(r.strength));
    SearchLimits limits;
    if (r.timed) {
      for (Color c : {FIRST, SECOND}) {
        limits.time[c] = std::max<int64_t>(0, r.time_ms[c]);
        limits.inc[c] = r.increment_ms;
      }
      limits.byoyomi = r.byoyomi_ms;
      limits.clock_given = true;
    }
    std::vector<Move> pv;
    SearchResult res;
    // A background search, so that stop() from another thread ends it wherever it is; a
    // cancel that came before the search started is caught by the check after start().
    engine_.start(
        limits, false,
        [&](const SearchInfo& info) {
          if (info.multipv == 1) pv = info.pv;
        },
        [&](const SearchResult& result) { res = result; });
    if (cancel) engine_.stop();
    engine_.wait();
    a.best = res.best;
    a.score = res.score;
    a.depth = res.depth;
    a.line = pv.empty() || pv.front() != res.best ? std::vector<Move>{res.best} : pv;
    if (res.best.is_none()) a.line.clear();
    return a;
  }

  Analysis analyse_live(const BotRequest& r, int multipv, int64_t max_ms,
                        const std::function<void(const SearchInfo&)>& on_info,
                        const std::atomic<bool>& cancel) override {
    Analysis a;
    if (!engine_.set_position(r.variant, r.start_fen, r.moves)) return a;
    engine_.set_option("Level", "0");
    engine_.set_option("MultiPV", std::to_string(multipv));
    if (analysis_threads_ > 1) engine_.set_option("Threads", std::to_string(analysis_threads_));
    SearchLimits limits;
    limits.depth = 40;
    limits.movetime = max_ms;
    SearchResult res;
    engine_.start(limits, false, on_info, [&](const SearchResult& result) { res = result; });
    if (cancel) engine_.stop();
    engine_.wait();
    engine_.set_option("MultiPV", "1");
    if (analysis_threads_ > 1) engine_.set_option("Threads", "1");  // a game's move: one thread, as measured
    a.best = res.best;
    a.score = res.score;
    a.depth = res.depth;
    return a;
  }

  void stop() override { engine_.stop(); }

 private:
  const int analysis_threads_;
  Engine engine_;
};

}  // namespace

std::unique_ptr<Bot> make_engine_bot(int hash_mb, int analysis_threads) {
  return std::make_unique<EngineBot>(hash_mb, analysis_threads);
}

}  // namespace kirin::server
