// XBoard move and square text: files a.. from the first side's left, ranks from its edge
// (0-9 on a ten-rank board as XBoard writes xiangqi, 1-12 otherwise), promotion '+', drops
// "P@e5", multi-leg moves as two legs "e5e6,e6e7", and a Lion's pass as "e5e5".
#pragma once
#include <string>
#include <string_view>

#include "core/result.h"
#include "rules/position.h"

namespace kirin {

std::string xboard_square(const Variant& v, Square s);
std::string move_to_xboard(const Position& pos, Move m);
Result<Move> parse_xboard_move(Position& pos, std::string_view text);

// A position as XBoard's setboard sends it, rewritten as Kirin's FEN/SFEN (XBoard 4.9.1, seen
// in its logs): xiangqi "rheakaehr/... w 0 1", Horse H and Elephant E; the shogi games
// "lfcsgek.../... w - 0 1", where w is XBoard's White, the side that moves first, and holdings
// (Chu Seireigi) follow the board in brackets, one letter per piece.
std::string fen_from_xboard(GameId g, std::string_view text);

// XBoard's variant names for Kirin's games: "chu", "xiangqi", "chuseireigi".
std::string xboard_variant_name(GameId g);

}  // namespace kirin
