// Kirin's Chu Shogi moves against lishogi's rules library (shogiops, installed by scripts/deps.sh
// into tests/differential) on positions reached by random play: from the start, from the Three
// Lions handicap, and from setups with Lions, Falcons, Eagles and Kirins close together.
// Both sides are compared as sets of move effects (see tests/differential/shogiops_moves.mjs).
// A difference fails the test unless it is one of the deliberate differences named below.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "differential/external_program.h"
#include "differential/random_playout.h"
#include "notation/fen.h"

using namespace kirin;
using namespace kirin::testing_support;

namespace {

const std::string kDifferentialDir = std::string(KIRIN_TEST_DATA) + "/../differential";

// Setups that bring Lions (and other Lion-power pieces) close: bridge captures, igui, double
// captures, hidden protectors, counter-strike.
struct GameSetup {
  const char* name;
  const char* sfen;
  int games, plies;
};
const GameSetup kSetups[] = {
    {"start", "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1", 4, 130},
    {"three lions", "lfcsgekgscfl/a1b1txxt1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1T+O+OT1B1A/LFCSGKEGSCFL w - 1", 2, 100},
    {"lions two apart, pawn guards", "l4k5l/12/2r6b2/3pppppp3/4ig1n4/5p6/4N1I5/3P1PG5/3PPPPPP3/2B6R2/12/L5K4L b - 1", 12, 30},
    {"falcons, eagles, kirins", "5k6/12/3+h2+d5/2p2n1p4/4o1x5/3P2N5/5O1T4/4+D1+H5/12/2R9/12/6K5 b - 1", 12, 30},
    {"promoted kirins, hidden sliders", "k11/12/1q4+o5/3n2p5/2b2n1i4/5N2+M3/3+O1P1N4/2Q5R3/12/12/12/11K b - 1", 12, 30},
    {"lions adjacent behind pawns", "4k7/12/4r2+h4/3pppp5/4npi5/4PNI5/3PPP6/4+D7/12/12/12/7K4 w - 1", 12, 30},
};

struct Sample {
  std::string setup, line, fen;
  Position pos;
  std::map<std::string, Move> kirin;  // effect -> Kirin's move
};

// The effect of a move as shogiops_moves.mjs writes it.
std::string effect(const Position& pos, Move m) {
  if (m.has_mid() && pos.at(m.mid()) == EMPTY) {
    if (m.stays()) return "pass";
    return move_to_text(pos, Move::normal(m.from(), m.to(), m.is_promotion()));
  }
  return move_to_text(pos, m);
}

std::map<std::string, Move> kirin_effects(Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  std::map<std::string, Move> out;
  for (Move m : list) out.emplace(effect(pos, m), m);
  return out;
}

// shogiops's effects for each SFEN, in order.
std::vector<std::vector<std::string>> shogiops_effects(const std::vector<std::string>& sfens) {
  const std::string modules = kDifferentialDir + "/node_modules/shogiops";
  EXPECT_TRUE(std::filesystem::exists(modules)) << modules << " is missing: run scripts/deps.sh";
  std::string input;
  for (const auto& s : sfens) input += s + "\n";
  ProgramRun run = run_filter("node '" + kDifferentialDir + "/shogiops_moves.mjs'", input, "shogiops");
  EXPECT_EQ(run.status, 0) << run.error_text;
  EXPECT_EQ(run.lines.size(), sfens.size()) << run.error_text;
  std::vector<std::vector<std::string>> out;
  for (const auto& l : run.lines) out.push_back(split_words(l));
  out.resize(sfens.size());
  return out;
}

bool is_token(const Position& pos, Square s, const char* token) {
  return is_piece(pos.at(s)) && pos.variant().kind(kind_of(pos.at(s))).token == token;
}

bool is_lion_at(const Position& pos, Square s) {
  return is_piece(pos.at(s)) && pos.variant().is_lion(kind_of(pos.at(s)));
}

// The name of the deliberate difference that explains a move only one side lists, or "".
// `m` is Kirin's move for a Kirin-only effect, none for a shogiops-only one.
std::string known_difference(const Position& pos, const std::string& eff, Move m) {
  const Color us = pos.side_to_move();
  if (m.is_none() && eff == "pass" && pos.last_was_pass())
    return "PassRightAfterPass: seed 003 forbids it, shogiops allows it";
  if (!m.is_none() && m.has_mid() && !m.stays() && is_lion_at(pos, m.from()) &&
      is_enemy(pos.at(m.mid()), us) && (is_token(pos, m.mid(), "P") || is_token(pos, m.mid(), "I")) &&
      is_enemy(pos.at(m.to()), us) && is_lion_at(pos, m.to()) && distance(m.from(), m.to()) > 1)
    return "LionTakesOnlyPawnProtector: seed 003 allows taking a Lion together with the Pawn or "
           "Go-Between that alone protected it, shogiops still counts the Pawn";
  return "";
}

// Two opposing Lions within two squares of each other.
bool lions_close(const Position& pos) {
  for (Square a : pos.pieces(FIRST))
    for (Square b : pos.pieces(SECOND))
      if (is_lion_at(pos, a) && is_lion_at(pos, b) && distance(a, b) <= 2) return true;
  return false;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& w : v) s += (s.empty() ? "" : " ") + w;
  return s.empty() ? "(none)" : s;
}

struct Comparison {
  int positions = 0, unexplained = 0;
  std::map<std::string, int> known;  // difference name -> moves
};

// Compares every sample; reports each unexplained difference with its position and line.
Comparison compare(const std::vector<Sample>& samples) {
  std::vector<std::string> sfens;
  for (const auto& s : samples) sfens.push_back(s.fen);
  const auto ops = shogiops_effects(sfens);
  Comparison c;
  for (size_t i = 0; i < samples.size(); ++i) {
    const Sample& s = samples[i];
    ++c.positions;
    std::set<std::string> theirs(ops[i].begin(), ops[i].end());
    std::vector<std::string> only_kirin, only_ops;
    for (const auto& [eff, m] : s.kirin)
      if (!theirs.count(eff)) {
        std::string why = known_difference(s.pos, eff, m);
        if (why.empty()) only_kirin.push_back(eff);
        else ++c.known[why];
      }
    for (const auto& eff : theirs)
      if (!s.kirin.count(eff)) {
        std::string why = known_difference(s.pos, eff, Move::none());
        if (why.empty()) only_ops.push_back(eff);
        else ++c.known[why];
      }
    if (only_kirin.empty() && only_ops.empty()) continue;
    if (++c.unexplained <= 20)
      ADD_FAILURE() << "Kirin and shogiops differ in " << s.fen << "\n  reached from setup '" << s.setup
                    << "' by: " << s.line << "\n  only Kirin:     " << joined(only_kirin)
                    << "\n  only shogiops:  " << joined(only_ops);
  }
  return c;
}

Sample sample_of(Position& pos, const std::string& setup, const std::string& line) {
  return Sample{setup, line, to_fen(pos), pos, kirin_effects(pos)};
}

TEST(ChuShogiDifferential, RandomGamesMatchShogiops) {
  auto v = make_variant(Game::CHUSHOGI);
  Rng rng(20261122);
  std::vector<Sample> samples;
  int close = 0;
  for (const GameSetup& setup : kSetups) {
    auto start = parse_fen(v, setup.sfen);
    ASSERT_TRUE(start.ok()) << setup.name << ": " << start.error();
    for (int g = 0; g < setup.games; ++g)
      random_playout(*start, rng, setup.plies, [&](Position& pos, const std::string& line) {
        // The SFEN must describe the position completely: reading it back gives the same key.
        auto back = parse_fen(v, to_fen(pos));
        ASSERT_TRUE(back.ok()) << to_fen(pos) << ": " << back.error();
        EXPECT_EQ(back->key(), pos.key()) << to_fen(pos);
        close += lions_close(pos);
        samples.push_back(sample_of(pos, setup.name, line));
      });
  }
  Comparison c = compare(samples);
  std::printf("[ chushogi ] %d positions (%d with opposing Lions within two squares), %d with unexplained differences\n",
              c.positions, close, c.unexplained);
  for (const auto& [why, n] : c.known) std::printf("[ chushogi ] known difference, %d moves: %s\n", n, why.c_str());
  EXPECT_EQ(c.unexplained, 0);
  EXPECT_GE(c.positions, 500);
  EXPECT_GE(close, 200);
}

}  // namespace
