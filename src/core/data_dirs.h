// Where Kirin finds the files it ships beside the executable: the games' nets, the built web UI
// and the puzzles. One order everywhere: what the user named (KIRIN_NETS, --web, --puzzles), then
// the installed layout relative to the executable (/usr/games/kirin -> /usr/share/kirin/...), then
// the source tree the build came from, so a package, a copied install and a build tree all work.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kirin::data {

// The installed folder of `sub` for an executable at `exe`: <exe's folder>/../share/kirin/<sub>
// (/usr/games/kirin and /usr/bin/kirin both give /usr/share/kirin/<sub>); "" for no `exe`.
std::string installed_dir(const std::string& exe, std::string_view sub);

// The folders to search, best first: the override alone when there is one (a folder named on
// purpose is not second-guessed), else the installed folder and then the built-in one, leaving
// out those that are "".
std::vector<std::string> search_dirs(const std::optional<std::string>& override_dir, const std::string& installed,
                                     const std::string& built_in);

// The first of `dirs` that holds `name` (a file or a folder), as a path; "" when none does.
std::string first_holding(const std::vector<std::string>& dirs, const std::string& name);

// This process's executable (/proc/self/exe, symlinks resolved, so /usr/games/kirin-uci gives
// /usr/games/kirin); "" in WebAssembly or where it cannot be read.
std::string executable_path();

// The folders this process searches for the games' nets (KIRIN_NETS, or the installed and the
// built-in data/nets).
std::vector<std::string> net_dirs();
// A game's default net, <folder>/<game>.nnue in the first of net_dirs() that has it; "" for none.
std::string net_file(const std::string& game);
// Whether KIRIN_NETS chose the nets' folder (then a missing net is the user's choice).
bool nets_overridden();

// `kirin serve`'s folders when --web or --puzzles is not given: the installed one when it
// exists, else the source tree's (web/dist, data/puzzles), which may not exist yet.
std::string web_dir();
std::string puzzles_dir();

}  // namespace kirin::data
