// Helpers shared by the rules tests: positions from FEN and move sets as text.
#pragma once
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "notation/fen.h"
#include "notation/move_text.h"
#include "rules/movegen.h"

namespace kirin::test {

inline Position position(GameId g, const std::string& fen, const RuleOptions& o = {}) {
  auto p = parse_fen(make_variant(g, o), fen);
  if (!p) ADD_FAILURE() << "bad test FEN " << fen << ": " << p.error();
  return std::move(*p);
}

inline std::set<std::string> legal_moves(Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  std::set<std::string> out;
  for (Move m : list) out.insert(move_to_text(pos, m));
  return out;
}

// Legal moves whose text starts with `prefix` (a from-square such as "7g", or "P*").
inline std::set<std::string> legal_moves(Position& pos, const std::string& prefix) {
  std::set<std::string> out;
  for (const auto& m : legal_moves(pos))
    if (m.compare(0, prefix.size(), prefix) == 0) {
      // "1a" must not match "12a...": the square name must end where the prefix ends
      char next = m.size() > prefix.size() ? m[prefix.size()] : 0;
      if (!(prefix.back() >= '0' && prefix.back() <= '9' && next >= '0' && next <= '9')) out.insert(m);
    }
  return out;
}

inline void play(Position& pos, const std::string& text) {
  auto m = parse_move(pos, text);
  ASSERT_TRUE(m.ok()) << text << ": " << m.error();
  pos.do_move(*m);
}

}  // namespace kirin::test
