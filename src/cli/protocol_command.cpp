// kirin usi | uci | xboard: the engine protocols on standard input and output.
#include <iostream>

#include "cli/commands.h"
#include "protocol/protocols.h"

namespace kirin::cli {

std::function<int()> add_protocols(CLI::App& app) {
  auto* usi = app.add_subcommand("usi", "USI engine (lishogi dialect: Chu Shogi, Chu Seireigi)");
  auto* uci = app.add_subcommand("uci", "UCI engine for xiangqi (Pikafish conventions); accepts the UCCI handshake");
  auto* xboard = app.add_subcommand("xboard", "CECP/XBoard v2 engine (chu, xiangqi, chuseireigi)");
  return [=]() -> int {
    std::ios::sync_with_stdio(false);
    if (usi->parsed()) return protocol::run_usi(std::cin, std::cout);
    if (uci->parsed()) return protocol::run_uci(std::cin, std::cout);
    if (xboard->parsed()) return protocol::run_xboard(std::cin, std::cout);
    return 2;
  };
}

}  // namespace kirin::cli
