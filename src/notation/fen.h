// FEN (xiangqi) and SFEN (Chu Shogi as lishogi writes it, Chu Seireigi with hands) for positions.
#pragma once
#include <string>
#include <string_view>

#include "core/result.h"
#include "rules/position.h"

namespace kirin {

// Reads a position; a malformed field or a position that breaks the game's invariants is an
// error naming the field and the offending character or piece. Setup::PROBLEM accepts a side to
// move without a royal piece (a mate problem), nothing else.
Result<Position> parse_fen(const VariantPtr& v, std::string_view fen, Setup setup = Setup::GAME);
std::string to_fen(const Position& pos);

// The start position of a variant.
Position start_position(const VariantPtr& v);

}  // namespace kirin
