// kirin: the command-line front end over libkirin.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <map>
#include <string_view>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/version.h"
#include "protocol/protocols.h"

namespace {

// Started as kirin-usi, kirin-uci or kirin-xboard (links to kirin, as the package installs
// them), Kirin speaks that protocol at once: GUIs and bridges such as Lishogi-Bot take an
// engine as one executable file, without arguments.
int protocol_by_name(const char* argv0) {
  std::string_view name = argv0;
  if (const size_t slash = name.rfind('/'); slash != std::string_view::npos) name.remove_prefix(slash + 1);
  auto run = name == "kirin-usi"      ? kirin::protocol::run_usi
             : name == "kirin-uci"    ? kirin::protocol::run_uci
             : name == "kirin-xboard" ? kirin::protocol::run_xboard
                                      : nullptr;
  if (!run) return -1;
  std::ios::sync_with_stdio(false);
  return run(std::cin, std::cout);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace kirin::cli;
  if (argc >= 1) {
    const int code = protocol_by_name(argv[0]);
    if (code >= 0) return code;
  }
  CLI::App app{"Kirin: Chu Seireigi, Chu Shogi and Xiangqi engine"};
  app.require_subcommand(1);
  std::map<CLI::App*, std::function<int()>> run;
  for (auto add : {add_perft, add_moves, add_bench, add_replay, add_play, add_protocols, add_match, add_serve,
                   add_print, add_diagram, add_mate, add_puzzles, add_analyse, add_selfplay, add_nnue, add_accounts}) {
    size_t before = app.get_subcommands({}).size();
    auto fn = add(app);
    auto subs = app.get_subcommands({});
    for (size_t i = before; i < subs.size(); ++i) run[subs[i]] = fn;  // one function may serve several
  }
  app.name("kirin");
  app.set_version_flag(
      "--version", [] { return version_text(); }, "Print the version, the commit and the nets found, and exit");
  if (argc == 1) {  // no command at all: show what there is
    std::fputs(app.help().c_str(), stderr);
    return EXIT_USAGE;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "kirin: %s\n", e.what());
    return EXIT_USAGE;
  }
  for (auto& [sub, fn] : run)
    if (sub->parsed()) return fn();
  return EXIT_USAGE;
}
