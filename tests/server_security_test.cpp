// What a careful operator expects of every answer: security headers, JSON-only POSTs, methods
// refused by name, tokens that are never stored or sent in the clear.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/stat.h>

#include <nlohmann/json.hpp>

#include "raw_http.h"
#include "server/http/client_address.h"
#include "server/security/token.h"
#include "server_test_util.h"

using kirin::test::body_of;
using kirin::test::header_of;
using kirin::test::RawConn;
using kirin::test::status_of;
using kirin::test::TestServer;
using nlohmann::json;

namespace {

std::string raw(int port, const std::string& request) {
  RawConn c(port);
  c.send(request);
  return c.read_response(5000);
}

// The seats column of a game, read straight from the database file.
std::string stored_seats(const std::string& db, const std::string& id) {
  sqlite3* h = nullptr;
  sqlite3_open_v2(db.c_str(), &h, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_stmt* q = nullptr;
  sqlite3_prepare_v2(h, "SELECT seats FROM games WHERE id = ?1", -1, &q, nullptr);
  sqlite3_bind_text(q, 1, id.c_str(), -1, SQLITE_TRANSIENT);
  std::string out = sqlite3_step(q) == SQLITE_ROW ? reinterpret_cast<const char*>(sqlite3_column_text(q, 0)) : "";
  sqlite3_finalize(q);
  sqlite3_close(h);
  return out;
}

}  // namespace

TEST(ServerSecurity, EveryAnswerCarriesTheSecurityHeaders) {
  TestServer s(kirin::test::temp_db("headers"));
  for (const std::string& req :
       {std::string("GET /api/health HTTP/1.1\r\nHost: t\r\n\r\n"),
        std::string("GET /api/nothing HTTP/1.1\r\nHost: t\r\n\r\n"), std::string("GET / HTTP/1.1\r\nHost: t\r\n\r\n"),
        std::string("POST /api/games HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\n{}")}) {
    std::string r = raw(s.port(), req);
    ASSERT_NE(status_of(r), 0) << req;
    EXPECT_EQ(header_of(r, "X-Content-Type-Options"), "nosniff") << req;
    EXPECT_EQ(header_of(r, "Referrer-Policy"), "no-referrer") << req;
    EXPECT_EQ(header_of(r, "X-Frame-Options"), "DENY") << req;
    std::string csp = header_of(r, "Content-Security-Policy");
    EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos) << req;
    EXPECT_NE(csp.find("default-src 'self'"), std::string::npos) << req;
    if (req.find("/api/") != std::string::npos) {
      EXPECT_EQ(header_of(r, "Cache-Control"), "no-store") << req;
    }
  }
}

TEST(ServerSecurity, PostsMustBeJsonAndMethodsAreNamed) {
  TestServer s(kirin::test::temp_db("json-only"));
  const std::string body = R"({"game":"xiangqi"})";
  for (const char* type : {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"}) {
    std::string r = raw(s.port(), "POST /api/games HTTP/1.1\r\nHost: t\r\nContent-Type: " + std::string(type) +
                                      "\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
    EXPECT_EQ(status_of(r), 415) << type;
    EXPECT_EQ(body_of(r), R"J({"code":"unsupported_media_type","error":"POST bodies must be application/json"})J");
  }
  std::string ok =
      raw(s.port(),
          "POST /api/games HTTP/1.1\r\nHost: t\r\nContent-Type: Application/JSON; charset=utf-8\r\nContent-Length: " +
              std::to_string(body.size()) + "\r\n\r\n" + body);
  EXPECT_EQ(status_of(ok), 201);
  std::string del = raw(s.port(), "DELETE /api/games HTTP/1.1\r\nHost: t\r\n\r\n");
  EXPECT_EQ(status_of(del), 405);
  EXPECT_EQ(header_of(del, "Allow"), "GET, HEAD, POST");
  EXPECT_EQ(status_of(raw(s.port(), "GET /api/games/abc/move HTTP/1.1\r\nHost: t\r\n\r\n")), 405);
  EXPECT_EQ(status_of(raw(s.port(), "BREW /api/health HTTP/1.1\r\nHost: t\r\n\r\n")), 405);
  // HEAD: the headers of a GET, with no body after them.
  RawConn head(s.port());
  head.send("HEAD /api/variants HTTP/1.1\r\nHost: t\r\n\r\nGET /api/health HTTP/1.1\r\nHost: t\r\n\r\n");
  std::string both = head.read_until("\"ok\":true");
  EXPECT_EQ(status_of(both), 200);
  EXPECT_GT(std::stoi(header_of(both, "Content-Length")), 1000);
  EXPECT_EQ(both.find("\r\n\r\n") + 4, both.find("HTTP/1.1 200", 10)) << both.substr(0, 600);
  std::string garbage = raw(s.port(), "\x01\x02 nonsense\r\n\r\n");
  EXPECT_EQ(status_of(garbage), 400);
}

TEST(ServerSecurity, TokensAreStoredHashedInAnOwnerOnlyFile) {
  const std::string db = kirin::test::temp_db("hashed");
  TestServer s(db);
  auto [st, g] = s.post("/api/games", json{{"game", "chushogi"}, {"opponent", {{"kind", "human"}}}}.dump());
  ASSERT_EQ(st, 201);
  const std::string token = g["token"], other = g["opponent_token"], id = g["id"];
  EXPECT_EQ(token.size(), 32u);
  EXPECT_NE(token, other);
  const std::string seats = stored_seats(db, id);
  EXPECT_EQ(seats.find(token), std::string::npos);
  EXPECT_NE(seats.find(kirin::server::token_hash(token)), std::string::npos) << seats;
  struct stat st_db {};
  ASSERT_EQ(stat(db.c_str(), &st_db), 0);
  EXPECT_EQ(st_db.st_mode & 0777, 0600u);
  // The token works from the Authorization header; a near miss does not.
  std::string mv = R"({"move":"7i7h"})";
  auto post_as = [&](const std::string& t) {
    return status_of(raw(s.port(), "POST /api/games/" + id + "/move HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer " + t +
                                       "\r\nContent-Type: application/json\r\nContent-Length: " +
                                       std::to_string(mv.size()) + "\r\n\r\n" + mv));
  };
  EXPECT_EQ(post_as(token.substr(0, 31) + (token[31] == '0' ? "1" : "0")), 403);
  EXPECT_EQ(post_as(kirin::server::token_hash(token)), 403);  // the stored hash is no key
  EXPECT_EQ(post_as(token), 200);
}

TEST(ServerSecurity, TokenHashesAreSha256AndComparedWhole) {
  EXPECT_EQ(kirin::server::token_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  const std::string h = kirin::server::token_hash("secret");
  EXPECT_TRUE(kirin::server::token_matches("secret", h));
  EXPECT_FALSE(kirin::server::token_matches("secreT", h));
  EXPECT_FALSE(kirin::server::token_matches("", kirin::server::token_hash("")));
  EXPECT_FALSE(kirin::server::token_matches("secret", h.substr(0, 63)));
  EXPECT_EQ(kirin::server::new_token().size(), 32u);
  EXPECT_NE(kirin::server::new_token(), kirin::server::new_token());
}

// A database written before tokens were hashed (schema version 1) is migrated at start: its
// players keep their links, and the file no longer holds their tokens.
TEST(ServerSecurity, OldDatabasesHaveTheirTokensHashedAtStart) {
  const std::string db = kirin::test::temp_db("migrate");
  {
    sqlite3* h = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
    const char* v1 = R"sql(
      CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, setup TEXT NOT NULL,
        start_fen TEXT NOT NULL, casual INTEGER NOT NULL, seats TEXT NOT NULL, result TEXT NOT NULL,
        reason TEXT NOT NULL, draw_offer INTEGER NOT NULL, impasse_claim INTEGER NOT NULL,
        takeback_request INTEGER NOT NULL, created INTEGER NOT NULL, updated INTEGER NOT NULL);
      CREATE TABLE moves (game_id TEXT NOT NULL, ply INTEGER NOT NULL, move TEXT NOT NULL,
        PRIMARY KEY (game_id, ply)) WITHOUT ROWID;
      INSERT INTO games VALUES ('0123456789ab', 'xiangqi', '[]', '',
        'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1', 1,
        '[{"kirin":false,"strength":0,"token":"00112233445566778899aabbccddeeff"},{"kirin":true,"strength":3,"token":""}]',
        '', '', -1, -1, -1, 1, 1);)sql";
    ASSERT_EQ(sqlite3_exec(h, v1, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(h);
  }
  TestServer s(db);
  EXPECT_EQ(stored_seats(db, "0123456789ab").find("00112233445566778899aabbccddeeff"), std::string::npos);
  auto [st, g] = s.get("/api/games/0123456789ab?token=00112233445566778899aabbccddeeff");
  ASSERT_EQ(st, 200) << g.dump();
  EXPECT_EQ(g["you"], "first");
}

// Behind a reverse proxy the client is the last X-Forwarded-For hop no trusted proxy vouches
// for; addresses further left are the client's own claims, and an untrusted peer's header is
// ignored.
TEST(ServerSecurity, AClientBehindATrustedProxyIsNamedByXForwardedFor) {
  using kirin::server::http::client_address;
  kirin::server::http::Request req;
  const std::vector<std::string> proxies = {"127.0.0.1", "10.0.0.2"};
  EXPECT_EQ(client_address(req, "127.0.0.1", proxies), "127.0.0.1");  // no header
  req.set("X-Forwarded-For", "6.6.6.6, 203.0.113.7, 10.0.0.2");
  EXPECT_EQ(client_address(req, "127.0.0.1", proxies), "203.0.113.7");
  EXPECT_EQ(client_address(req, "198.51.100.1", proxies), "198.51.100.1");  // not a proxy of ours
  EXPECT_EQ(client_address(req, "127.0.0.1", {}), "127.0.0.1");
  req.set("X-Forwarded-For", "2001:db8:0:0::1");
  EXPECT_EQ(client_address(req, "127.0.0.1", proxies), "2001:db8::1");
  req.set("X-Forwarded-For", "203.0.113.7, not-an-address");
  EXPECT_EQ(client_address(req, "127.0.0.1", proxies), "127.0.0.1");
  req.set("X-Forwarded-For", "10.0.0.2");
  EXPECT_EQ(client_address(req, "127.0.0.1", proxies), "127.0.0.1");  // only proxies: the peer
}
