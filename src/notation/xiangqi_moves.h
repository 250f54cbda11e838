// A xiangqi move in any notation a record or a player may use: Chinese (炮二平五), WXF in all its
// forms (C2=5, +P+1, Ｃ２＝５, c2.5), ICCS (h2e2, h2-e2, H2-E2) and XBoard's SAN (Che2, Hxg7).
#pragma once
#include <string_view>
#include <vector>

#include "core/move.h"
#include "core/result.h"
#include "rules/position.h"

namespace kirin {

Result<Move> parse_xiangqi_move(Position& pos, std::string_view text);
// A word holding moves written without blanks between them (Chinese 炮二平五马８进７, WXF
// C2=5H8+7), split into its moves; any other word comes back whole.
std::vector<std::string_view> split_glued_moves(std::string_view word);

}  // namespace kirin
