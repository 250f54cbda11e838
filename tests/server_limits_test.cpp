// `kirin serve` under attack, in a child process so that its memory can be read: many event
// streams, huge and slow requests, many-part ranges. After each the server still answers
// others at once, and its memory stays bounded.
#include <gtest/gtest.h>
#include <httplib.h>
#include <sys/resource.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "process/server_process.h"
#include "raw_http.h"
#include "server_test_util.h"

using kirin::ServerProcess;
using kirin::test::body_of;
using kirin::test::header_of;
using kirin::test::RawConn;
using kirin::test::status_of;
using nlohmann::json;

namespace {

ServerProcess start(const std::string& name, std::vector<std::string> args = {}) {
  args.insert(args.begin(), {"--db", kirin::test::temp_db(name), "--log-level", "warn"});
  if (std::find(args.begin(), args.end(), "--web") == args.end()) args.insert(args.end(), {"--web", ""});
  auto p = ServerProcess::start(KIRIN_BINARY, args);
  if (!p) throw std::runtime_error(p.error());
  return std::move(*p);
}

void raise_fd_limit() {
  rlimit fds{};
  getrlimit(RLIMIT_NOFILE, &fds);
  fds.rlim_cur = fds.rlim_max;
  setrlimit(RLIMIT_NOFILE, &fds);
}

std::string create_human_game(int port) {
  httplib::Client c("127.0.0.1", port);
  auto r =
      c.Post("/api/games", json{{"game", "xiangqi"}, {"opponent", {{"kind", "human"}}}}.dump(), "application/json");
  if (!r || r->status != 201) return "";
  return json::parse(r->body)["id"];
}

// /api/health from an address of its own, and how long it took (ms); -1 if it failed.
double health_ms(int port, const char* from = "127.0.0.1") {
  auto t0 = std::chrono::steady_clock::now();
  RawConn c(port, from);
  if (!c.ok() || !c.send("GET /api/health HTTP/1.1\r\nHost: t\r\n\r\n")) return -1;
  std::string r = c.read_response(5000);
  if (status_of(r) != 200) return -1;
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

std::string events_request(const std::string& id) {
  return "GET /api/games/" + id + "/events HTTP/1.1\r\nHost: t\r\n\r\n";
}

}  // namespace

TEST(ServerLimits, ThreeThousandEventStreamsAndOthersStillPlay) {
  raise_fd_limit();
  ServerProcess server = start("streams3000");
  const long base_kib = server.rss_kib();
  // Two games of 1500 watchers each (the limit on one game is 2000), from 24 addresses, each
  // under the per-address limit of 128 streams.
  std::string ids[2] = {create_human_game(server.port()), create_human_game(server.port())};
  ASSERT_FALSE(ids[1].empty());
  std::vector<RawConn> streams;
  for (int i = 0; i < 3000; ++i) {
    std::string from = "127.0.0." + std::to_string(2 + i / 125);
    streams.emplace_back(server.port(), from.c_str());
    ASSERT_TRUE(streams.back().ok()) << i;
    ASSERT_TRUE(streams.back().send(events_request(ids[i % 2]))) << i;
  }
  int first_events = 0;
  for (auto& s : streams)
    if (s.read_until("\n\n").find("event: state\ndata: {") != std::string::npos) ++first_events;
  EXPECT_EQ(first_events, 3000);
  double ms = health_ms(server.port());
  EXPECT_GE(ms, 0);
  EXPECT_LT(ms, 1000);
  // A move reaches every watcher.
  httplib::Client c("127.0.0.1", server.port());
  // The watched game's creator never kept its token: the move is made in a game of its own.
  auto created =
      c.Post("/api/games", json{{"game", "xiangqi"}, {"opponent", {{"kind", "human"}}}}.dump(), "application/json");
  ASSERT_TRUE(created && created->status == 201);
  json cg = json::parse(created->body);
  std::vector<RawConn> on_moving;
  for (int i = 0; i < 200; ++i) {
    on_moving.emplace_back(server.port(), i % 2 ? "127.0.0.40" : "127.0.0.41");
    ASSERT_TRUE(on_moving.back().send(events_request(cg["id"])));
    ASSERT_NE(on_moving.back().read_until("\n\n").find("event: state"), std::string::npos);
  }
  auto moved = c.Post("/api/games/" + cg["id"].get<std::string>() + "/move",
                      httplib::Headers{{"Authorization", "Bearer " + cg["token"].get<std::string>()}},
                      R"({"move":"h2e2"})", "application/json");
  ASSERT_TRUE(moved && moved->status == 200);
  int saw_move = 0;
  for (auto& s : on_moving)
    if (s.read_until("\n\n").find("\"last_move\":\"h2e2\"") != std::string::npos) ++saw_move;
  EXPECT_EQ(saw_move, 200);
  const long grown_mib = (server.peak_rss_kib() - base_kib) / 1024;
  EXPECT_LT(grown_mib, 100) << "3200 event streams cost " << grown_mib << " MiB";
}

TEST(ServerLimits, EventStreamsPerGameAndInAllAreCapped) {
  ServerProcess server = start("streamcap", {"--max-streams-per-game", "10", "--max-streams", "15"});
  std::string a = create_human_game(server.port()), b = create_human_game(server.port());
  std::vector<RawConn> held;
  for (int i = 0; i < 10; ++i) {
    held.emplace_back(server.port());
    held.back().send(events_request(a));
    ASSERT_NE(held.back().read_until("\n\n").find("event: state"), std::string::npos);
  }
  RawConn eleventh(server.port());
  eleventh.send(events_request(a));
  std::string r = eleventh.read_response(3000);
  EXPECT_EQ(status_of(r), 503);
  EXPECT_EQ(header_of(r, "Retry-After"), "5");
  EXPECT_EQ(body_of(r), R"J({"error":"too many event streams on this game (10)","code":"busy"})J");
  for (int i = 0; i < 5; ++i) {
    held.emplace_back(server.port());
    held.back().send(events_request(b));
    ASSERT_NE(held.back().read_until("\n\n").find("event: state"), std::string::npos);
  }
  RawConn sixteenth(server.port());
  sixteenth.send(events_request(b));
  r = sixteenth.read_response(3000);
  EXPECT_EQ(status_of(r), 503);
  EXPECT_EQ(body_of(r), R"J({"error":"too many event streams (15)","code":"busy"})J");
  // A stream that ends frees its place.
  held.pop_back();
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  RawConn again(server.port());
  again.send(events_request(b));
  EXPECT_NE(again.read_until("\n\n").find("event: state"), std::string::npos);
}

// One address may hold --max-streams-per-client event streams, on any games; the next is told
// so (429), while another address still opens its own.
TEST(ServerLimits, EventStreamsPerAddressAreCapped) {
  ServerProcess server = start("streams-per-client", {"--max-streams-per-client", "4"});
  std::string a = create_human_game(server.port()), b = create_human_game(server.port());
  std::vector<RawConn> held;
  for (int i = 0; i < 4; ++i) {
    held.emplace_back(server.port(), "127.0.0.2");
    held.back().send(events_request(i % 2 ? a : b));
    ASSERT_NE(held.back().read_until("\n\n").find("event: state"), std::string::npos) << i;
  }
  RawConn fifth(server.port(), "127.0.0.2");
  fifth.send(events_request(a));
  std::string r = fifth.read_response(3000);
  EXPECT_EQ(status_of(r), 429);
  EXPECT_EQ(
      body_of(r),
      R"J({"error":"too many event streams from your address (at most 4); close some pages","code":"too_often"})J");
  RawConn other(server.port(), "127.0.0.3");
  other.send(events_request(a));
  EXPECT_NE(other.read_until("\n\n").find("event: state"), std::string::npos);
  // A stream that ends frees its place for its address.
  held.pop_back();
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  RawConn again(server.port(), "127.0.0.2");
  again.send(events_request(b));
  EXPECT_NE(again.read_until("\n\n").find("event: state"), std::string::npos);
}

TEST(ServerLimits, ChunkedBodiesOfSixtyFourMegabytesAreCutAt413) {
  ServerProcess server = start("chunked");
  const long base_kib = server.rss_kib();
  std::vector<std::thread> senders;
  std::vector<std::string> answers(4);
  for (int i = 0; i < 4; ++i)
    senders.emplace_back([&, i] {
      RawConn c(server.port(), ("127.0.0." + std::to_string(30 + i)).c_str());
      c.send(
          "POST /api/games HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: "
          "chunked\r\n\r\n");
      const std::string chunk = "100000\r\n" + std::string(1 << 20, ' ') + "\r\n";
      for (int mb = 0; mb < 64 && c.send(chunk); ++mb) {
      }
      answers[i] = c.read_response(5000);
    });
  for (auto& t : senders) t.join();
  for (const std::string& a : answers) {
    EXPECT_EQ(status_of(a), 413) << a.substr(0, 200);
    EXPECT_EQ(body_of(a), R"J({"error":"request body larger than 1048576 bytes","code":"too_long"})J");
  }
  EXPECT_LT((server.peak_rss_kib() - base_kib) / 1024, 32);
  EXPECT_GE(health_ms(server.port()), 0);
  // A declared length over the limit is refused before a byte of the body is read.
  RawConn big(server.port());
  big.send("POST /api/games HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 2000000\r\n\r\n");
  EXPECT_EQ(status_of(big.read_response(3000)), 413);
}

TEST(ServerLimits, TwoHundredThousandHeadersAre431) {
  ServerProcess server = start("headers");
  const long base_kib = server.rss_kib();
  std::string req = "GET /api/health HTTP/1.1\r\nHost: t\r\n";
  for (int i = 0; i < 200000; ++i) req += "X-H: v\r\n";
  req += "\r\n";
  RawConn c(server.port());
  c.send(req);
  std::string r = c.read_response(5000);
  EXPECT_EQ(status_of(r), 431);
  EXPECT_EQ(body_of(r), R"J({"error":"request header larger than 16384 bytes","code":"too_long"})J");
  // Within the size limit, but too many fields.
  std::string many = "GET /api/health HTTP/1.1\r\nHost: t\r\n";
  for (int i = 0; i < 100; ++i) many += "X: v\r\n";
  RawConn d(server.port());
  d.send(many + "\r\n");
  r = d.read_response(5000);
  EXPECT_EQ(status_of(r), 431);
  EXPECT_EQ(body_of(r), R"J({"error":"too many header fields (101, at most 100)","code":"too_long"})J");
  EXPECT_LT((server.peak_rss_kib() - base_kib) / 1024, 16);
}

TEST(ServerLimits, RangeServesOnePartOfAFileAndIsIgnoredOnTheApi) {
  auto web = std::filesystem::temp_directory_path() / ("kirin-web-" + std::to_string(getpid()));
  std::filesystem::create_directories(web / "assets");
  std::string content;
  for (int i = 0; i < 127000; ++i) content += char('a' + i % 26);
  std::ofstream(web / "index.html") << "<!doctype html><title>Kirin</title>";
  std::ofstream(web / "assets" / "big.js") << content;
  ServerProcess server = start("range", {"--web", web.string()});
  const long base_kib = server.rss_kib();
  auto get = [&](const std::string& path, const std::string& range) {
    RawConn c(server.port());
    c.send("GET " + path + " HTTP/1.1\r\nHost: t\r\nRange: " + range + "\r\n\r\n");
    return c.read_response(5000);
  };
  std::string parts = "bytes=0-";
  for (int i = 1; i < 2000; ++i) parts += ",0-";
  std::string whole = get("/assets/big.js", parts);
  EXPECT_EQ(status_of(whole), 200);
  EXPECT_EQ(header_of(whole, "Content-Length"), "127000");
  EXPECT_EQ(body_of(whole), content);
  std::string one = get("/assets/big.js", "bytes=10-19");
  EXPECT_EQ(status_of(one), 206);
  EXPECT_EQ(header_of(one, "Content-Range"), "bytes 10-19/127000");
  EXPECT_EQ(body_of(one), content.substr(10, 10));
  EXPECT_EQ(body_of(get("/assets/big.js", "bytes=-5")), content.substr(126995));
  std::string beyond = get("/assets/big.js", "bytes=200000-");
  EXPECT_EQ(status_of(beyond), 416);
  EXPECT_EQ(header_of(beyond, "Content-Range"), "bytes */127000");
  std::string api = get("/api/health", "bytes=0-3");
  EXPECT_EQ(status_of(api), 200);
  EXPECT_EQ(header_of(api, "Content-Range"), "");
  // Nothing outside the folder, nothing hidden.
  EXPECT_EQ(status_of(get("/../index.html", "bytes=0-")), 404);
  EXPECT_EQ(status_of(get("/assets/%2e%2e/index.html", "bytes=0-")), 404);
  EXPECT_LT((server.peak_rss_kib() - base_kib) / 1024, 16);
  std::filesystem::remove_all(web);
}

TEST(ServerLimits, GzippedCopyGoesToClientsThatTakeGzipAndAnETagGivesA304) {
  auto web = std::filesystem::temp_directory_path() / ("kirin-web-gz-" + std::to_string(getpid()));
  std::filesystem::create_directories(web / "kirin-wasm");
  std::ofstream(web / "index.html") << "<!doctype html><title>Kirin</title>";
  const std::string plain(5000, 'w'), packed = "pretend-gzip";
  const auto wasm = web / "kirin-wasm" / "kirin.wasm", gz = web / "kirin-wasm" / "kirin.wasm.gz";
  std::ofstream(wasm, std::ios::binary) << plain;
  std::ofstream(gz, std::ios::binary) << packed;
  std::filesystem::last_write_time(gz, std::filesystem::last_write_time(wasm) + std::chrono::seconds(1));
  ServerProcess server = start("gzip", {"--web", web.string()});
  auto get = [&](const std::string& headers) {
    RawConn c(server.port());
    c.send("GET /kirin-wasm/kirin.wasm HTTP/1.1\r\nHost: t\r\n" + headers + "\r\n");
    return c.read_response(5000);
  };
  const std::string zipped = get("Accept-Encoding: br, gzip;q=0.8\r\n");
  EXPECT_EQ(status_of(zipped), 200);
  EXPECT_EQ(header_of(zipped, "Content-Encoding"), "gzip");
  EXPECT_EQ(header_of(zipped, "Content-Type"), "application/wasm");
  EXPECT_EQ(header_of(zipped, "Vary"), "Accept-Encoding");
  EXPECT_EQ(body_of(zipped), packed);
  // No gzip offered, gzip refused, or a range: the file itself.
  for (const std::string& h : {std::string(), std::string("Accept-Encoding: gzip;q=0, br\r\n"),
                               std::string("Accept-Encoding: gzip\r\nRange: bytes=0-9\r\n")}) {
    const std::string r = get(h);
    EXPECT_EQ(header_of(r, "Content-Encoding"), "") << h;
    EXPECT_EQ(body_of(r), h.find("Range") == std::string::npos ? plain : plain.substr(0, 10)) << h;
  }
  // Revalidation: the same ETag is a 304 without a body; each encoding has its own.
  const std::string etag = header_of(zipped, "ETag");
  ASSERT_FALSE(etag.empty());
  EXPECT_NE(header_of(get(""), "ETag"), etag);
  const std::string again = get("Accept-Encoding: gzip\r\nIf-None-Match: " + etag + "\r\n");
  EXPECT_EQ(status_of(again), 304);
  EXPECT_EQ(body_of(again), "");
  EXPECT_EQ(status_of(get("If-None-Match: " + etag + "\r\n")), 200);
  // A copy older than its file is stale: never sent.
  std::filesystem::last_write_time(gz, std::filesystem::last_write_time(wasm) - std::chrono::seconds(10));
  const std::string stale = get("Accept-Encoding: gzip\r\n");
  EXPECT_EQ(header_of(stale, "Content-Encoding"), "");
  EXPECT_EQ(body_of(stale), plain);
  std::filesystem::remove_all(web);
}

TEST(ServerLimits, SlowDripSendersAreDroppedAndOneAddressGetsAtMost256) {
  ServerProcess server = start("slowdrip", {"--request-timeout", "2"});
  std::vector<RawConn> drips;
  for (int i = 0; i < 300; ++i) drips.emplace_back(server.port(), "127.0.0.40");
  // The 257th and later connections from the address are refused at once.
  int refused = 0;
  for (int i = 256; i < 300; ++i) {
    std::string r = drips[i].read_response(2000);
    if (status_of(r) == 503 && body_of(r) == R"({"error":"too many connections; try again later","code":"busy"})")
      ++refused;
  }
  EXPECT_EQ(refused, 44);
  // 256 senders drip a byte every 300 ms; other addresses are served at once meanwhile.
  const std::string req = "GET /api/health HTTP/1.1\r\nHost: t\r\n\r\n";
  auto t0 = std::chrono::steady_clock::now();
  double worst = 0;
  for (size_t k = 0; k < 8; ++k) {
    for (int i = 0; i < 256; ++i) drips[i].send(req.substr(k, 1));
    double ms = health_ms(server.port(), "127.0.0.41");
    ASSERT_GE(ms, 0) << "health failed at byte " << k;
    worst = std::max(worst, ms);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
  }
  EXPECT_LT(worst, 500);
  // By the request timeout (2 s from the first byte) every dripping connection is closed.
  int closed = 0;
  for (int i = 0; i < 256; ++i)
    if (drips[i].closed_within(
            int(3000 - std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count()) +
            1000))
      ++closed;
  EXPECT_EQ(closed, 256);
}

TEST(ServerLimits, IdleConnectionsAreClosedAfterTheIdleTimeout) {
  ServerProcess server = start("idle", {"--idle-timeout", "1"});
  RawConn silent(server.port());
  EXPECT_TRUE(silent.closed_within(3000));
  RawConn kept(server.port());
  kept.send("GET /api/health HTTP/1.1\r\nHost: t\r\n\r\n");
  EXPECT_EQ(status_of(kept.read_response(2000)), 200);
  auto t0 = std::chrono::steady_clock::now();
  EXPECT_TRUE(kept.closed_within(3000));
  EXPECT_GT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 0.5);
}

// An unknown page is the UI's own 404 page (index.html, which says "Page not found") with status
// 404; an unknown API path keeps its JSON error.
TEST(ServerLimits, UnknownPageIsTheSitesOwn404PageAndUnknownApiPathIsJson) {
  auto web = std::filesystem::temp_directory_path() / ("kirin-web-404-" + std::to_string(getpid()));
  std::filesystem::create_directories(web);
  const std::string index = "<!doctype html><title>Kirin</title>";
  std::ofstream(web / "index.html") << index;
  ServerProcess server = start("notfound", {"--web", web.string()});
  auto get = [&](const std::string& path) {
    RawConn c(server.port());
    c.send("GET " + path + " HTTP/1.1\r\nHost: t\r\n\r\n");
    return c.read_response(5000);
  };
  const std::string page = get("/no/such/page");
  EXPECT_EQ(status_of(page), 404);
  EXPECT_EQ(header_of(page, "Content-Type"), "text/html; charset=utf-8");
  EXPECT_EQ(body_of(page), index);
  EXPECT_EQ(status_of(get("/../index.html")), 404);
  EXPECT_EQ(body_of(get("/../index.html")), index);
  EXPECT_EQ(status_of(get("/editor")), 200);
  const std::string api = get("/api/nosuch");
  EXPECT_EQ(status_of(api), 404);
  EXPECT_EQ(header_of(api, "Content-Type"), "application/json");
  EXPECT_EQ(body_of(api),
            R"({"code":"no_such_api","error":"no such API: /api/nosuch","params":{"path":"/api/nosuch"}})");
  std::filesystem::remove_all(web);
}
