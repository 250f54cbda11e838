// The terminal game (`kirin play`): a board, a prompt, moves typed in USI, Game Courier or WXF,
// and a few commands. Reads lines from any stream, so tests can drive it; end of input ends it.
#pragma once
#include <iosfwd>
#include <optional>
#include <string>

#include "game/game.h"

namespace kirin::cli {

struct PlayOptions {
  bool kanji = false;    // pieces as kanji instead of SFEN/FEN letters
  bool flipped = false;  // the second side at the bottom
  bool prompt = true;    // print a prompt before each line read
  // The side Kirin plays (kirin play --engine): undo and redo then take back and replay the
  // user's move together with Kirin's reply.
  std::optional<Color> engine;
};

class PlaySession {
 public:
  PlaySession(Game game, PlayOptions options, std::ostream& out, std::ostream& err);
  // Reads and runs commands until "quit" or the end of the input.
  void run(std::istream& in);
  // Runs one command line; false once the session should end.
  bool command(const std::string& line);
  const Game& game() const { return game_; }

 private:
  void show();
  void show_moves(const std::string& square);
  void undo();
  void redo();
  void draw(const std::string& cmd, std::optional<Color> offer);
  void save(const std::string& path, const std::string& format);
  void load(const std::string& path);
  void after_change();

  Game game_;
  PlayOptions opt_;
  std::optional<Color> draw_offer_;  // made on the last line, for the other player to answer
  std::ostream& out_;
  std::ostream& err_;
};

}  // namespace kirin::cli
