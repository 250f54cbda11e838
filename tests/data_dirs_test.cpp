// Where Kirin looks for its nets and web files (src/core/data_dirs.h): what the user names, then the
// installed layout beside the executable, then the source tree. This process runs with KIRIN_NETS
// pointing at no nets (classical_eval_env.cpp); the tests that need it otherwise set it back.
#include "core/data_dirs.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>

#include "cli_test_util.h"
#include "nnue/network.h"

namespace {
namespace fs = std::filesystem;
using namespace kirin::data;

// A temporary folder, removed with everything in it at the end of the test.
struct TempDir {
  fs::path path;
  explicit TempDir(const std::string& name)
      : path(fs::temp_directory_path() / ("kirin_" + name + "_" + std::to_string(getpid()))) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
};

// KIRIN_NETS as a test wants it, and back as it was after.
struct NetsEnv {
  std::optional<std::string> saved;
  explicit NetsEnv(const char* value) {
    if (const char* v = std::getenv("KIRIN_NETS")) saved = v;
    value ? setenv("KIRIN_NETS", value, 1) : unsetenv("KIRIN_NETS");
  }
  ~NetsEnv() { saved ? setenv("KIRIN_NETS", saved->c_str(), 1) : unsetenv("KIRIN_NETS"); }
};

// Runs `exe args` without KIRIN_NETS: stdout and stderr together, and the exit code.
kirin::test::CliRun run_without_nets(const fs::path& exe, const std::string& args) {
  FILE* p = popen(("env -u KIRIN_NETS '" + exe.string() + "' " + args + " 2>&1").c_str(), "r");
  std::string out;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  const int status = pclose(p);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

void touch(const fs::path& p) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << "x";
}

TEST(DataDirs, TheInstalledFolderIsShareKirinBesideTheExecutablesFolder) {
  EXPECT_EQ(installed_dir("/usr/games/kirin", "nets"), "/usr/share/kirin/nets");
  EXPECT_EQ(installed_dir("/usr/bin/kirin", "web"), "/usr/share/kirin/web");
  EXPECT_EQ(installed_dir("/opt/kirin/bin/kirin", "puzzles"), "/opt/kirin/share/kirin/puzzles");
  EXPECT_EQ(installed_dir("", "nets"), "");
}

TEST(DataDirs, AnOverrideIsTheOnlyPlaceSearched) {
  EXPECT_EQ(search_dirs(std::string("/mine"), "/usr/share/kirin/nets", "/src/data/nets"),
            std::vector<std::string>{"/mine"});
  EXPECT_EQ(search_dirs(std::nullopt, "/usr/share/kirin/nets", "/src/data/nets"),
            (std::vector<std::string>{"/usr/share/kirin/nets", "/src/data/nets"}));
  // A package build has no source tree compiled in; WebAssembly has no executable path.
  EXPECT_EQ(search_dirs(std::nullopt, "/usr/share/kirin/nets", ""), std::vector<std::string>{"/usr/share/kirin/nets"});
  EXPECT_EQ(search_dirs(std::nullopt, "", "/nets"), std::vector<std::string>{"/nets"});
}

TEST(DataDirs, TheFirstFolderHoldingTheFileWins) {
  TempDir t("data_dirs_order");
  const std::string installed = (t.path / "installed").string(), built = (t.path / "built").string();
  const std::vector<std::string> dirs{installed, built};
  EXPECT_EQ(first_holding(dirs, "xiangqi.nnue"), "");
  touch(t.path / "built" / "xiangqi.nnue");
  EXPECT_EQ(first_holding(dirs, "xiangqi.nnue"), built);
  touch(t.path / "installed" / "xiangqi.nnue");
  EXPECT_EQ(first_holding(dirs, "xiangqi.nnue"), installed);
  // Per file: a game whose net is only in the second folder still finds it.
  touch(t.path / "built" / "chushogi.nnue");
  EXPECT_EQ(first_holding(dirs, "chushogi.nnue"), built);
  // "": the folder itself.
  EXPECT_EQ(first_holding({(t.path / "none").string(), built}, ""), built);
}

TEST(DataDirs, KirinNetsChoosesTheNetsFolder) {
  TempDir t("data_dirs_env");
  touch(t.path / "xiangqi.nnue");
  NetsEnv env(t.path.c_str());
  EXPECT_EQ(net_dirs(), std::vector<std::string>{t.path.string()});
  EXPECT_EQ(net_file("xiangqi"), (t.path / "xiangqi.nnue").string());
  // Not there: no net, and no fallback to the build's own nets.
  EXPECT_EQ(net_file("chushogi"), "");
  EXPECT_TRUE(nets_overridden());
  // A folder chosen on purpose is not warned about.
  EXPECT_EQ(kirin::nnue::missing_net_warning("chushogi"), "");
}

TEST(DataDirs, WithoutKirinNetsTheBuildFindsTheSourceTreesNets) {
  NetsEnv env(nullptr);
  EXPECT_FALSE(nets_overridden());
  const std::string net = net_file("xiangqi");
  ASSERT_NE(net, "");
  EXPECT_TRUE(fs::exists(net));
  EXPECT_EQ(fs::path(net).parent_path().filename(), "nets");
  EXPECT_EQ(kirin::nnue::missing_net_warning("xiangqi"), "");
}

// The executable copied into a prefix of its own, with one net installed beside it: that net is
// used, and the others still come from the source tree the build knows.
TEST(DataDirs, AnInstalledExecutableUsesTheNetsInstalledBesideIt) {
  TempDir t("data_dirs_prefix");
  const fs::path exe = t.path / "games" / "kirin";
  fs::create_directories(exe.parent_path());
  fs::copy_file(KIRIN_BINARY, exe);
  const fs::path installed = t.path / "share" / "kirin" / "nets" / "xiangqi.nnue";
  touch(installed);
  auto r = run_without_nets(exe, "--version");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("net xiangqi " + installed.string() + "\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("net chushogi " + t.path.string()), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("net chushogi none"), std::string::npos) << r.out;
}

}  // namespace
