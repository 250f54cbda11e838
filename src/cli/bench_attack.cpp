// kirin bench serve --attack KIND[,KIND...]: one visitor attacks a server of its own with what
// issue 45 found could stall the site, from 127.0.0.2, while another visitor plays Kirin at
// level 1 from 127.0.0.3. For each attack: the victim's latencies without it and under it, what
// the attacker was answered, and the server's memory. Every address is on loopback.
#include "cli/bench_attack.h"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <thread>

#include "cli/common.h"
#include "game/quiet_line.h"
#include "process/loopback_http.h"
#include "process/server_process.h"
#include "server/play/round.h"

namespace kirin::cli {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

const std::string ATTACKER = "127.0.0.2", VICTIM = "127.0.0.3";

// What the victim saw in one phase.
struct Seen {
  std::vector<double> requests;  // each request's time to its answer, ms
  std::vector<double> replies;   // from its move's answer to Kirin's reply being readable, ms
  int failures = 0;
  std::string first_failure;
  void fail(const std::string& what, const LoopbackReply& r) {
    if (failures++ == 0)
      first_failure = what + ": " + (r.status ? std::to_string(r.status) + " " + r.body : "no answer");
  }
};

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, size_t(p * double(v.size())))];
}

// The victim: a game of xiangqi against Kirin at level 1, random legal moves at a player's pace
// (one each 200 ms after Kirin's reply, so that its new games stay within the site's limit when
// Kirin mates it quickly), a new game when one ends; every request timed, and how long each of
// Kirin's replies takes to show.
Seen play_victim(int port, Clock::time_point until) {
  Seen seen;
  std::mt19937 rng(7);
  json state;
  std::string id, auth;
  auto timed = [&](const std::string& method, const std::string& path, const std::string& body) {
    LoopbackReply r = loopback_request(port, VICTIM, method, path, body,
                                       auth.empty() ? std::vector<std::string>{} : std::vector<std::string>{auth});
    seen.requests.push_back(r.ms);
    return r;
  };
  while (Clock::now() < until) {
    if (id.empty()) {
      auth.clear();
      LoopbackReply r = timed("POST", "/api/games",
                              json{{"game", "xiangqi"}, {"opponent", {{"kind", "kirin"}, {"strength", 1}}}}.dump());
      if (r.status != 201) {
        seen.fail("a new game", r);
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        continue;
      }
      state = json::parse(r.body);
      id = state["id"];
      auth = "Authorization: Bearer " + state["token"].get<std::string>();
    }
    const json& legal = state["legal_moves"];
    if (state["status"] != "playing" || legal.empty()) {
      id.clear();
      continue;
    }
    LoopbackReply moved =
        timed("POST", "/api/games/" + id + "/move", json{{"move", legal[rng() % legal.size()]}}.dump());
    if (moved.status != 200) {
      seen.fail("a move", moved);
      id.clear();
      continue;
    }
    state = json::parse(moved.body);
    if (state["status"] != "playing") {
      id.clear();
      continue;
    }
    const int ply = state["ply"];
    const auto asked = Clock::now();
    while (Clock::now() < until + std::chrono::seconds(30)) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
      LoopbackReply got = timed("GET", "/api/games/" + id, "");
      if (got.status != 200) {
        seen.fail("reading the game", got);
        break;
      }
      json now = json::parse(got.body);
      if (now["ply"].get<int>() > ply || now["status"] != "playing") {
        seen.replies.push_back(std::chrono::duration<double, std::milli>(Clock::now() - asked).count());
        state = std::move(now);
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        break;
      }
    }
  }
  return seen;
}

// The answers the attacker got, by status (0: none).
class Tally {
 public:
  void add(int status) {
    std::lock_guard lock(mu_);
    ++counts_[status];
  }
  std::string text() {
    std::lock_guard lock(mu_);
    int all = 0;
    std::string out;
    for (auto [status, n] : counts_) {
      all += n;
      out += (out.empty() ? "" : ", ") + (status ? std::to_string(status) : std::string("no answer")) + " x" +
             std::to_string(n);
    }
    return std::to_string(all) + " requests (" + out + ")";
  }

 private:
  std::mutex mu_;
  std::map<int, int> counts_;
};

// Long lines, the longest the server takes: as a new game, and (as long as a request line may be)
// as the positions of an analysis board.
struct Payloads {
  std::string import_body, positions_path;
};

Payloads make_payloads() {
  Payloads p;
  const auto line = quiet_line(make_variant(GameId::CHUSHOGI), server::MAX_GAME_PLIES);
  p.import_body = json{{"game", "chushogi"}, {"moves", line}, {"opponent", {{"kind", "human"}}}}.dump();
  p.positions_path = "/api/positions?game=chushogi&moves=";
  for (size_t i = 0; i < line.size() && p.positions_path.size() + line[i].size() < 15'000; ++i) {
    std::string move = line[i];
    if (move.back() == '+') move.replace(move.size() - 1, 1, "%2B");  // a promotion; '+' is a space in a query
    p.positions_path += (i ? "," : "") + move;
  }
  return p;
}

// One attacking connection's loop until `until`.
void attack(const std::string& kind, int port, int index, const Payloads& p, Clock::time_point until, Tally& tally) {
  while (Clock::now() < until) {
    if (kind == "import") {
      tally.add(loopback_request(port, ATTACKER, "POST", "/api/games", p.import_body).status);
    } else if (kind == "positions") {
      tally.add(loopback_request(port, ATTACKER, "GET", p.positions_path).status);
    } else if (kind == "games") {
      // Games against Kirin at its strongest, each given a move for Kirin to answer.
      LoopbackReply made =
          loopback_request(port, ATTACKER, "POST", "/api/games",
                           json{{"game", "chushogi"}, {"opponent", {{"kind", "kirin"}, {"strength", 8}}}}.dump());
      tally.add(made.status);
      if (made.status != 201) continue;
      json g = json::parse(made.body);
      tally.add(loopback_request(port, ATTACKER, "POST", "/api/games/" + g["id"].get<std::string>() + "/move",
                                 json{{"move", g["legal_moves"][0]}}.dump(),
                                 {"Authorization: Bearer " + g["token"].get<std::string>()})
                    .status);
    } else if (index % 2 == 0) {  // analyses: live analyses held open, five lines each...
      const int fd = connect_from(port, ATTACKER.c_str());
      const std::string ask = "GET /api/analysis/events?game=chushogi&multipv=5 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
      if (fd < 0 || ::send(fd, ask.data(), ask.size(), MSG_NOSIGNAL) <= 0) {
        tally.add(0);
        if (fd >= 0) ::close(fd);
        continue;
      }
      std::string head;
      char buf[16384];
      while (Clock::now() < until) {
        pollfd pf{fd, POLLIN, 0};
        if (::poll(&pf, 1, 100) == 0) continue;
        ssize_t n = ::recv(fd, buf, sizeof buf, 0);
        if (n <= 0) break;
        if (head.size() < 12) head.append(buf, size_t(std::min<ssize_t>(n, 12)));
      }
      ::close(fd);
      tally.add(head.rfind("HTTP/1.1 ", 0) == 0 ? std::atoi(head.c_str() + 9) : 0);
    } else {  // ...and hints at Kirin's strongest
      tally.add(
          loopback_request(port, ATTACKER, "POST", "/api/analyse", json{{"game", "chushogi"}, {"strength", 8}}.dump())
              .status);
    }
  }
}

void print_seen(const char* label, const Seen& s) {
  std::printf(
      "  %s: %zu requests, p50 %.1f ms, p99 %.1f ms; Kirin's replies %zu, p50 %.0f ms, p99 %.0f ms; failed %d\n", label,
      s.requests.size(), percentile(s.requests, 0.5), percentile(s.requests, 0.99), s.replies.size(),
      percentile(s.replies, 0.5), percentile(s.replies, 0.99), s.failures);
  if (s.failures) std::printf("    first failure: %s\n", s.first_failure.substr(0, 200).c_str());
}

}  // namespace

const std::vector<std::string>& attack_kinds() {
  static const std::vector<std::string> kinds = {"import", "positions", "analyses", "games"};
  return kinds;
}

int bench_attack(const AttackArgs& a) {
  std::fprintf(stderr, "making the attacker's payloads...\n");
  const Payloads payloads = make_payloads();
  int failed = 0;
  for (const std::string& kind : a.kinds) {
    const std::string db =
        (std::filesystem::temp_directory_path() / ("kirin-attack-" + std::to_string(::getpid()) + ".db")).string();
    // The server's own limits, as a public site runs it.
    auto started = ServerProcess::start("/proc/self/exe", {"--db", db, "--web", "", "--log-level", "err"});
    if (!started) {
      std::fprintf(stderr, "kirin bench serve: %s\n", started.error().c_str());
      return EXIT_FAIL;
    }
    std::optional<ServerProcess> server(std::move(*started));
    const auto phase = std::chrono::milliseconds(int64_t(a.seconds * 1000));
    std::fprintf(stderr, "attack %s: the victim alone for %g s...\n", kind.c_str(), a.seconds);
    const Seen alone = play_victim(server->port(), Clock::now() + phase);
    const long rss_before = server->rss_kib() / 1024;
    std::fprintf(stderr, "attack %s: %d connections from %s for %g s...\n", kind.c_str(), a.attackers, ATTACKER.c_str(),
                 a.seconds);
    const auto until = Clock::now() + phase;
    Tally tally;
    std::vector<std::thread> attackers;
    for (int i = 0; i < a.attackers; ++i)
      attackers.emplace_back([&, i] { attack(kind, server->port(), i, payloads, until, tally); });
    const Seen under = play_victim(server->port(), until);
    for (auto& t : attackers) t.join();
    std::printf("attack %s: %d connections from %s for %g s: %s\n", kind.c_str(), a.attackers, ATTACKER.c_str(),
                a.seconds, tally.text().c_str());
    print_seen("victim alone   ", alone);
    print_seen("victim attacked", under);
    std::printf("  server RSS %ld MiB before the attack, %ld MiB after, peak %ld MiB\n", rss_before,
                server->rss_kib() / 1024, server->peak_rss_kib() / 1024);
    if (alone.failures || under.failures) ++failed;
    server.reset();  // stopped before its store goes
    for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db + ext);
  }
  std::string kinds;
  for (const auto& k : a.kinds) kinds += (kinds.empty() ? "" : ",") + k;
  std::printf("reproduce: kirin bench serve --attack %s --seconds %g --attackers %d\n", kinds.c_str(), a.seconds,
              a.attackers);
  return failed ? EXIT_FAIL : EXIT_OK;
}

}  // namespace kirin::cli
