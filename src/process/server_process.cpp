#include "process/server_process.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>

namespace kirin {

namespace {

long status_kib(pid_t pid, const char* field) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  const size_t n = std::strlen(field);
  while (std::getline(in, line))
    if (line.compare(0, n, field) == 0 && line.size() > n && line[n] == ':') return std::atol(line.c_str() + n + 1);
  return 0;
}

}  // namespace

Result<ServerProcess> ServerProcess::start(const std::string& binary, const std::vector<std::string>& args,
                                           bool listens) {
  int out[2];
  if (pipe(out) != 0) return Error{std::string("pipe: ") + std::strerror(errno)};
  std::vector<std::string> argv_s = {binary, "serve", "--port", "0"};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  pid_t pid = fork();
  if (pid < 0) return Error{std::string("fork: ") + std::strerror(errno)};
  if (pid == 0) {
    dup2(out[1], 1);
    close(out[0]);
    close(out[1]);
    std::vector<char*> argv;
    for (auto& s : argv_s) argv.push_back(s.data());
    argv.push_back(nullptr);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  close(out[1]);
  FILE* f = fdopen(out[0], "r");
  char line[512] = {};
  int port = -1;
  const bool said = fgets(line, sizeof line, f) != nullptr;
  if (said && !listens && std::strstr(line, "Kirin is computing moves")) port = 0;
  if (said)
    if (const char* at = std::strstr(line, "http://")) {
      const char* colon = std::strchr(at + 7, ':');
      if (colon) port = std::atoi(colon + 1);
    }
  fclose(f);
  ServerProcess p(pid, port, line);
  if (port < 0 || (listens && port == 0)) return Error{"kirin serve did not start: " + std::string(line)};
  return p;
}

ServerProcess::ServerProcess(ServerProcess&& o) noexcept : pid_(o.pid_), port_(o.port_), banner_(std::move(o.banner_)) {
  o.pid_ = -1;
}

ServerProcess::~ServerProcess() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGTERM);
  waitpid(pid_, nullptr, 0);
}

long ServerProcess::rss_kib() const { return pid_ > 0 ? status_kib(pid_, "VmRSS") : 0; }
long ServerProcess::peak_rss_kib() const { return pid_ > 0 ? status_kib(pid_, "VmHWM") : 0; }

void ServerProcess::kill_now() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

}  // namespace kirin
