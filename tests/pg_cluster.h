// A throwaway PostgreSQL cluster for tests: initdb and pg_ctl (Debian's postgresql) in a
// temporary folder, as the postgres user when the tests run as root, on a free port; stopped
// and removed when it goes.
#pragma once
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace kirin::test {

// A TCP port on the loopback that nothing listens on now.
inline int free_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  socklen_t n = sizeof a;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &n);
  ::close(fd);
  return ntohs(a.sin_port);
}

class PgCluster {
 public:
  PgCluster() {
    bin_ = find_bin();
    if (bin_.empty()) return;
    dir_ = std::filesystem::temp_directory_path() /
           ("kirin-pg-" + std::to_string(getpid()) + "-" + std::to_string(rand()));
    std::filesystem::create_directories(dir_);
    port_ = free_port();
    const bool root = geteuid() == 0;
    if (root) run("chown postgres " + dir_.string());
    const std::string as = root ? "runuser -u postgres -- " : "";
    ok_ =
        run(as + bin_ + "/initdb -D " + dir_.string() + "/data -A trust -U kirin --no-sync >/dev/null 2>&1") && start();
  }
  ~PgCluster() {
    if (!dir_.empty()) {
      const std::string as = geteuid() == 0 ? "runuser -u postgres -- " : "";
      run(as + bin_ + "/pg_ctl -D " + dir_.string() + "/data -m immediate stop >/dev/null 2>&1");
      std::filesystem::remove_all(dir_);
    }
  }
  bool ok() const { return ok_; }
  std::string uri(const std::string& db = "postgres") const {
    return "postgresql://kirin@127.0.0.1:" + std::to_string(port_) + "/" + db;
  }
  // A fresh database in the cluster, for one test.
  std::string fresh_database(const std::string& name) {
    const std::string as = geteuid() == 0 ? "runuser -u postgres -- " : "";
    run(as + bin_ + "/createdb -h 127.0.0.1 -p " + std::to_string(port_) + " -U kirin " + name + " >/dev/null 2>&1");
    return uri(name);
  }
  // Stops the server now (as a crash would), or starts it again.
  bool stop() {
    const std::string as = geteuid() == 0 ? "runuser -u postgres -- " : "";
    return run(as + bin_ + "/pg_ctl -D " + dir_.string() + "/data -m immediate stop >/dev/null 2>&1");
  }
  // fsync is off: these clusters are thrown away, and a killed process (unlike a lost machine)
  // leaves its written WAL in the kernel's cache, so a crash of the processes loses nothing.
  bool start() {
    const std::string as = geteuid() == 0 ? "runuser -u postgres -- " : "";
    return run(as + bin_ + "/pg_ctl -D " + dir_.string() + "/data -l " + dir_.string() + "/log -w -o \"-p " +
               std::to_string(port_) + " -k " + dir_.string() +
               " -c listen_addresses=127.0.0.1 -c fsync=off\" start >/dev/null 2>&1");
  }
  // SIGKILL to the postmaster and every process it started, as when the machine's processes die.
  bool kill_all() {
    std::ifstream pidfile(dir_ / "data" / "postmaster.pid");
    pid_t postmaster = 0;
    if (!(pidfile >> postmaster) || postmaster <= 0) return false;
    std::vector<pid_t> children;
    for (const auto& e : std::filesystem::directory_iterator("/proc")) {
      std::ifstream stat(e.path() / "stat");
      std::string comm_and_rest;
      if (!std::getline(stat, comm_and_rest)) continue;
      // pid (comm) state ppid ...: the parent follows the last ')'.
      const size_t close = comm_and_rest.rfind(')');
      if (close == std::string::npos) continue;
      int ppid = 0;
      char state = 0;
      if (std::sscanf(comm_and_rest.c_str() + close + 1, " %c %d", &state, &ppid) == 2 && ppid == postmaster)
        children.push_back(pid_t(std::atoi(e.path().filename().c_str())));
    }
    ::kill(postmaster, SIGKILL);
    for (pid_t c : children) ::kill(c, SIGKILL);
    // Gone when /proc no longer has them or shows them dead (they are not our children to
    // wait for, and whoever adopted them may reap them late).
    auto running = [](pid_t pid) {
      std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
      std::string line;
      if (!std::getline(stat, line)) return false;
      const size_t close = line.rfind(')');
      return close != std::string::npos && close + 2 < line.size() && line[close + 2] != 'Z' && line[close + 2] != 'X';
    };
    for (int i = 0; i < 500; ++i) {
      bool alive = running(postmaster);
      for (pid_t c : children) alive = alive || running(c);
      if (!alive) {
        // An unreaped postmaster still "exists" to kill(pid, 0), so its lock files would
        // refuse the restart: they go, as an administrator removes them after such a crash.
        std::filesystem::remove(dir_ / "data" / "postmaster.pid");
        std::filesystem::remove(dir_ / (".s.PGSQL." + std::to_string(port_) + ".lock"));
        return true;
      }
      ::usleep(10000);
    }
    return false;
  }
  // The end of the server's log, to say why it would not start.
  std::string log_tail() const {
    std::ifstream in(dir_ / "log");
    std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return all.size() > 1500 ? all.substr(all.size() - 1500) : all;
  }
  // One value (the first column of the first row, "" if none) from psql.
  std::string query(const std::string& db, const std::string& sql) const {
    const std::string cmd =
        bin_ + "/psql -h 127.0.0.1 -p " + std::to_string(port_) + " -U kirin -d " + db + " -Atc \"" + sql + "\" 2>&1";
    std::string out;
    if (FILE* p = ::popen(cmd.c_str(), "r")) {
      char buf[512];
      while (std::fgets(buf, sizeof buf, p)) out += buf;
      ::pclose(p);
    }
    while (!out.empty() && out.back() == '\n') out.pop_back();
    return out;
  }

 private:
  static bool run(const std::string& cmd) { return std::system(cmd.c_str()) == 0; }
  static std::string find_bin() {
    for (int v = 20; v >= 11; --v) {
      std::string d = "/usr/lib/postgresql/" + std::to_string(v) + "/bin";
      if (std::filesystem::exists(d + "/initdb")) return d;
    }
    return "";
  }
  std::string bin_;
  std::filesystem::path dir_;
  int port_ = 0;
  bool ok_ = false;
};

}  // namespace kirin::test
