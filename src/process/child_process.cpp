#include "process/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <thread>

namespace kirin {

ChildProcess::~ChildProcess() { stop(); }

Result<void> ChildProcess::start(const std::string& command) {
  // Close-on-exec from the start: with matches played in several threads, another thread's
  // child must not inherit these pipes (an engine would then never see its stdin close).
  int to_child[2], from_child[2];
  if (pipe2(to_child, O_CLOEXEC) != 0) return Error{"pipe failed"};
  if (pipe2(from_child, O_CLOEXEC) != 0) {
    close(to_child[0]);
    close(to_child[1]);
    return Error{"pipe failed"};
  }
  const std::string shell_command = "exec " + command;  // no allocation in the child
  pid_t pid = fork();
  if (pid < 0) {
    for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) close(fd);
    return Error{"fork failed"};
  }
  if (pid == 0) {
    dup2(to_child[0], 0);
    dup2(from_child[1], 1);
    close(to_child[0]);
    close(to_child[1]);
    close(from_child[0]);
    close(from_child[1]);
    execl("/bin/sh", "sh", "-c", shell_command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(to_child[0]);
  close(from_child[1]);
  pid_ = pid;
  in_ = to_child[1];
  out_ = from_child[0];
  signal(SIGPIPE, SIG_IGN);  // a dead engine must not take the match down with it
  buffer_.clear();
  eof_ = false;
  return {};
}

bool ChildProcess::running() {
  if (pid_ <= 0) return false;
  if (waitpid(pid_, nullptr, WNOHANG) == pid_) {
    pid_ = -1;
    return false;
  }
  return !eof_;
}

bool ChildProcess::write_line(const std::string& line) {
  if (in_ < 0) return false;
  std::string text = line + "\n";
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = write(in_, text.data() + done, text.size() - done);
    if (n <= 0) return false;
    done += size_t(n);
  }
  return true;
}

bool ChildProcess::read_line(std::string& line, int timeout_ms) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (true) {
    size_t nl = buffer_.find('\n');
    if (nl != std::string::npos) {
      line = buffer_.substr(0, nl);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      buffer_.erase(0, nl + 1);
      return true;
    }
    if (eof_ || out_ < 0) return false;
    int left =
        int(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count());
    if (left <= 0) return false;
    pollfd p{out_, POLLIN, 0};
    int r = poll(&p, 1, left);
    if (r <= 0) continue;
    char buf[4096];
    ssize_t n = read(out_, buf, sizeof buf);
    if (n <= 0) {
      eof_ = true;
      continue;
    }
    buffer_.append(buf, size_t(n));
  }
}

void ChildProcess::stop() {
  if (in_ >= 0) close(in_);
  in_ = -1;
  if (pid_ > 0) {
    for (int i = 0; i < 50; ++i) {  // up to half a second to leave by itself
      if (waitpid(pid_, nullptr, WNOHANG) == pid_) {
        pid_ = -1;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
      pid_ = -1;
    }
  }
  if (out_ >= 0) close(out_);
  out_ = -1;
}

}  // namespace kirin
