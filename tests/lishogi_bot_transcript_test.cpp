// kirin-usi driven exactly as Lishogi-Bot (v1.1.2, engine_ctrl/usi.py and lishogi-bot.py) drives
// an engine through a chushogi game on lishogi: the handshake and its usi_options without
// usinewgame, then for each of the bot's moves "setoption name USI_Variant value chushogi" (once),
// "position sfen <initial sfen> moves <moves so far>" (a bare "moves " at the start), "go movetime
// 1000" for the first two plies and "go btime wtime binc winc" in ms after them (the bridge takes
// the increment off the time it sends), and at the end "stop" and "quit". The games are played
// by lishogi's rules: a pass right after a pass, and the mid-square counter-strike that only
// lishogi's server allows. Every bestmove must be legal by those rules and arrive in time.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "game/game.h"
#include "notation/move_text.h"
#include "process/child_process.h"
#include "rules/movegen.h"

namespace kirin {
namespace {

const char* const kChuStart =
    "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/"
    "PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";

struct BotGame {
  const char* name;
  std::string sfen;
  std::vector<std::string> record;  // the moves both sides played first, as lishogi sent them
  Color bot;                        // the side the bot plays
  int plies;                        // how long the game goes on after the record
};

// The engine as the bridge starts it: kirin-usi beside kirin, resolved with realpath, no arguments.
std::string engine_path() {
  return "'" + std::filesystem::canonical(std::filesystem::path(KIRIN_BINARY).parent_path() / "kirin-usi").string() +
         "'";
}

class Bridge {
 public:
  explicit Bridge(std::vector<std::string>& transcript) : transcript_(transcript) {
    EXPECT_EQ(error_of(engine_.start(engine_path())), "");
  }
  void send(const std::string& line) {
    transcript_.push_back("<< " + line);
    ASSERT_TRUE(engine_.write_line(line)) << line;
  }
  // The engine's lines up to one that starts with `last`; each "info string error" fails.
  std::string until(const std::string& last, int timeout_ms) {
    std::string line;
    while (engine_.read_line(line, timeout_ms)) {
      transcript_.push_back(">> " + line);
      EXPECT_EQ(line.rfind("info string error", 0), std::string::npos) << line;
      if (line.rfind(last, 0) == 0) return line;
    }
    ADD_FAILURE() << "no '" << last << "' within " << timeout_ms << " ms";
    return "";
  }
  void stop() { engine_.stop(); }

 private:
  ChildProcess engine_;
  std::vector<std::string>& transcript_;
};

// Plays one game as the bridge would, the bot's moves from Kirin, the opponent's from the record
// and then a fixed choice among the legal moves. Returns the number of bot moves checked.
int play(const BotGame& g, std::vector<std::string>& transcript) {
  auto v = make_variant("chushogi", {"rules=lishogi"});
  EXPECT_TRUE(v.ok());
  auto game = Game::from_fen(*v, g.sfen);
  EXPECT_TRUE(game.ok()) << game.error();
  Bridge bridge(transcript);
  bridge.send("usi");
  bridge.until("usiok", 5000);
  bridge.send("setoption name Threads value 1");
  bridge.send("setoption name Move Overhead value 100");
  bridge.send("setoption name USI_Hash value 32");
  bridge.send("isready");
  bridge.until("readyok", 5000);

  std::vector<std::string> moves;
  int64_t clock[2] = {4000, 4000};  // the bot's and its opponent's ms, 4 s + 100 ms a move
  const int64_t inc = 100;
  bool variant_sent = false;
  int checked = 0;
  const size_t end = g.record.size() + size_t(g.plies);
  for (size_t ply = 0; ply < end && !game->result().over(); ++ply) {
    const Color stm = game->position().side_to_move();
    std::string move;
    if (stm == g.bot) {
      if (!variant_sent) bridge.send("setoption name USI_Variant value chushogi");
      variant_sent = true;
      std::string position = "position sfen " + g.sfen + " moves ";
      for (size_t i = 0; i < moves.size(); ++i) position += (i ? " " : "") + moves[i];
      bridge.send(position);
      // Sente is Black (btime); the bridge sends the time less the increment.
      const int64_t available = ply < 2 ? 1000 : clock[stm] + inc;
      const std::string go = ply < 2 ? "go movetime 1000"
                                     : "go btime " + std::to_string(std::max<int64_t>(clock[FIRST], 0)) + " wtime " +
                                           std::to_string(std::max<int64_t>(clock[SECOND], 0)) + " binc " +
                                           std::to_string(inc) + " winc " + std::to_string(inc);
      const auto start = std::chrono::steady_clock::now();
      bridge.send(go);
      const std::string best = bridge.until("bestmove", int(available) + 2000);
      const int64_t ms =
          std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
      EXPECT_LT(ms, available) << g.name << " ply " << ply << ": " << go;
      if (ply >= 2) clock[stm] += inc - ms;
      std::istringstream words(best);
      std::string word;
      words >> word >> move;
      auto legal = game->parse(move);
      EXPECT_TRUE(legal.ok()) << g.name << " ply " << ply << ": " << best << ": " << legal.error();
      if (!legal.ok()) return checked;
      ++checked;
      // The record's move, where there is one, is what was played on lishogi.
      if (ply < g.record.size()) move = g.record[ply];
    } else if (ply < g.record.size()) {
      move = g.record[ply];
    } else {
      Position pos = game->position();
      MoveList list;
      generate_legal(pos, list);
      if (list.count == 0) break;
      move = move_to_text(pos, list.moves[(ply * 7919) % size_t(list.count)]);
    }
    auto played = game->play(move);
    EXPECT_TRUE(played.ok()) << g.name << " ply " << ply << " '" << move << "': " << played.error();
    if (!played.ok()) return checked;
    moves.push_back(move);
  }
  if (game->result().over()) transcript.push_back("# " + game->result().text());
  bridge.send("stop");
  bridge.send("quit");
  bridge.stop();
  return checked;
}

// From the start: a Lion's pass right after the other Lion's pass (6e5e6e answers 7h7g7h), which
// seed 003 forbids and lishogi allows. The bot plays Black: asked first with a bare "moves ", then
// with the pass after the pass in its position. Before, Kirin refused that position and answered
// with a move of the previous one, for the wrong side.
TEST(LishogiBotTranscript, PassAfterPassFromTheStart) {
  std::vector<std::string> transcript;
  const BotGame g{"pass after pass", kChuStart, {"7j7h", "6c6e", "7h7g7h", "6e5e6e"}, FIRST, 16};
  const int checked = play(g, transcript);
  EXPECT_EQ(checked, 10);
  std::string all;
  for (const auto& l : transcript) all += l + "\n";
  EXPECT_NE(all.find("<< position sfen " + std::string(kChuStart) + " moves \n"), std::string::npos) << all;
  EXPECT_NE(all.find(" moves 7j7h 6c6e 7h7g7h 6e5e6e\n<< go btime "), std::string::npos) << all;
  EXPECT_EQ(all.find("usinewgame"), std::string::npos);
  EXPECT_EQ(all.substr(all.size() - 16), "<< stop\n<< quit\n");
}

// A White Gold takes the Black Lion on 3d; the Black Horned Falcon then takes the White Lion on
// the mid square of its double move (7h7g7h, igui), which lishogi's server accepts during the
// counter-strike ban. The bot plays Black: asked while the ban holds, it chooses that very move
// (a Lion for nothing), and every move it makes must be legal by lishogi's rules. The game is
// played to its end (here a King taken: the opponent's moves after the record are a fixed pick).
TEST(LishogiBotTranscript, MidSquareCounterStrike) {
  std::vector<std::string> transcript;
  // Each side has Golds by its King besides, so that neither is bared at once (lishogi's rule).
  const std::string sfen = "kg10/g11/9g2/9N2/12/12/5n6/5+H6/12/12/11G/9G1K w - 1";
  const BotGame g{"mid-square counter-strike", sfen, {"3c3d", "7h7g7h"}, FIRST, 20};
  const int checked = play(g, transcript);
  std::string all;
  for (const auto& l : transcript)
    if (l.rfind(">> info", 0) != 0) all += l + "\n";
  EXPECT_GE(checked, 3) << all;
  // Taking the Lion for nothing is the move, and only lishogi's rules have it.
  EXPECT_NE(all.find(" moves 3c3d\n<< go movetime 1000\n>> bestmove 7h7g7h"), std::string::npos) << all;
  EXPECT_NE(all.find("\n# "), std::string::npos) << all;  // played to its end
  EXPECT_NE(all.find(" moves 3c3d 7h7g7h "), std::string::npos) << all;
}

}  // namespace
}  // namespace kirin
