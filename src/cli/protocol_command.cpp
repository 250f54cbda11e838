// kirin usi | uci | xboard: the engine protocols on standard input and output.
#include <iostream>

#include "cli/commands.h"
#include "protocol/protocols.h"

namespace kirin::cli {

std::function<int()> add_protocols(CLI::App& app) {
  auto* usi = app.add_subcommand("usi", "USI engine (lishogi dialect: Chu Shogi, Chu Seireigi)");
  usi->footer(
      "USI_Variant names the game and its rules:\n"
      "  chushogi            Chu Shogi by lishogi's rules (lishogi's variant key; its server is the referee)\n"
      "  chushogi-seed       Chu Shogi by the seed's rules (Kirin's default elsewhere)\n"
      "  chushogi-lishogi    the same as chushogi\n"
      "  chushogi-jcsa       Chu Shogi by the Japan Chu Shogi Association's rules\n"
      "  chuseireigi         Chu Seireigi\n"
      "  chuseireigi-legacy  Chu Seireigi by its older rules\n"
      "Started as kirin-usi (a link to kirin), Kirin speaks USI without the word usi.");
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
