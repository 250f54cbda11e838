// Runs the kirin executable for the command-line tests.
#pragma once
#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace kirin::test {

struct CliRun {
  int code;
  std::string out;  // stdout and stderr together
};

// `args` go to a shell: quote FENs.
inline CliRun run_kirin(const std::string& args) {
  const std::string cmd = std::string(KIRIN_BINARY) + " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  const int status = pclose(p);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

}  // namespace kirin::test
