// deploy/nginx/kirin.conf, the site config docs/deploy.md gives operators, run for real: nginx
// (Debian's) with a self-signed certificate in front of two `kirin serve` instances on one
// PostgreSQL database, spoken to by curl over TLS from other loopback addresses.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <thread>

#include "pg_cluster.h"
#include "process/server_process.h"

using kirin::ServerProcess;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

std::string run(const std::string& cmd) {
  std::string out;
  if (FILE* p = ::popen(cmd.c_str(), "r")) {
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    ::pclose(p);
  }
  return out;
}

// nginx in the foreground with a prefix folder of its own; stopped when it goes.
class Nginx {
 public:
  Nginx(const fs::path& dir, const std::string& site) : dir_(dir) {
    fs::create_directories(dir / "logs");
    std::ofstream(dir / "kirin.conf") << site;
    std::ofstream main(dir / "nginx.conf");
    if (geteuid() == 0) main << "user root;\n";  // its workers read this test's folder
    main << "worker_processes 1;\nerror_log " << (dir / "logs/error.log").string() << " warn;\npid "
         << (dir / "nginx.pid").string() << ";\nevents { worker_connections 256; }\nhttp {\n  access_log off;\n"
         << "  client_body_temp_path " << (dir / "body").string() << ";\n  proxy_temp_path " << (dir / "proxy").string()
         << ";\n  fastcgi_temp_path " << (dir / "fcgi").string() << ";\n  uwsgi_temp_path " << (dir / "uwsgi").string()
         << ";\n  scgi_temp_path " << (dir / "scgi").string() << ";\n  include " << (dir / "kirin.conf").string()
         << ";\n}\n";
    main.close();
    pid_ = fork();
    if (pid_ == 0) {
      execl("/usr/sbin/nginx", "nginx", "-p", dir.c_str(), "-c", (dir / "nginx.conf").c_str(), "-g", "daemon off;",
            (char*)nullptr);
      _exit(127);
    }
  }
  ~Nginx() {
    if (pid_ > 0) {
      ::kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
  }
  std::string errors() const {
    std::ifstream in(dir_ / "logs/error.log");
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  }

 private:
  fs::path dir_;
  pid_t pid_ = -1;
};

}  // namespace

TEST(DeployNginx, TheDocumentedConfigServesTwoInstancesOverTls) {
  ASSERT_TRUE(fs::exists("/usr/sbin/nginx")) << "nginx is installed by scripts/deps.sh";
  kirin::test::PgCluster pg;
  ASSERT_TRUE(pg.ok());
  const std::string db = pg.fresh_database("site");
  const std::vector<std::string> common = {"--db",
                                           db,
                                           "--web",
                                           "",
                                           "--quick-kirin",
                                           "--log-level",
                                           "warn",
                                           "--trusted-proxy",
                                           "127.0.0.1",
                                           "--analyses-per-minute",
                                           "1",
                                           "--analysis-burst",
                                           "1"};
  auto a = ServerProcess::start(KIRIN_BINARY, common), b = ServerProcess::start(KIRIN_BINARY, common);
  ASSERT_TRUE(a && b);

  const fs::path dir = fs::temp_directory_path() / ("kirin-nginx-" + std::to_string(getpid()));
  fs::create_directories(dir);
  ASSERT_EQ(std::system(("openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=kirin.test -keyout " +
                         (dir / "key.pem").string() + " -out " + (dir / "cert.pem").string() + " >/dev/null 2>&1")
                            .c_str()),
            0);
  // The operator's file, with this test's ports and certificate.
  std::ifstream in(std::string(KIRIN_TEST_DATA) + "/../../deploy/nginx/kirin.conf");
  std::string site((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_FALSE(site.empty());
  const int https = kirin::test::free_port(), http = kirin::test::free_port();
  site = std::regex_replace(site, std::regex("127\\.0\\.0\\.1:8081"), "127.0.0.1:" + std::to_string(a->port()));
  site = std::regex_replace(site, std::regex("127\\.0\\.0\\.1:8082"), "127.0.0.1:" + std::to_string(b->port()));
  site = std::regex_replace(site, std::regex("listen 443 ssl"), "listen 127.0.0.1:" + std::to_string(https) + " ssl");
  site = std::regex_replace(site, std::regex("listen 80;"), "listen 127.0.0.1:" + std::to_string(http) + ";");
  site = std::regex_replace(site, std::regex("listen \\[::\\]:(80|443)[^;]*;\\n"), "");
  site = std::regex_replace(site, std::regex("/etc/letsencrypt/live/kirin.example.org/fullchain.pem"),
                            (dir / "cert.pem").string());
  site = std::regex_replace(site, std::regex("/etc/letsencrypt/live/kirin.example.org/privkey.pem"),
                            (dir / "key.pem").string());
  {
    Nginx nginx(dir, site);
    const std::string base = "https://kirin.example.org:" + std::to_string(https);
    const std::string curl = "curl -sk --resolve kirin.example.org:" + std::to_string(https) + ":127.0.0.1 ";
    std::string health;
    for (int i = 0; i < 100 && health.find("\"ok\":true") == std::string::npos; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      health = run(curl + base + "/api/health");
    }
    ASSERT_NE(health.find("\"kind\":\"postgresql\""), std::string::npos) << health << nginx.errors();

    // Plain HTTP is sent to HTTPS.
    EXPECT_EQ(
        run("curl -s -o /dev/null -w '%{http_code} %{redirect_url}' -H 'Host: kirin.example.org' http://127.0.0.1:" +
            std::to_string(http) + "/x"),
        "301 https://kirin.example.org/x");

    // A game, watched through nginx while a move is made: the event passes at once, unbuffered.
    json g = json::parse(run(
        curl + "-H 'Content-Type: application/json' -d '{\"game\":\"xiangqi\",\"opponent\":{\"kind\":\"human\"}}' " +
        base + "/api/games"));
    ASSERT_TRUE(g.contains("id")) << g.dump();
    const std::string id = g["id"], events = (dir / "events.txt").string();
    const std::string watch = curl + "-N --max-time 6 " + base + "/api/games/" + id + "/events > " + events + " 2>&1 &";
    ASSERT_EQ(std::system(watch.c_str()), 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(700));
    const std::string moved =
        run(curl + "-H 'Content-Type: application/json' -H 'Authorization: Bearer " + g["token"].get<std::string>() +
            "' -d '{\"move\":\"h2e2\"}' " + base + "/api/games/" + id + "/move");
    ASSERT_NE(moved.find("\"ply\":1"), std::string::npos) << moved;
    std::this_thread::sleep_for(std::chrono::milliseconds(1000));
    std::ifstream ev(events);
    std::string seen((std::istreambuf_iterator<char>(ev)), std::istreambuf_iterator<char>());
    EXPECT_NE(seen.find("\"ply\":1"), std::string::npos)
        << "the move's event did not pass within 1 s: " << seen.substr(0, 300);

    // nginx refuses what Kirin would: a body over 1 MB.
    EXPECT_EQ(run("head -c 1100000 /dev/zero | " + curl +
                  "-o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' "
                  "--data-binary @- " +
                  base + "/api/games"),
              "413");

    // Kirin's per-address limit sees each client through X-Forwarded-For: one analysis a minute
    // per address on each instance, so of four from 127.0.0.2 two are refused whichever instance
    // takes them (a forged header changes nothing), and another address is not held back.
    const std::string analyse =
        "-o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' -H 'X-Forwarded-For: 6.6.6.6' "
        "-d '{\"game\":\"xiangqi\",\"strength\":1}' " +
        base + "/api/analyse";
    int ok = 0, refused = 0;
    for (int i = 0; i < 4; ++i) {
      const std::string code = run(curl + "--interface 127.0.0.2 " + analyse);
      ok += code == "200";
      refused += code == "429";
    }
    EXPECT_LE(ok, 2);
    EXPECT_EQ(ok + refused, 4);
    EXPECT_EQ(run(curl + "--interface 127.0.0.3 " + analyse), "200");
  }
  fs::remove_all(dir);
}
