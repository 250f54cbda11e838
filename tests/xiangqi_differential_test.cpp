// Kirin's xiangqi moves against Fairy-Stockfish (Debian's fairy-stockfish, installed by
// scripts/deps.sh) on positions reached by random play: the `go perft 1` divide of each
// position must list exactly Kirin's legal moves. Fairy-Stockfish numbers the ranks 1-10, Kirin
// 0-9; the moves are converted before comparing.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "differential/external_program.h"
#include "differential/random_playout.h"
#include "notation/fen.h"

using namespace kirin;
using namespace kirin::testing_support;

namespace {

const char* const kFairyStockfish = "/usr/games/fairy-stockfish";

struct GameSetup {
  const char* name;
  const char* fen;
  int games, plies;
};
const GameSetup kSetups[] = {
    {"start", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 12, 80},
    {"perft middle game", "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1", 8, 40},
    {"perft end game", "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", 8, 40},
};

// Kirin's ICCS (ranks 0-9) as Fairy-Stockfish writes it (ranks 1-10): h2e2 -> h3e3.
std::string one_based(const std::string& iccs) {
  std::string out;
  for (char c : iccs)
    out += c >= '0' && c <= '9' ? (c == '9' ? std::string("10") : std::string(1, char(c + 1))) : std::string(1, c);
  return out;
}

struct Sample {
  std::string setup, line, fen;
  std::set<std::string> kirin;
};

// Fairy-Stockfish's moves for each FEN, in order: one `go perft 1` per position.
std::vector<std::set<std::string>> fairy_moves(const std::vector<std::string>& fens) {
  EXPECT_TRUE(std::filesystem::exists(kFairyStockfish)) << kFairyStockfish << " is missing: run scripts/deps.sh";
  std::string input = "uci\nsetoption name UCI_Variant value xiangqi\n";
  for (const auto& f : fens) input += "position fen " + f + "\ngo perft 1\n";
  input += "quit\n";
  ProgramRun run = run_filter(kFairyStockfish, input, "fairy");
  EXPECT_EQ(run.status, 0) << run.error_text;
  std::vector<std::set<std::string>> out(1);
  for (const auto& line : run.lines) {
    if (line.rfind("Nodes searched:", 0) == 0) {
      out.emplace_back();
      continue;
    }
    auto colon = line.find(": ");
    if (colon != std::string::npos && colon >= 4 && colon <= 6 && line[0] >= 'a' && line[0] <= 'i')
      out.back().insert(line.substr(0, colon));
  }
  out.pop_back();  // nothing follows the last "Nodes searched"
  EXPECT_EQ(out.size(), fens.size()) << "Fairy-Stockfish answered " << out.size() << " of " << fens.size()
                                     << " positions";
  out.resize(fens.size());
  return out;
}

TEST(XiangqiDifferential, RandomGamesMatchFairyStockfish) {
  auto v = make_variant(GameId::XIANGQI);
  Rng rng(20261122);
  std::vector<Sample> samples;
  int in_check = 0;
  for (const GameSetup& setup : kSetups) {
    auto start = parse_fen(v, setup.fen);
    ASSERT_TRUE(start.ok()) << setup.name << ": " << start.error();
    for (int g = 0; g < setup.games; ++g)
      random_playout(*start, rng, setup.plies, [&](Position& pos, const std::string& line) {
        MoveList list;
        generate_legal(pos, list);
        Sample s{setup.name, line, to_fen(pos), {}};
        for (Move m : list) s.kirin.insert(one_based(move_to_text(pos, m)));
        in_check += pos.in_check();
        samples.push_back(s);
      });
  }
  std::vector<std::string> fens;
  for (const auto& s : samples) fens.push_back(s.fen);
  const auto fairy = fairy_moves(fens);
  int differing = 0;
  for (size_t i = 0; i < samples.size(); ++i) {
    const Sample& s = samples[i];
    std::vector<std::string> only_kirin, only_fairy;
    for (const auto& m : s.kirin)
      if (!fairy[i].count(m)) only_kirin.push_back(m);
    for (const auto& m : fairy[i])
      if (!s.kirin.count(m)) only_fairy.push_back(m);
    if (only_kirin.empty() && only_fairy.empty()) continue;
    if (++differing <= 20)
      ADD_FAILURE() << "Kirin and Fairy-Stockfish differ in " << s.fen << "\n  reached from setup '" << s.setup
                    << "' by: " << s.line << "\n  only Kirin (ranks 1-10):    " << joined(only_kirin)
                    << "\n  only Fairy-Stockfish:       " << joined(only_fairy);
  }
  std::printf("[ xiangqi ] %zu positions (%d in check), %d with differences\n", samples.size(), in_check, differing);
  EXPECT_EQ(differing, 0);
  EXPECT_GE(samples.size(), 500u);
}

}  // namespace
