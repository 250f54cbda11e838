// The notations a player may choose to read moves in, one name for each everywhere (the API's
// ?notation=, the pages' choice): xiangqi's WXF (H2+3), Chinese (炮二平五 马８进７, simplified or
// traditional) and ICCS (h2e2); the shogi games' Western and Japanese as lishogi writes them
// (notation/lishogi_moves.h) and USI (7g7f). One writer for every screen.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "core/move.h"
#include "core/result.h"
#include "rules/position.h"

namespace kirin {

enum class Notation { WXF, CHINESE, CHINESE_TRADITIONAL, ICCS, WESTERN, JAPANESE, USI };

// "wxf", "chinese", "chinese-traditional", "iccs", "western", "japanese", "usi".
std::string_view notation_name(Notation n);
// The notation called `name`, if `v`'s game is written in it; else why not, naming those it is.
Result<Notation> parse_notation(std::string_view name, const Variant& v);
// As above for xiangqi (`xiangqi`) or the shogi games, `games` naming them in the refusal.
Result<Notation> parse_notation(std::string_view name, bool xiangqi, std::string_view games);
// As parse_notation, where no name ("") chooses none (the writer's caller has its own default).
Result<std::optional<Notation>> chosen_notation(std::string_view name, const Variant& v);
// `m` (legal in `pos`) in notation `n`; `last_to`: where the previous move went (Japanese 同).
std::string write_move(const Position& pos, Move m, Notation n, Square last_to = NO_SQUARE);

}  // namespace kirin
