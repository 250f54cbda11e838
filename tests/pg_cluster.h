// A throwaway PostgreSQL cluster for tests: initdb and pg_ctl (Debian's postgresql) in a
// temporary folder, as the postgres user when the tests run as root, on a free port; stopped
// and removed when it goes.
#pragma once
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace kirin::test {

class PgCluster {
 public:
  PgCluster() {
    bin_ = find_bin();
    if (bin_.empty()) return;
    dir_ = std::filesystem::temp_directory_path() / ("kirin-pg-" + std::to_string(getpid()) + "-" + std::to_string(rand()));
    std::filesystem::create_directories(dir_);
    port_ = free_port();
    const bool root = geteuid() == 0;
    if (root) run("chown postgres " + dir_.string());
    const std::string as = root ? "runuser -u postgres -- " : "";
    ok_ = run(as + bin_ + "/initdb -D " + dir_.string() + "/data -A trust -U kirin --no-sync >/dev/null 2>&1") &&
          run(as + bin_ + "/pg_ctl -D " + dir_.string() + "/data -l " + dir_.string() + "/log -w -o \"-p " +
              std::to_string(port_) + " -k " + dir_.string() + " -c listen_addresses=127.0.0.1 -c fsync=off\" start >/dev/null 2>&1");
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

 private:
  static bool run(const std::string& cmd) { return std::system(cmd.c_str()) == 0; }
  static std::string find_bin() {
    for (int v = 20; v >= 11; --v) {
      std::string d = "/usr/lib/postgresql/" + std::to_string(v) + "/bin";
      if (std::filesystem::exists(d + "/initdb")) return d;
    }
    return "";
  }
  static int free_port() {
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
  std::string bin_;
  std::filesystem::path dir_;
  int port_ = 0;
  bool ok_ = false;
};

}  // namespace kirin::test
