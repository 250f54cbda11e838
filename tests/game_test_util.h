// Helpers for the Game tests: play a move list from a position and report the first refusal.
#pragma once
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "game/game.h"

namespace kirin {
inline void PrintTo(const GameResult& r, std::ostream* os) { *os << "\"" << r.text() << "\""; }
}  // namespace kirin

namespace kirin::test {

// Plays the space-separated moves; returns "" or "move N 'text': error" for the first refused.
inline std::string play_all(Game& g, const std::string& moves) {
  std::istringstream in(moves);
  std::string m;
  int n = 0;
  while (in >> m) {
    ++n;
    auto r = g.play(m);
    if (!r) return "move " + std::to_string(n) + " '" + m + "': " + r.error();
  }
  return "";
}

// Plays `before` (the game must go on), then `last`, which must end it with `result`.
inline void expect_ends_on(Game& g, const std::string& before, const std::string& last, const GameResult& result) {
  ASSERT_EQ(play_all(g, before), "");
  EXPECT_FALSE(g.over());
  ASSERT_EQ(play_all(g, last), "");
  EXPECT_EQ(g.result(), result);
}

inline Game game_at(GameId id, const std::string& fen = "", RuleOptions o = {}) {
  auto v = make_variant(id, o);
  if (fen.empty()) return Game(v);
  auto g = Game::from_fen(v, fen);
  EXPECT_TRUE(g.ok()) << (g.ok() ? "" : g.error());
  return std::move(*g);
}

// Repeats a move string n times, separated by spaces.
inline std::string times(int n, const std::string& moves) {
  std::string s;
  for (int i = 0; i < n; ++i) s += moves + " ";
  return s;
}

}  // namespace kirin::test
