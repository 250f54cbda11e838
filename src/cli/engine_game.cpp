#include "cli/engine_game.h"

#include <istream>
#include <ostream>

#include "notation/fen.h"
#include "notation/move_text.h"
#include "search/engine.h"

namespace kirin::cli {

void run_engine_game(Game game, PlayOptions options, const Opponent& kirin, std::istream& in, std::ostream& out,
                     std::ostream& err) {
  const Color engine_side = kirin.side;
  const bool prompt = options.prompt;
  options.prompt = false;  // this loop prompts, so the engine's moves come between
  options.engine = engine_side;
  PlaySession session(std::move(game), options, out, err);
  Engine engine;
  if (auto set = engine.set_option("Level", std::to_string(kirin.level)); !set) {
    err << "kirin play: " << set.error() << "\n";
    return;
  }
  // The engine's moves go through the session like typed ones, so the referee checks them too.
  auto engine_moves = [&] {
    while (!session.game().over() && session.game().side_to_move() == engine_side) {
      const Game& g = session.game();
      std::vector<std::string> moves;
      Position pos = g.start();
      for (Move m : g.moves()) {
        moves.push_back(move_to_text(pos, m));
        pos.do_move(m);
      }
      if (auto set = engine.set_position(g.variant_ptr(), to_fen(g.start()), moves); !set) {
        err << "kirin play: " << set.error() << "\n";
        return;
      }
      SearchResult r = engine.search(kirin.limits);
      if (r.best.is_none()) return;
      const std::string text = move_to_text(engine.position(), r.best);
      out << "Kirin plays " << text << "\n";
      session.command(text);
    }
  };
  session.command("board");
  engine_moves();
  std::string line;
  while (true) {
    if (prompt) {
      const Game& g = session.game();
      out << (g.over() ? std::string("game over") : g.variant().color_name(g.side_to_move()) + " to move") << "> "
          << std::flush;
    }
    if (!std::getline(in, line)) break;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!session.command(line)) break;
    engine_moves();
  }
}

}  // namespace kirin::cli
