// The protocol front ends: each reads commands from `in` until "quit" or the end of input and
// writes replies to `out`. Garbage or out-of-order commands get one error line, never a crash
// or a hang. The return value is the process exit code.
#pragma once
#include <iosfwd>

namespace kirin::protocol {

// USI as lishogi speaks it: USI_Variant chushogi|chuseireigi, lishogi SFEN, 7g7f7e Lion moves.
int run_usi(std::istream& in, std::ostream& out);
// UCI for xiangqi in Pikafish's conventions (h2e2, ranks 0-9); the "ucci" handshake switches
// to UCCI 3.0 basics (ucciok, banmoves, nobestmove, bye).
int run_uci(std::istream& in, std::ostream& out);
// CECP (XBoard) v2: variant chu, xiangqi, and chuseireigi as an engine-defined variant.
int run_xboard(std::istream& in, std::ostream& out);

}  // namespace kirin::protocol
