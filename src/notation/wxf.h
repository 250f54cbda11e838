// WXF (AXF) notation for xiangqi moves: piece letter (K A E H R C P), the file it stands on
// counted from its own side's right (1-9), then + forward, - backward or = sideways (also
// written "."), then the new file (sideways moves and the diagonal movers A, E, H) or the
// number of ranks moved. Two like pieces on one file: "+" (front) or "-" (rear) replaces the
// file digit, e.g. R+=4, C--1; a middle one of three keeps its digit. The Advisor and the
// Elephant keep the file digit (their move is never ambiguous).
#pragma once
#include <string>
#include <string_view>

#include "core/move.h"
#include "core/result.h"
#include "rules/position.h"

namespace kirin {

std::string move_to_wxf(const Position& pos, Move m);
// Finds the legal move written as `text` (letters B/N/G accepted for E/H/K, "." for "=");
// an illegal one gets the reason, as parse_move gives it.
Result<Move> parse_wxf(Position& pos, std::string_view text);
// Does the text look like WXF rather than ICCS?
bool looks_like_wxf(std::string_view text);

}  // namespace kirin
