// Chinese notation for xiangqi moves (炮二平五 马８进７), the way most of the world's records are
// written (XQBase-style PGN, XQStudio, Chinese books and sites): the piece, the file it stands on
// (Red counts in Chinese numerals, Black in digits, each from its own right), 进 forward, 退
// backward or 平 sideways, then the new file or the ranks moved -- the same relative move as WXF
// (notation/relative_move.h). Like pieces on one file: 前/后 (front/rear) before the piece, 中 for
// the middle one of three, 一二三四五 counted from the front for four or five Soldiers.
// Read: simplified and traditional characters (帅帥将將 仕士 相象 马馬傌 车車俥伡 炮砲包 兵卒,
// 进進上 退下 平, 前 后後 中), Chinese numerals, ASCII and full-width digits for either side, the place
// word before or after the piece (前炮, 炮前), and Soldiers in tandem on two files named by the
// file (前三平四, like WXF's 3+.4). docs/records.md says which forms the writer chooses.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/move.h"
#include "core/result.h"
#include "notation/relative_move.h"
#include "rules/position.h"

namespace kirin {

enum class ChineseScript { SIMPLIFIED, TRADITIONAL };

std::string move_to_chinese(const Position& pos, Move m, ChineseScript script = ChineseScript::SIMPLIFIED);
Result<MoveSpec> read_chinese(std::string_view text);
Result<Move> parse_chinese(Position& pos, std::string_view text);
// Does the text hold a Chinese move's direction word (进 退 平)?
bool looks_like_chinese(std::string_view text);
// Moves written without a blank between them ("炮二平五马８进７"): each ends one character after
// its direction word; what follows the last one (a result, "1-0") is a part of its own. Text
// without a direction word comes back whole.
std::vector<std::string_view> split_chinese_moves(std::string_view text);

}  // namespace kirin
