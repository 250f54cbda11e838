// A child process (an engine) spoken to line by line over pipes.
#pragma once
#include <sys/types.h>

#include <string>

#include "core/result.h"

namespace kirin {

class ChildProcess {
 public:
  ChildProcess() = default;
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Runs `command` through /bin/sh, or says why it could not start.
  Result<void> start(const std::string& command);
  // False once the process has exited or closed its output (it can no longer answer).
  bool running();
  bool write_line(const std::string& line);
  // Waits up to `timeout_ms` for a line; false on timeout or end of output.
  bool read_line(std::string& line, int timeout_ms);
  // Closes the pipes, waits a moment, then kills the process.
  void stop();

 private:
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;  // our ends: its stdin, its stdout
  std::string buffer_;
  bool eof_ = false;
};

}  // namespace kirin
