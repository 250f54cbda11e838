// kirin bench serve says when it cannot open the streams asked for (issue 45: under a
// 20,000-descriptor limit, --watchers 30000 hung with no word), and its attacks (--attack) say
// what the attacker was answered beside the victim's latencies.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <regex>
#include <string>

#include "cli_test_util.h"

TEST(BenchServeCli, MoreStreamsThanTheDescriptorLimitAreRefusedAtOnce) {
  const std::string cmd =
      std::string("ulimit -n 500 && ") + KIRIN_BINARY + " bench serve --games 10 --moves 1 --watchers 1000 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string out;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  const int status = pclose(p);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 2);
  EXPECT_EQ(out,
            "kirin bench serve: 1000 streams and 10 games need about 1074 file descriptors, and a process here may "
            "open 500 (ulimit -n): raise the limit or ask for fewer\n");
}

TEST(BenchServeCli, AnAttackIsNamedAndTakesNoServerOfOthers) {
  auto bad = kirin::test::run_kirin("bench serve --attack flood");
  EXPECT_EQ(bad.code, 2);
  EXPECT_EQ(bad.out, "kirin: --attack: flood not in {import,positions,analyses,games}\n");
  auto port = kirin::test::run_kirin("bench serve --attack import --port 8080");
  EXPECT_EQ(port.code, 2);
  EXPECT_EQ(port.out,
            "kirin bench serve: --attack starts a server of its own for each attack; it takes no --port, --db, "
            "--instances or --kirin-games\n");
}

// A short import attack: the attacker's long games are refused past the new-game limit (10 at
// once, 429 after), and the victim, on another address, is never refused.
TEST(BenchServeCli, AnImportAttackReportsTheAttackersAnswersAndTheVictims) {
  auto run = kirin::test::run_kirin("bench serve --attack import --seconds 1 --attackers 4");
  EXPECT_EQ(run.code, 0) << run.out;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(run.out, m,
                                std::regex("attack import: 4 connections from 127\\.0\\.0\\.2 for 1 s: [0-9]+ requests "
                                           "\\(201 x([0-9]+), 429 x[0-9]+\\)\n")))
      << run.out;
  EXPECT_GE(std::stoi(m[1]), 10);  // the burst of new games, then 20 a minute
  EXPECT_LE(std::stoi(m[1]), 11);
  EXPECT_TRUE(std::regex_search(run.out, std::regex("  victim alone   : [0-9]+ requests, .* failed 0\n"))) << run.out;
  EXPECT_TRUE(std::regex_search(run.out, std::regex("  victim attacked: [0-9]+ requests, .* failed 0\n"))) << run.out;
  EXPECT_TRUE(std::regex_search(run.out, std::regex("  server RSS [0-9]+ MiB before the attack, [0-9]+ MiB after, "
                                                    "peak [0-9]+ MiB\n")))
      << run.out;
  EXPECT_NE(run.out.find("reproduce: kirin bench serve --attack import --seconds 1 --attackers 4\n"),
            std::string::npos);
}
