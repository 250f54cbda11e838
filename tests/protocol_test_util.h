// Drives a protocol loop through string streams: the replies as lines.
#pragma once
#include <algorithm>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "protocol/protocols.h"

namespace kirin::test {

inline std::vector<std::string> run_protocol(int (*loop)(std::istream&, std::ostream&), const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out;
  loop(in, out);
  std::vector<std::string> lines;
  std::istringstream read(out.str());
  for (std::string l; std::getline(read, l);) lines.push_back(l);
  return lines;
}

// The Threads option's maximum: the machine's cores.
inline int machine_threads() { return std::clamp(int(std::thread::hardware_concurrency()), 1, 256); }

inline std::vector<std::string> without(const std::vector<std::string>& lines, const std::string& prefix) {
  std::vector<std::string> out;
  for (const auto& l : lines)
    if (l.rfind(prefix, 0) != 0) out.push_back(l);
  return out;
}

inline std::string last_starting(const std::vector<std::string>& lines, const std::string& prefix) {
  std::string found;
  for (const auto& l : lines)
    if (l.rfind(prefix, 0) == 0) found = l;
  return found;
}

}  // namespace kirin::test
