#include "core/data_dirs.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>

#ifndef __EMSCRIPTEN__
#include <unistd.h>
#endif

// The source tree's folders, compiled in by CMake so a build runs from its tree; a package build
// leaves them out (KIRIN_SOURCE_PATHS=OFF) and finds everything in its installed layout.
#ifndef KIRIN_NETS_DIR
#define KIRIN_NETS_DIR ""
#endif
#ifndef KIRIN_WEB_DIST
#define KIRIN_WEB_DIST ""
#endif
#ifndef KIRIN_PUZZLES_DIR
#define KIRIN_PUZZLES_DIR ""
#endif

namespace kirin::data {
namespace fs = std::filesystem;

std::string installed_dir(const std::string& exe, std::string_view sub) {
  if (exe.empty()) return "";
  const fs::path prefix = fs::path(exe).parent_path().parent_path();
  return (prefix / "share" / "kirin" / sub).lexically_normal().string();
}

std::vector<std::string> search_dirs(const std::optional<std::string>& override_dir, const std::string& installed,
                                     const std::string& built_in) {
  if (override_dir) return {*override_dir};
  std::vector<std::string> dirs;
  for (const std::string& d : {installed, built_in})
    if (!d.empty()) dirs.push_back(d);
  return dirs;
}

std::string first_holding(const std::vector<std::string>& dirs, const std::string& name) {
  std::error_code ec;
  for (const std::string& d : dirs)
    if (fs::exists(name.empty() ? fs::path(d) : fs::path(d) / name, ec)) return d;
  return "";
}

std::string executable_path() {
#ifdef __EMSCRIPTEN__
  return "";
#else
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? "" : exe.string();
#endif
}

namespace {

std::optional<std::string> env(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::optional<std::string>(v) : std::nullopt;
}

// A folder for `kirin serve`: the first candidate that exists, else the last one, so that a build
// tree without its web UI yet still names the folder `npm run build` will fill.
std::string serve_dir(std::string_view sub, const std::string& built_in) {
  const auto dirs = search_dirs(std::nullopt, installed_dir(executable_path(), sub), built_in);
  const std::string found = first_holding(dirs, "");
  return !found.empty() || dirs.empty() ? found : dirs.back();
}

}  // namespace

std::vector<std::string> net_dirs() {
  return search_dirs(env("KIRIN_NETS"), installed_dir(executable_path(), "nets"), KIRIN_NETS_DIR);
}

std::string net_file(const std::string& game) {
  const std::string name = game + ".nnue";
  const std::string dir = first_holding(net_dirs(), name);
  return dir.empty() ? "" : (fs::path(dir) / name).string();
}

bool nets_overridden() { return env("KIRIN_NETS").has_value(); }

std::string web_dir() { return serve_dir("web", KIRIN_WEB_DIST); }
std::string puzzles_dir() { return serve_dir("puzzles", KIRIN_PUZZLES_DIR); }

}  // namespace kirin::data
