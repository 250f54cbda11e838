// The shogi games' moves as lishogi shows them to players (its Western and Japanese notations,
// shogiops' notation/western.ts and japanese.ts), so that a player coming from lishogi reads
// Kirin's move lists as they are used to:
// - Western: the piece's letters, the origin square only when another like piece could go there
//   too, '-' or 'x', the square as two characters (file then rank, 10-12 as a-c: "P-77", "Lnx6c",
//   "+P-12"), '+' for a promotion and '=' for declining one; a Lion's two steps "Ln-78-77" (each
//   step '-' or 'x'), igui "Lnx!78", a pass "--"; a drop "P*55".
// - Japanese: the square in full-width digits and kanji ("７八"), 同　 for a move to the square
//   the last move went to, the piece's kanji, 右 左 上 引 寄 直 中 跳 when another piece of the
//   same name could go there, 成 or 不成; a Lion's two steps "７八・７七獅", igui "７八居喰い", a
//   pass "じっと"; a drop "５五歩" (打 when a piece on the board could go there too).
// Chu Shogi's pieces are named as lishogi names them; Chu Seireigi's, which lishogi does not
// have, by their SFEN letters (Western) and their board kanji (notation/kanji.h).
#pragma once
#include <string>

#include "core/move.h"
#include "rules/position.h"

namespace kirin {

std::string move_to_western(const Position& pos, Move m);
// `last_to`: where the previous move went (NO_SQUARE for none).
std::string move_to_japanese(const Position& pos, Move m, Square last_to);

}  // namespace kirin
