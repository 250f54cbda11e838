// WXF (AXF) notation for xiangqi moves (notation/relative_move.h): piece letter (K A E H R C P),
// the file it stands on counted from its own side's right (1-9), then + forward, - backward or
// = sideways, then the new file (sideways moves and the diagonal movers A, E, H) or the number
// of ranks moved. Two like pieces on one file: "+" (front) or "-" (rear) replaces the file
// digit, e.g. R+=4, C--1; a middle one of three keeps its digit. The Advisor and the Elephant
// keep the file digit (their move is never ambiguous).
// Read as well, as the WXF site and the collections write it: the tandem marker before the
// letter (+P+1, -C=4), "." for "=" (P+.4), four or five Soldiers on a file (++.4 foremost, P+.4
// second, P3.4 middle, P-.4, --.4), Soldiers in tandem on two files (3+.4, 33.4, 3-.4: the file
// in place of the letter), full-width forms (Ｃ２＝５), lower case (playOK's Black), letters
// B/N/G/S for E/H/K/P.
#pragma once
#include <string>
#include <string_view>

#include "core/move.h"
#include "core/result.h"
#include "notation/relative_move.h"
#include "rules/position.h"

namespace kirin {

std::string move_to_wxf(const Position& pos, Move m);
// What a WXF text names, or why it is not WXF.
Result<MoveSpec> read_wxf(std::string_view text);
// Finds the legal move written as `text`; an illegal one gets the reason, as parse_move gives
// it, and one that fits several moves says so.
Result<Move> parse_wxf(Position& pos, std::string_view text);
// Does the text look like WXF rather than ICCS?
bool looks_like_wxf(std::string_view text);
// The one legal move that fits `spec` (written `text`), or why none or several do.
Result<Move> single_fitting(Position& pos, const MoveSpec& spec, std::string_view text);

}  // namespace kirin
