// What the web platform does with records and drawings: imports in Chinese notation and in old
// encodings (sent as the file's bytes), exports in every format that fits the game, the draw
// claim of repetition=vary, and print-and-play sets and diagrams by URL.
#include <gtest/gtest.h>
#include <iconv.h>

#include <ctime>
#include <nlohmann/json.hpp>

#include "raw_http.h"
#include "raw_sql.h"
#include "server_test_util.h"

using kirin::test::raw_sql;
using kirin::test::RawConn;
using kirin::test::TestServer;
using nlohmann::json;

namespace {

std::string convert(const std::string& utf8, const char* to) {
  iconv_t cd = iconv_open(to, "UTF-8");
  std::string out(utf8.size() * 4, '\0');
  char* in = const_cast<char*>(utf8.data());
  size_t in_left = utf8.size(), out_left = out.size();
  char* o = out.data();
  iconv(cd, &in, &in_left, &o, &out_left);
  iconv_close(cd);
  out.resize(out.size() - out_left);
  return out;
}

std::string base64(const std::string& bytes) {
  static const char* A = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (size_t i = 0; i < bytes.size(); i += 3) {
    uint32_t n = uint8_t(bytes[i]) << 16;
    if (i + 1 < bytes.size()) n |= uint8_t(bytes[i + 1]) << 8;
    if (i + 2 < bytes.size()) n |= uint8_t(bytes[i + 2]);
    out += A[n >> 18 & 63];
    out += A[n >> 12 & 63];
    out += i + 1 < bytes.size() ? A[n >> 6 & 63] : '=';
    out += i + 2 < bytes.size() ? A[n & 63] : '=';
  }
  return out;
}

const std::string CHINESE_PGN =
    "[Game \"Chinese Chess\"]\n[Red \"甲\"]\n[Black \"乙\"]\n[Result \"1-0\"]\n\n"
    "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ 1-0\n";

const std::string TRADITIONAL_PGN =
    "[Game \"Chinese Chess\"]\n[Red \"甲\"]\n[Black \"乙\"]\n[Result \"1-0\"]\n\n"
    "1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 3. 車一平二 馬２進３ 1-0\n";

std::string get_raw(int port, const std::string& target) {
  RawConn c(port);
  c.send("GET " + target + " HTTP/1.1\r\nHost: t\r\n\r\n");
  return c.read_response(10000);
}

}  // namespace

class ServerRecords : public kirin::test::OnEachStore {};
KIRIN_ON_EACH_STORE(ServerRecords);

TEST_P(ServerRecords, ChineseRecordsImportAsTextAndAsGbkOrBig5Bytes) {
  TestServer s(db("import-chinese"));
  const json moves = {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"};
  auto [st, g] = s.post("/api/games",
                        json{{"game", "xiangqi"}, {"opponent", {{"kind", "human"}}}, {"record", CHINESE_PGN}}.dump());
  ASSERT_EQ(st, 201) << g.dump();
  EXPECT_EQ(g["moves"], moves);
  EXPECT_EQ(g["result"], "1-0");
  // Big5 files are written in traditional characters.
  for (auto [encoding, text] : {std::pair{"GB18030", CHINESE_PGN}, std::pair{"BIG5-HKSCS", TRADITIONAL_PGN}}) {
    auto [st2, g2] = s.post(
        "/api/games",
        json{{"game", "xiangqi"}, {"opponent", {{"kind", "human"}}}, {"record_base64", base64(convert(text, encoding))}}
            .dump());
    ASSERT_EQ(st2, 201) << encoding << " " << g2.dump();
    EXPECT_EQ(g2["moves"], moves) << encoding;
  }
  auto [st3, bad] = s.post("/api/games", json{{"game", "xiangqi"}, {"record_base64", "!!!"}}.dump());
  EXPECT_EQ(st3, 400);
  EXPECT_EQ(bad["error"], "record_base64: not base64 at character 1");
}

TEST_P(ServerRecords, ExportsOfferEveryFormatThatFitsTheGame) {
  TestServer s(db("export-formats"));
  auto [st, g] = s.post(
      "/api/games", json{{"game", "xiangqi"}, {"opponent", {{"kind", "human"}}}, {"moves", {"h2e2", "h9g7"}}}.dump());
  ASSERT_EQ(st, 201);
  const std::string base = "/api/games/" + g["id"].get<std::string>() + "/record?format=";
  EXPECT_NE(s.get(base + "chinese").second["text"].get<std::string>().find("炮二平五"), std::string::npos);
  EXPECT_NE(s.get(base + "chinese-traditional").second["text"].get<std::string>().find("馬８進７"), std::string::npos);
  EXPECT_EQ(s.get(base + "kif").first, 400);
  auto [st2, cs] = s.post("/api/games", json{{"game", "chushogi"}, {"opponent", {{"kind", "human"}}}}.dump());
  auto [st3, misfit] = s.get("/api/games/" + cs["id"].get<std::string>() + "/record?format=chinese");
  EXPECT_EQ(st3, 400);
  EXPECT_FALSE(misfit["error"].get<std::string>().empty());
}

// An imported record keeps its players and how it ended; an exported one names the players
// (Kirin by its level) and the day the game began.
TEST_P(ServerRecords, ImportKeepsPlayersAndReasonAndExportNamesThePlayersAndDate) {
  TestServer s(db("record-header"));
  const std::string pgn =
      "[Red \"Lü Qin\"]\n[Black \"Xu Tianhong\"]\n[Result \"0-1\"]\n[Termination \"time forfeit\"]\n\n"
      "1. C2.5 H8+7 0-1\n";
  auto [st, g] = s.post(
      "/api/games",
      json{{"game", "xiangqi"}, {"opponent", {{"kind", "human"}}}, {"record", pgn}, {"name", "Importer"}}.dump());
  ASSERT_EQ(st, 201) << g.dump();
  EXPECT_EQ(g["players"]["first"]["player"], "Lü Qin");
  EXPECT_EQ(g["players"]["second"]["player"], "Xu Tianhong");
  EXPECT_EQ(g["result"], "0-1");
  EXPECT_EQ(g["reason"], "time forfeit");
  const std::string base = "/api/games/" + g["id"].get<std::string>() + "/record?format=";
  const std::string out = s.get(base + "pgn").second["text"];
  char today[16];
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  std::strftime(today, sizeof today, "%Y.%m.%d", &utc);
  EXPECT_NE(
      out.find("[Date \"" + std::string(today) + "\"]\n[Round \"?\"]\n[Red \"Lü Qin\"]\n[Black \"Xu Tianhong\"]\n"),
      std::string::npos)
      << out;
  EXPECT_NE(out.find("[Termination \"time forfeit\"]"), std::string::npos) << out;
  // Kirin by its level, a player by the name given.
  auto [st2, k] =
      s.post("/api/games",
             json{{"game", "chushogi"}, {"name", "Alice"}, {"opponent", {{"kind", "kirin"}, {"strength", 3}}}}.dump());
  ASSERT_EQ(st2, 201) << k.dump();
  const std::string kif = s.get("/api/games/" + k["id"].get<std::string>() + "/record?format=kif").second["text"];
  EXPECT_NE(kif.find("先手：Alice\n後手：Kirin (level 3)\n"), std::string::npos) << kif;
}

// An imported record keeps its other headers (its own date, the event, site and round, any tag of
// its own) and gives them back in every record exported of the game, across a restart.
TEST_P(ServerRecords, ImportedRecordKeepsItsHeadersInEveryExport) {
  const std::string stored = db("record-tags");
  const std::string pgn =
      "[Event \"1994 National Championship\"]\n[Site \"Beijing\"]\n[Date \"1994.05.12\"]\n[Round \"7\"]\n"
      "[Red \"Lü Qin\"]\n[Black \"Xu Tianhong\"]\n[Result \"0-1\"]\n[ECCO \"B05\"]\n\n1. C2.5 H8+7 0-1\n";
  std::string id;
  {
    TestServer s(stored);
    auto [st, g] =
        s.post("/api/games", json{{"game", "xiangqi"}, {"opponent", {{"kind", "human"}}}, {"record", pgn}}.dump());
    ASSERT_EQ(st, 201) << g.dump();
    id = g["id"];
  }
  TestServer s(stored);
  const std::string base = "/api/games/" + id + "/record?format=";
  const std::string out = s.get(base + "pgn").second["text"];
  EXPECT_EQ(out.substr(0, out.find("\n\n")),
            "[Event \"1994 National Championship\"]\n[Site \"Beijing\"]\n[Date \"1994.05.12\"]\n[Round \"7\"]\n"
            "[Red \"Lü Qin\"]\n[Black \"Xu Tianhong\"]\n[Result \"0-1\"]\n[Variant \"xiangqi\"]\n"
            "[Termination \"resignation\"]\n[ECCO \"B05\"]");
  const std::string usi = s.get(base + "usi").second["text"];
  EXPECT_NE(usi.find("# Date: 1994-05-12\n# Event: 1994 National Championship\n# Site: Beijing\n# Round: 7\n"),
            std::string::npos)
      << usi;
  const std::string dhtml = s.get(base + "dhtmlxq").second["text"];
  EXPECT_NE(dhtml.find("[DhtmlXQ_event]1994 National Championship[/DhtmlXQ_event]"), std::string::npos) << dhtml;
  // KIF's 棋戦 and 場所 are PGN's Event and Site, both ways.
  const std::string kif_in =
      "棋戦：第1回中将棋名人戦\n場所：大阪\n開始日時：2019/03/02\n先手：甲\n後手：乙\n手合割：\n"
      "手数----指手---------消費時間--\n   1 投了\n";
  auto [st, k] =
      s.post("/api/games", json{{"game", "chushogi"}, {"opponent", {{"kind", "human"}}}, {"record", kif_in}}.dump());
  ASSERT_EQ(st, 201) << k.dump();
  const std::string kif = s.get("/api/games/" + k["id"].get<std::string>() + "/record?format=kif").second["text"];
  EXPECT_EQ(kif.substr(0, kif.find("手合割")),
            "開始日時：2019/03/02\n棋戦：第1回中将棋名人戦\n場所：大阪\n先手：甲\n後手：乙\n")
      << kif;
}

// A database from before the games kept record tags (SQLite version 5, PostgreSQL 6) opens with
// its games, which have none, and gains the column.
TEST_P(ServerRecords, AGameStoredBeforeTagsOpensWithNone) {
  const std::string stored = db("record-tags-migrate");
  std::string id;
  {
    TestServer s(stored);
    auto [st, g] =
        s.post("/api/games", json{{"game", "xiangqi"}, {"opponent", {{"kind", "human"}}}, {"moves", {"h2e2"}}}.dump());
    ASSERT_EQ(st, 201) << g.dump();
    id = g["id"];
  }
  ASSERT_EQ(raw_sql(stored, "ALTER TABLE games DROP COLUMN tags"), "");
  ASSERT_EQ(kirin::test::set_schema_version(stored, 6, 5), "");
  TestServer s(stored);
  auto [gs, g] = s.get("/api/games/" + id);
  ASSERT_EQ(gs, 200) << g.dump();
  EXPECT_EQ(g["moves"], json::array({"h2e2"}));
  EXPECT_EQ(raw_sql(stored, "SELECT MAX(version) FROM schema_version"), kirin::test::latest_schema_version(stored));
  EXPECT_EQ(raw_sql(stored, "SELECT tags FROM games WHERE id = '" + id + "'"), "[]");
  const std::string out = s.get("/api/games/" + id + "/record?format=pgn").second["text"];
  EXPECT_EQ(out.substr(0, 30), "[Event \"?\"]\n[Site \"?\"]\n[Date \"") << out;
}

// A hostile record's headers are kept only as far as a header may go: 32 tags, 200 bytes a
// value, no control characters.
TEST_P(ServerRecords, ImportedHeadersAreBounded) {
  TestServer s(db("record-tags-bounded"));
  std::string pgn;
  for (int i = 0; i < 50; ++i) pgn += "[Tag" + std::to_string(i) + " \"" + std::string(300, 'x') + "\"]\n";
  pgn += "\n1. C2.5 *\n";
  auto [st, g] =
      s.post("/api/games", json{{"game", "xiangqi"}, {"opponent", {{"kind", "human"}}}, {"record", pgn}}.dump());
  ASSERT_EQ(st, 201) << g.dump();
  const std::string out = s.get("/api/games/" + g["id"].get<std::string>() + "/record?format=pgn").second["text"];
  EXPECT_NE(out.find("[Tag31 \"" + std::string(200, 'x') + "\"]\n"), std::string::npos) << out;
  EXPECT_EQ(out.find("[Tag32 "), std::string::npos) << out;
}

TEST_P(ServerRecords, RepetitionVaryDrawsOnlyWhenClaimed) {
  TestServer s(db("vary"));
  auto [st, g] =
      s.post("/api/games",
             json{{"game", "xiangqi"}, {"options", {"repetition=vary"}}, {"opponent", {{"kind", "human"}}}}.dump());
  ASSERT_EQ(st, 201) << g.dump();
  const std::string base = "/api/games/" + g["id"].get<std::string>();
  const std::string tokens[2] = {g["token"], g["opponent_token"]};
  const char* cycle[] = {"h0g2", "h9g7", "g2h0", "g7h9"};
  json last;
  for (int round = 0; round < 2; ++round)
    for (int i = 0; i < 4; ++i)
      last = s.post(base + "/move", json{{"token", tokens[i % 2]}, {"move", cycle[i]}}.dump()).second;
  EXPECT_EQ(last["status"], "playing");
  EXPECT_EQ(last["repetition_claimable"], true);
  auto [st2, drawn] = s.post(base + "/draw", json{{"token", tokens[0]}, {"action", "claim"}}.dump());
  ASSERT_EQ(st2, 200) << drawn.dump();
  EXPECT_EQ(drawn["result"], "1/2-1/2");
  EXPECT_EQ(drawn["reason"], "threefold repetition");
}

TEST(ServerDraw, PrintSetsAndDiagramsByUrl) {
  TestServer s(kirin::test::temp_db("draw"));
  std::string pdf = get_raw(s.port(), "/api/print?game=xiangqi&pieces=westernized&paper=letter&bw=1");
  EXPECT_EQ(kirin::test::status_of(pdf), 200) << pdf.substr(0, 300);
  EXPECT_EQ(kirin::test::header_of(pdf, "Content-Type"), "application/pdf");
  EXPECT_EQ(kirin::test::header_of(pdf, "Content-Disposition"), "attachment; filename=\"kirin-xiangqi-set.pdf\"");
  EXPECT_EQ(kirin::test::body_of(pdf).rfind("%PDF-", 0), 0u);
  std::string svg = get_raw(s.port(), "/api/diagram?game=chushogi&moves=7i7h&format=svg&flip=1");
  EXPECT_EQ(kirin::test::status_of(svg), 200);
  EXPECT_EQ(kirin::test::header_of(svg, "Content-Type"), "image/svg+xml");
  EXPECT_NE(kirin::test::body_of(svg).find("<svg"), std::string::npos);
  std::string png = get_raw(s.port(), "/api/diagram?game=xiangqi&format=png&size=200");
  EXPECT_EQ(kirin::test::header_of(png, "Content-Type"), "image/png");
  EXPECT_EQ(kirin::test::body_of(png).substr(1, 3), "PNG");
  std::string bad = get_raw(s.port(), "/api/diagram?game=xiangqi&moves=a0a9");
  EXPECT_EQ(kirin::test::status_of(bad), 400);
  EXPECT_NE(kirin::test::body_of(bad).find("a0a9"), std::string::npos) << bad;
  EXPECT_EQ(kirin::test::status_of(get_raw(s.port(), "/api/print?game=go")), 400);
  EXPECT_EQ(kirin::test::status_of(get_raw(s.port(), "/api/diagram?game=xiangqi&format=gif")), 400);
}

TEST(ServerDraw, DrawingsAreRateLimitedPerAddress) {
  TestServer s(kirin::test::temp_db("draw-rate"), {.api = {.renders_per_minute = 6}});
  int ok = 0;
  std::string last;
  for (int i = 0; i < 3; ++i) {
    last = get_raw(s.port(), "/api/diagram?game=xiangqi");
    ok += kirin::test::status_of(last) == 200;
  }
  EXPECT_EQ(ok, 2);  // a burst of a third of the minute's allowance
  EXPECT_EQ(kirin::test::status_of(last), 429);
}
