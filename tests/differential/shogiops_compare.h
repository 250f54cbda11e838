// Kirin's Chu Shogi moves beside shogiops's (lishogi's rules library, run by node through
// shogiops_moves.mjs), compared as sets of move effects, and what the Lion-trading rules did in
// the positions compared (the comparison's coverage).
#pragma once
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "external_program.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "rules/movegen.h"

namespace kirin::testing_support {

inline const std::string kDifferentialDir = std::string(KIRIN_TEST_DATA) + "/../differential";

struct Sample {
  std::string setup, line, fen;
  Position pos;
  std::map<std::string, Move> kirin;  // effect -> Kirin's move
};

// The effect of a move as shogiops_moves.mjs writes it.
inline std::string effect(const Position& pos, Move m) {
  if (m.has_mid() && pos.at(m.mid()) == EMPTY) {
    if (m.stays()) return "pass";
    return move_to_text(pos, Move::normal(m.from(), m.to(), m.is_promotion()));
  }
  return move_to_text(pos, m);
}

inline std::map<std::string, Move> kirin_effects(Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  std::map<std::string, Move> out;
  for (Move m : list) out.emplace(effect(pos, m), m);
  return out;
}

inline Sample sample_of(Position& pos, const std::string& setup, const std::string& line) {
  return Sample{setup, line, to_fen(pos), pos, kirin_effects(pos)};
}

// shogiops's effects for each SFEN, in order.
inline std::vector<std::vector<std::string>> shogiops_effects(const std::vector<std::string>& sfens) {
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

inline bool is_token(const Position& pos, Square s, const char* token) {
  return is_piece(pos.at(s)) && pos.variant().kind(kind_of(pos.at(s))).token == token;
}

inline bool is_lion_at(const Position& pos, Square s) {
  return is_piece(pos.at(s)) && pos.variant().is_lion(kind_of(pos.at(s)));
}

// Two opposing Lions within two squares of each other.
inline bool lions_close(const Position& pos) {
  for (Square a : pos.pieces(FIRST))
    for (Square b : pos.pieces(SECOND))
      if (is_lion_at(pos, a) && is_lion_at(pos, b) && distance(a, b) <= 2) return true;
  return false;
}

// The name of the deliberate difference that explains a move only one side lists, or "".
// `m` is Kirin's move for a Kirin-only effect, none for a shogiops-only one.
using Explain = std::function<std::string(const Position&, const std::string& effect, Move m)>;

// The effects only one side lists, leaving out the deliberate differences (counted in `known`).
struct Difference {
  std::vector<std::string> only_kirin, only_ops;
  bool empty() const { return only_kirin.empty() && only_ops.empty(); }
};

inline Difference differ(const Sample& s, const std::vector<std::string>& ops, std::map<std::string, int>& known,
                         const Explain& explain) {
  const std::set<std::string> theirs(ops.begin(), ops.end());
  Difference d;
  for (const auto& [eff, m] : s.kirin) {
    if (theirs.count(eff)) continue;
    std::string why = explain(s.pos, eff, m);
    if (why.empty())
      d.only_kirin.push_back(eff);
    else
      ++known[why];
  }
  for (const auto& eff : theirs) {
    if (s.kirin.count(eff)) continue;
    std::string why = explain(s.pos, eff, Move::none());
    if (why.empty())
      d.only_ops.push_back(eff);
    else
      ++known[why];
  }
  return d;
}

inline std::string describe(const Sample& s, const Difference& d) {
  return "Kirin and shogiops differ in " + s.fen + "\n  reached from setup '" + s.setup + "' by: " + s.line +
         "\n  only Kirin:     " + joined(d.only_kirin) + "\n  only shogiops:  " + joined(d.only_ops);
}

// What the Lion-trading rules did in a position: coverage of the comparison.
struct LionCoverage {
  int close = 0;           // opposing Lions within two squares
  int counter_strike = 0;  // a non-Lion just took a Lion
  int refused = 0;         // the Lion-trading rules refused a move the pieces could make
  void add(Position& pos) {
    close += lions_close(pos);
    counter_strike += pos.counter_strike() != NO_SQUARE;
    MoveList pseudo, legal;
    generate<GenType::ALL>(pos, pseudo);
    generate_legal(pos, legal);
    refused += pseudo.size() != legal.size();
  }
};

}  // namespace kirin::testing_support
