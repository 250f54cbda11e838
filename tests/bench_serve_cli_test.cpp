// kirin bench serve says when it cannot open the streams asked for (issue 45: under a
// 20,000-descriptor limit, --watchers 30000 hung with no word).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <string>

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
