#include "search/engine.h"
#include "search/level.h"
#include "server/bot.h"
#include "server/game_record.h"

namespace kirin::server {
namespace {

class EngineBot final : public Bot {
 public:
  Analysis think(const BotRequest& r) override {
    Analysis a;
    if (!engine_.set_position(r.variant, r.start_fen, r.moves).empty()) return a;
    const SearchLimits limits = apply_level({}, r.strength, 0);
    std::vector<Move> pv;
    SearchResult res = engine_.search(limits, [&](const SearchInfo& info) {
      if (info.multipv == 1) pv = info.pv;
    });
    a.best = res.best;
    a.score = res.score;
    a.depth = res.depth;
    a.line = pv.empty() || pv.front() != res.best ? std::vector<Move>{res.best} : pv;
    if (res.best.is_none()) a.line.clear();
    return a;
  }

 private:
  Engine engine_;
};

}  // namespace

std::unique_ptr<Bot> make_engine_bot() { return std::make_unique<EngineBot>(); }

}  // namespace kirin::server
