// Runs another program (node with shogiops, Fairy-Stockfish) as a filter for the differential
// tests: its whole input from a file, its whole output read back as lines.
#pragma once
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace kirin::testing_support {

struct ProgramRun {
  int status = -1;                 // std::system's status; 0 = exited with 0
  std::vector<std::string> lines;  // its standard output
  std::string error_text;          // its standard error
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// `command` must not redirect its own input or output. `tag` names the temporary files; the
// process id keeps them apart when CTest runs several tests at once.
inline ProgramRun run_filter(const std::string& command, const std::string& input, const std::string& tag) {
  const std::string base = ::testing::TempDir() + "kirin_" + tag + "_" + std::to_string(getpid());
  const std::string in = base + ".in", out = base + ".out", err = base + ".err";
  std::ofstream(in) << input;
  ProgramRun run;
  run.status = std::system((command + " < '" + in + "' > '" + out + "' 2> '" + err + "'").c_str());
  std::stringstream ss(slurp(out));
  for (std::string line; std::getline(ss, line);) run.lines.push_back(line);
  run.error_text = slurp(err);
  for (const auto* f : {&in, &out, &err}) std::remove(f->c_str());
  return run;
}

inline std::vector<std::string> split_words(const std::string& s) {
  std::stringstream ss(s);
  std::vector<std::string> out;
  for (std::string w; ss >> w;) out.push_back(w);
  return out;
}

// Words separated by spaces, "(none)" for none: a move list in a failure message.
inline std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& w : v) s += (s.empty() ? "" : " ") + w;
  return s.empty() ? "(none)" : s;
}

}  // namespace kirin::testing_support
