// One position as a line of text, the way self-play records hold it (docs/selfplay-format.md):
//   <side to move 0|1>;<square>:<piece>,...;<piece>:<count>,...
// with squares as y * files + x and pieces as Kirin's piece bytes, in decimal. `kirin nnue`
// reads and writes it so the trainer (scripts/nnue) can hand positions to the C++ side.
#pragma once
#include <string>
#include <string_view>

#include "core/result.h"
#include "rules/position.h"

namespace kirin::nnue {

std::string position_text(const Position& pos);
// A position of game `v` from such a line; a problem setup (a side may lack its royal).
Result<Position> parse_position_text(const VariantPtr& v, std::string_view line);

}  // namespace kirin::nnue
