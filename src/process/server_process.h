// A `kirin serve` in a child process, for the load benchmark and the tests that attack or kill
// a server: started on a free port (read from the line it prints), measured from /proc, stopped.
#pragma once
#include <sys/types.h>

#include <string>
#include <vector>

#include "core/result.h"

namespace kirin {

class ServerProcess {
 public:
  // Runs `binary serve --port 0 <args...>` and waits for its address line (with `listens`
  // false, an --engine-only worker: for its first line, and port() is 0).
  static Result<ServerProcess> start(const std::string& binary, const std::vector<std::string>& args,
                                     bool listens = true);
  ServerProcess(ServerProcess&& o) noexcept;
  ServerProcess& operator=(ServerProcess&&) = delete;
  ~ServerProcess();  // SIGTERM, then waits

  int port() const { return port_; }
  // The line it printed when it started.
  const std::string& banner() const { return banner_; }
  pid_t pid() const { return pid_; }
  // Resident memory now and at its peak, in KiB (0 if the process is gone).
  long rss_kib() const;
  long peak_rss_kib() const;
  // SIGKILL and wait: nothing of it runs after this returns.
  void kill_now();

 private:
  ServerProcess(pid_t pid, int port, std::string banner) : pid_(pid), port_(port), banner_(std::move(banner)) {}
  pid_t pid_ = -1;
  int port_ = -1;
  std::string banner_;
};

}  // namespace kirin
