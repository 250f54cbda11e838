// Kirin started the way the tools that register it start it. Lishogi-Bot (v1.1.2,
// engine_wrapper.create_engine) joins engine.dir and engine.name from its config.yml, resolves the
// path with os.path.realpath and runs it with no arguments; XBoard and the UCI plugin registry run
// the second line of a .eng file through the shell. Each must reach the protocol's handshake, not
// Kirin's help. The build tree stands in for /usr/games (tests/package_test.sh checks the package).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "process/child_process.h"

namespace kirin {
namespace {

namespace fs = std::filesystem;

const fs::path kBuild = fs::path(KIRIN_BINARY).parent_path();
const fs::path kSource = fs::path(KIRIN_SOURCE_DIR);

// A key of the engine: block of deploy/lishogi-bot/config.yml, its value without quotes or comment.
std::string bot_engine_setting(const std::string& key) {
  std::ifstream in(kSource / "deploy/lishogi-bot/config.yml");
  bool engine = false;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != ' ') engine = line.rfind("engine:", 0) == 0;
    if (!engine || line.rfind("  " + key + ":", 0) != 0) continue;
    std::string value = line.substr(key.size() + 3);
    value = value.substr(0, value.find('#'));
    value.erase(0, value.find_first_not_of(" \""));
    value.erase(value.find_last_not_of(" \"") + 1);
    return value;
  }
  return "";
}

// The lines a command answers to `input`, up to one starting with `last` (or the end, or 5 s).
std::string answer(const std::string& command, const std::string& input, const std::string& last) {
  ChildProcess p;
  if (auto started = p.start(command); !started) return "cannot start: " + started.error();
  std::istringstream lines(input);
  for (std::string l; std::getline(lines, l);) p.write_line(l);
  std::string out, line;
  while (p.read_line(line, 5000)) {
    out += line + "\n";
    if (line.rfind(last, 0) == 0) break;
  }
  p.stop();
  return out;
}

bool has_line(const std::string& text, const std::string& line) {
  return ("\n" + text).find("\n" + line + "\n") != std::string::npos;
}

// The quoted path for the shell, as Lishogi-Bot's Popen(shell=True) passes its one-word command.
std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

TEST(LishogiBotConfig, NamesTheUsiEngine) {
  EXPECT_EQ(bot_engine_setting("name"), "kirin-usi");
  EXPECT_EQ(bot_engine_setting("protocol"), "usi");
  EXPECT_EQ(bot_engine_setting("dir"), "/usr/games/");
}

// engine.dir set to the build folder, as deploy/lishogi-bot/README.md says for a build tree.
TEST(LishogiBotConfig, TheResolvedEngineSpeaksUsiWithoutArguments) {
  const fs::path resolved = fs::canonical(kBuild / bot_engine_setting("name"));
  EXPECT_EQ(resolved.filename(), "kirin-usi");
  const std::string out = answer(quoted(resolved), "usi\nquit\n", "usiok");
  EXPECT_TRUE(has_line(out, "id name Kirin")) << out;
  EXPECT_TRUE(has_line(out, "usiok")) << out;
}

// And through a link of the user's own (a GUI's engine folder): kirin is found beside the real file.
TEST(EngineLinks, AUsersLinkToTheProtocolsProgramStillFindsKirin) {
  const fs::path dir = fs::temp_directory_path() / ("kirin-link-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::create_symlink(kBuild / "kirin-usi", dir / "engine");
  const std::string out = answer(quoted(dir / "engine"), "usi\nquit\n", "usiok");
  fs::remove_all(dir);
  EXPECT_TRUE(has_line(out, "usiok")) << out;
}

TEST(EngineLinks, EachProtocolsProgramKeepsItsNameWhenResolved) {
  for (const char* name : {"kirin-usi", "kirin-uci", "kirin-xboard"}) {
    EXPECT_FALSE(fs::is_symlink(kBuild / name)) << name;
    EXPECT_EQ(fs::canonical(kBuild / name).filename(), name);
  }
  EXPECT_TRUE(has_line(answer(quoted(fs::canonical(kBuild / "kirin-uci")), "uci\nquit\n", "uciok"), "uciok"));
  const std::string xboard =
      answer(quoted(fs::canonical(kBuild / "kirin-xboard")), "xboard\nprotover 2\nquit\n", "feature done=1");
  EXPECT_TRUE(has_line(xboard, "feature done=1")) << xboard;
}

// The second line of a .eng file, its program found in the build tree as in /usr/games.
std::string registered_command(const std::string& file) {
  std::ifstream in(kSource / "packaging" / file);
  std::string spec, command;
  std::getline(in, spec);
  std::getline(in, command);
  EXPECT_EQ(spec, "plugin spec 0.0") << file;
  const size_t space = command.find(' ');
  const std::string program = command.substr(0, space);
  return quoted(fs::canonical(kBuild / program)) + (space == std::string::npos ? "" : command.substr(space));
}

TEST(EngineRegistration, XBoardPluginRunsTheXBoardProtocol) {
  const std::string out = answer(registered_command("kirin.eng"), "xboard\nprotover 2\nquit\n", "feature done=1");
  EXPECT_NE(out.find("variants=\"chu,xiangqi,chuseireigi"), std::string::npos) << out;
  EXPECT_TRUE(has_line(out, "feature done=1")) << out;
}

TEST(EngineRegistration, UciPluginRunsTheUciProtocol) {
  const std::string out = answer(registered_command("kirin-uci.eng"), "uci\nquit\n", "uciok");
  EXPECT_TRUE(has_line(out, "id name Kirin")) << out;
  EXPECT_TRUE(has_line(out, "uciok")) << out;
}

}  // namespace
}  // namespace kirin
