// Move generation from the compiled tables: one shared mechanism for all three games.
#pragma once
#include "core/move.h"
#include "rules/position.h"

namespace kirin {

enum class GenType { ALL, CAPTURES, QUIETS };

// Pseudo-legal moves: every move the pieces can make, before the royal-safety test, the
// Lion-trading rules and uchifuzume (Position::legal). Each distinct effect appears once: a
// Lion double step through an empty square is its jump, and there is at most one pass.
template <GenType T>
void generate(const Position& pos, MoveList& list);

// Legal moves only.
void generate_legal(Position& pos, MoveList& list);
bool has_legal_move(Position& pos);
// How many legal moves there are, without listing them (perft's last ply).
uint64_t count_legal(Position& pos);

}  // namespace kirin
