// The store speaks up: a damaged or read-only file is refused at start with its reason, a
// failing write is a 500 that /api/health reports, a damaged game is an error and not a
// shorter game, and every end of a game (impasse included) survives a restart.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "server_test_util.h"

using kirin::test::TestServer;
using nlohmann::json;

namespace {

// Runs a shell command; its exit code and what it printed (stdout and stderr).
std::pair<int, std::string> run(const std::string& cmd) {
  FILE* p = popen((cmd + " 2>&1").c_str(), "r");
  std::string out;
  char buf[4096];
  while (size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  int status = pclose(p);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

std::string serve_cmd(const std::string& db) {
  return std::string(KIRIN_BINARY) + " serve --port 0 --web '' --log-level warn --db '" + db + "'";
}

void exec_sql(const std::string& db, const std::string& sql) {
  sqlite3* h = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
  char* err = nullptr;
  ASSERT_EQ(sqlite3_exec(h, sql.c_str(), nullptr, nullptr, &err), SQLITE_OK) << (err ? err : "");
  sqlite3_close(h);
}

json human_game(const TestServer& s, const std::string& game, const std::string& fen = "") {
  json spec = {{"game", game}, {"opponent", {{"kind", "human"}}}};
  if (!fen.empty()) spec["fen"] = fen;
  return s.post("/api/games", spec.dump()).second;
}

}  // namespace

TEST(ServerStore, DamagedFilesAreRefusedAtStartWithTheReason) {
  const std::string db = kirin::test::temp_db("damaged");
  {
    TestServer s(db);
    for (int i = 0; i < 60; ++i) {
      json g = human_game(s, "chushogi");
      s.post("/api/games/" + g["id"].get<std::string>() + "/move",
             json{{"token", g["token"]}, {"move", "7i7h"}}.dump());
    }
  }
  exec_sql(db, "PRAGMA wal_checkpoint(TRUNCATE)");
  ASSERT_GT(std::filesystem::file_size(db), 4 * 4096u);
  {
    std::fstream f(db, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(2 * 4096);
    const std::string junk(2 * 4096, '\xA5');
    f.write(junk.data(), junk.size());
  }
  auto [code, out] = run(serve_cmd(db));
  EXPECT_EQ(code, 1);
  EXPECT_EQ(out.rfind("kirin serve: cannot use database " + db + ": ", 0), 0u) << out;
  EXPECT_NE(out.find(": database is damaged: *** in database main ***;"), std::string::npos) << out;
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 1) << "[" << out << "]";

  const std::string text = kirin::test::temp_db("not-a-db");
  std::ofstream(text) << "hello, this is not a database but a letter to the operator.";
  auto [code2, out2] = run(serve_cmd(text));
  EXPECT_EQ(code2, 1);
  EXPECT_EQ(out2, "kirin serve: cannot use database " + text + ": database: integrity check: file is not a database\n");
}

TEST(ServerStore, ReadOnlyFileIsRefusedAtStart) {
  auto dir = std::filesystem::temp_directory_path() / ("kirin-ro-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const std::string db = (dir / "k.db").string();
  { TestServer s(db); }
  std::string cmd;
  if (geteuid() == 0) {
    // Root writes through file modes: a read-only bind mount in a mount namespace of its own.
    cmd = "unshare -m sh -c \"mount --bind -o ro '" + dir.string() + "' '" + dir.string() + "' && exec " +
          serve_cmd(db) + "\"";
  } else {
    std::filesystem::permissions(dir, std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
    std::filesystem::permissions(db, std::filesystem::perms::owner_read);
    cmd = serve_cmd(db);
  }
  auto [code, out] = run(cmd);
  std::filesystem::permissions(dir, std::filesystem::perms::owner_all);
  std::filesystem::remove_all(dir);
  EXPECT_EQ(code, 1);
  EXPECT_EQ(out,
            "kirin serve: cannot use database " + db + ": database is not writable (a read-only file or folder)\n");
}

TEST(ServerStore, AFailedWriteIs500AndHealthSaysSo) {
  const std::string db = kirin::test::temp_db("locked");
  TestServer s(db);
  json g = human_game(s, "xiangqi");
  const std::string base = "/api/games/" + g["id"].get<std::string>();
  EXPECT_EQ(s.get("/api/health").second["store"], json({{"kind", "sqlite"}, {"ok", true}, {"error", ""}}));
  // Another process holds the database's write lock past the busy timeout (5 s).
  sqlite3* other = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &other), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(other, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr), SQLITE_OK);
  auto [st, b] = s.post(base + "/move", json{{"token", g["token"]}, {"move", "h2e2"}}.dump());
  EXPECT_EQ(st, 500);
  EXPECT_EQ(b["error"], "database: database is locked");
  auto [hs, health] = s.get("/api/health");
  EXPECT_EQ(hs, 503);
  EXPECT_EQ(health["ok"], false);
  // The last failed write: the move's, or the clock thread's note that the server is alive.
  EXPECT_TRUE(health["store"]["error"].get<std::string>().ends_with("database is locked")) << health.dump();
  sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(other);
  // The refused move left nothing behind; the same move now goes through.
  EXPECT_EQ(s.get(base).second["ply"], 0);
  EXPECT_EQ(s.post(base + "/move", json{{"token", g["token"]}, {"move", "h2e2"}}.dump()).first, 200);
  EXPECT_EQ(s.get("/api/health").first, 200);
}

TEST(ServerStore, AGameWithAMissingMoveIsAnErrorNotAShorterGame) {
  const std::string db = kirin::test::temp_db("gap");
  std::string id;
  {
    TestServer s(db);
    json g = human_game(s, "xiangqi");
    id = g["id"];
    const std::string tokens[2] = {g["token"], g["opponent_token"]};
    int i = 0;
    for (const char* m : {"h2e2", "h9g7", "h0g2", "i9h9"})
      ASSERT_EQ(s.post("/api/games/" + id + "/move", json{{"token", tokens[i++ % 2]}, {"move", m}}.dump()).first, 200);
  }
  exec_sql(db, "DELETE FROM moves WHERE game_id = '" + id + "' AND ply = 1");
  TestServer s(db);
  auto [st, b] = s.get("/api/games/" + id);
  EXPECT_EQ(st, 500);
  EXPECT_EQ(b["error"], "database: game " + id + ": move 2 is missing");
  EXPECT_EQ(s.get("/api/games/" + id + "/record").first, 500);
}

TEST(ServerStore, ImpasseSurvivesARestartAndIsInEveryRecord) {
  const std::string db = kirin::test::temp_db("impasse-restart");
  const std::string fen = "12/7K4/12/12/12/12/12/12/12/12/7k4/12 b QIRBXO31Pqirbxo28p 1";
  std::string id;
  {
    TestServer s(db);
    json g = human_game(s, "chuseireigi", fen);
    id = g["id"];
    ASSERT_EQ(s.post("/api/games/" + id + "/impasse", json{{"token", g["token"]}}.dump()).first, 200);
    auto [st, b] = s.post("/api/games/" + id + "/impasse", json{{"token", g["opponent_token"]}}.dump());
    ASSERT_EQ(st, 200) << b.dump();
    EXPECT_EQ(b["reason"], "impasse 61-58");
  }
  TestServer s(db);
  auto [st, b] = s.get("/api/games/" + id);
  ASSERT_EQ(st, 200);
  EXPECT_EQ(b["status"], "over");
  EXPECT_EQ(b["result"], "1/2-1/2");
  EXPECT_EQ(b["reason"], "impasse 61-58");
  EXPECT_EQ(b["legal_moves"], json::array());
  EXPECT_NE(s.get("/api/games/" + id + "/record?format=usi").second["text"].get<std::string>().find("impasse"),
            std::string::npos);
  EXPECT_NE(s.get("/api/games/" + id + "/record?format=gc").second["text"].get<std::string>().find("impasse"),
            std::string::npos);
  EXPECT_NE(s.get("/api/games/" + id + "/record?format=kif").second["text"].get<std::string>().find("持将棋"),
            std::string::npos);
}
