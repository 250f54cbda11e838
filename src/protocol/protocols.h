// The protocol front ends: each reads commands from `in` until "quit" or the end of input and
// writes replies to `out`. Garbage or out-of-order commands get one error line, never a crash
// or a hang. The return value is the process exit code.
#pragma once
#include <functional>
#include <iosfwd>
#include <memory>
#include <string_view>

namespace kirin::protocol {

// USI as lishogi speaks it: USI_Variant chushogi|chuseireigi, lishogi SFEN, 7g7f7e Lion moves.
int run_usi(std::istream& in, std::ostream& out);
// UCI for xiangqi in Pikafish's conventions (h2e2, ranks 0-9); the "ucci" handshake switches
// to UCCI 3.0 basics (ucciok, banmoves, nobestmove, bye).
int run_uci(std::istream& in, std::ostream& out);
// CECP (XBoard) v2: variant chu, xiangqi, and chuseireigi as an engine-defined variant.
int run_xboard(std::istream& in, std::ostream& out);

// For a host that owns the input loop and has one thread (the WebAssembly build in a Web
// Worker): lines are handed in one at a time and a search runs inside feed(), calling `yield`
// every 1024 nodes (Engine::set_yield). From inside yield the host hands in the lines that came
// meanwhile, in order, up to the first that waits(): that one (a command that changes the
// engine, during a finite search) and those behind it go in after feed() has returned, as a
// threaded session would wait for the search.
class LineSession {
 public:
  virtual ~LineSession() = default;
  // false once "quit" has been read
  virtual bool feed(std::string_view line) = 0;
  virtual bool waits(std::string_view line) const = 0;
};

std::unique_ptr<LineSession> usi_session(std::ostream& out, std::function<void(bool waiting)> yield);
std::unique_ptr<LineSession> uci_session(std::ostream& out, std::function<void(bool waiting)> yield);

}  // namespace kirin::protocol
