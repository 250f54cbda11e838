// Accounts and sessions (issue 30 item 1): sign up, log in and out, the session cookie, password
// changes and closed accounts, the Origin check and the login limits; on SQLite and PostgreSQL.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "account_http.h"
#include "raw_sql.h"
#include "server/security/account_rules.h"
#include "server/security/login_limits.h"
#include "server/security/origin.h"
#include "server/security/password.h"
#include "server_test_util.h"

using namespace kirin;
using kirin::test::Browser;
using kirin::test::quick_hashing;
using kirin::test::ServerSetup;
using kirin::test::TestServer;
using nlohmann::json;

namespace {

json login(const std::string& name, const std::string& password) { return {{"name", name}, {"password", password}}; }

class ServerAccounts : public kirin::test::OnEachStore {};

}  // namespace

TEST_P(ServerAccounts, SignupLogsInWithASessionCookieAndWhoAmISaysSo) {
  TestServer s(db("acc-signup"), quick_hashing());
  Browser b(s.port());
  EXPECT_EQ(b.get("/api/account").body, json({{"account", nullptr}}));
  auto r = b.post("/api/account/signup", login("Alice_1", "correct horse"));
  ASSERT_EQ(r.status, 201) << r.body.dump();
  EXPECT_EQ(r.body["account"]["name"], "Alice_1");
  EXPECT_EQ(r.body.dump().find("correct horse"), std::string::npos);  // never echoed
  ASSERT_EQ(b.cookie.size(), 64u);
  EXPECT_EQ(r.set_cookie, "kirin_session=" + b.cookie + "; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000");
  auto me = b.get("/api/account");
  EXPECT_EQ(me.status, 200);
  EXPECT_EQ(me.body["account"]["name"], "Alice_1");
  EXPECT_EQ(me.body["account"]["closed"], false);
  EXPECT_FALSE(me.body["account"].contains("password_hash"));
  // A session id the store does not know is nobody's.
  b.cookie = std::string(64, 'a');
  EXPECT_EQ(b.get("/api/account").body, json({{"account", nullptr}}));
}

TEST_P(ServerAccounts, NamesAndPasswordsFollowTheRules) {
  TestServer s(db("acc-rules"), quick_hashing());
  Browser b(s.port());
  auto refused = [&](const std::string& name, const std::string& password) {
    auto r = b.post("/api/account/signup", login(name, password));
    EXPECT_EQ(r.status, 400) << name;
    EXPECT_TRUE(r.set_cookie.empty());
    return r.body.value("error", "");
  };
  const std::string letters = "name may hold only letters A-Z and a-z, digits, '_' and '-'";
  EXPECT_EQ(refused("<img src=x onerror=alert(1)>", "password1"), "name must be 2 to 20 characters");
  EXPECT_EQ(refused("<img/src=x>", "password1"), letters);
  EXPECT_EQ(refused("Ali ce", "password1"), letters);
  EXPECT_EQ(refused("Al\xc3\xaf"
                    "ce",
                    "password1"),
            letters);
  EXPECT_EQ(refused("A", "password1"), "name must be 2 to 20 characters");
  EXPECT_EQ(refused(std::string(21, 'a'), "password1"), "name must be 2 to 20 characters");
  EXPECT_EQ(refused("alice", "1234567"), "password must be at least 8 characters");
  EXPECT_EQ(refused("alice", std::string(257, 'p')), "password must be at most 256 characters");
  EXPECT_EQ(b.post("/api/account/signup", {{"name", 5}, {"password", "password1"}}).body["error"],
            "name must be a string");
  EXPECT_EQ(b.post("/api/account/signup", login("ab", std::string(256, 'p'))).status, 201);
  // Eight characters, not eight bytes: "ééééééé" is 7.
  std::string seven;
  for (int i = 0; i < 7; ++i) seven += "\xc3\xa9";
  EXPECT_EQ(refused("carol", seven), "password must be at least 8 characters");
  // Unique ignoring case.
  Browser other(s.port());
  EXPECT_EQ(other.post("/api/account/signup", login("Bob-2", "password1")).status, 201);
  auto taken = other.post("/api/account/signup", login("bOB-2", "password2"));
  EXPECT_EQ(taken.status, 409);
  EXPECT_EQ(taken.body["error"], "the name bOB-2 is taken");
}

TEST_P(ServerAccounts, AWrongNameAndAWrongPasswordGetTheSameAnswer) {
  TestServer s(db("acc-401"), quick_hashing());
  Browser b(s.port());
  ASSERT_EQ(b.post("/api/account/signup", login("dora", "password1")).status, 201);
  Browser c(s.port());
  auto wrong_password = c.post("/api/account/login", login("dora", "password2"));
  auto wrong_name = c.post("/api/account/login", login("nobody", "password1"));
  auto bad_name = c.post("/api/account/login", login("<b>", "password1"));
  EXPECT_EQ(wrong_password.status, 401);
  EXPECT_EQ(wrong_password.body, json({{"error", "wrong name or password"}}));
  EXPECT_EQ(wrong_name.status, 401);
  EXPECT_EQ(wrong_name.body, wrong_password.body);
  EXPECT_EQ(bad_name.body, wrong_password.body);
  EXPECT_TRUE(c.cookie.empty());
  auto right = c.post("/api/account/login", login("DORA", "password1"));  // the name in any case
  EXPECT_EQ(right.status, 200);
  EXPECT_EQ(right.body["account"]["name"], "dora");
  EXPECT_EQ(c.cookie.size(), 64u);
  EXPECT_NE(c.cookie, b.cookie);  // a session of its own
}

TEST_P(ServerAccounts, LogoutEndsTheSessionInTheStore) {
  TestServer s(db("acc-logout"), quick_hashing());
  Browser b(s.port());
  ASSERT_EQ(b.post("/api/account/signup", login("erin", "password1")).status, 201);
  const std::string old = b.cookie;
  auto out = b.post("/api/account/logout");
  EXPECT_EQ(out.status, 200);
  EXPECT_EQ(out.set_cookie, "kirin_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
  EXPECT_TRUE(b.cookie.empty());
  b.cookie = old;  // a copy of the cookie kept from before is worth nothing now
  EXPECT_EQ(b.get("/api/account").body, json({{"account", nullptr}}));
}

TEST_P(ServerAccounts, APasswordChangeEndsEveryOtherSession) {
  TestServer s(db("acc-password"), quick_hashing());
  Browser phone(s.port()), laptop(s.port());
  ASSERT_EQ(phone.post("/api/account/signup", login("fred", "password1")).status, 201);
  ASSERT_EQ(laptop.post("/api/account/login", login("fred", "password1")).status, 200);
  auto wrong = laptop.post("/api/account/password", {{"password", "password9"}, {"new_password", "password2"}});
  EXPECT_EQ(wrong.status, 403);
  EXPECT_EQ(wrong.body["error"], "the current password is wrong");
  auto shortp = laptop.post("/api/account/password", {{"password", "password1"}, {"new_password", "short"}});
  EXPECT_EQ(shortp.body["error"], "password must be at least 8 characters");
  auto changed = laptop.post("/api/account/password", {{"password", "password1"}, {"new_password", "password2"}});
  ASSERT_EQ(changed.status, 200) << changed.body.dump();
  EXPECT_EQ(laptop.get("/api/account").body["account"]["name"], "fred");  // a fresh session here
  EXPECT_EQ(phone.get("/api/account").body, json({{"account", nullptr}}));
  Browser again(s.port());
  EXPECT_EQ(again.post("/api/account/login", login("fred", "password1")).status, 401);
  EXPECT_EQ(again.post("/api/account/login", login("fred", "password2")).status, 200);
  Browser nobody(s.port());
  EXPECT_EQ(nobody.post("/api/account/password", {{"password", "x"}, {"new_password", "password3"}}).status, 401);
}

TEST_P(ServerAccounts, AClosedAccountKeepsItsGamesAndItsNameForGood) {
  TestServer s(db("acc-close"), quick_hashing());
  Browser b(s.port()), other(s.port());
  ASSERT_EQ(b.post("/api/account/signup", login("Gina", "password1")).status, 201);
  ASSERT_EQ(other.post("/api/account/login", login("gina", "password1")).status, 200);
  auto game = b.post("/api/games", {{"game", "chushogi"}, {"opponent", {{"kind", "kirin"}, {"strength", 1}}}});
  ASSERT_EQ(game.status, 201);
  const std::string id = game.body["id"];
  EXPECT_FALSE(
      b.get("/api/games/" + id).body["players"][game.body["you"].get<std::string>()].contains("account_closed"));
  EXPECT_EQ(b.post("/api/account/close", {{"password", "password2"}}).status, 403);
  auto closed = b.post("/api/account/close", {{"password", "password1"}});
  ASSERT_EQ(closed.status, 200) << closed.body.dump();
  EXPECT_EQ(closed.body["account"]["closed"], true);
  EXPECT_TRUE(b.cookie.empty());
  EXPECT_EQ(other.get("/api/account").body, json({{"account", nullptr}}));  // every session ended
  Browser c(s.port());
  EXPECT_EQ(c.post("/api/account/login", login("gina", "password1")).status, 401);
  EXPECT_EQ(c.post("/api/account/signup", login("GINA", "password1")).status, 409);
  auto kept = c.get("/api/games/" + id);
  EXPECT_EQ(kept.status, 200);
  const std::string you = game.body["you"];
  EXPECT_EQ(kept.body["players"][you]["account"], "Gina");
  EXPECT_EQ(kept.body["players"][you]["account_closed"], true);  // shown as closed, on a game loaded before
  auto listed = c.get("/api/players/gina/games").body["games"];
  ASSERT_EQ(listed.size(), 1u) << listed.dump();
  EXPECT_EQ(listed[0]["players"][you]["account_closed"], true);  // and in game lists
  EXPECT_FALSE(listed[0]["players"][you == "first" ? "second" : "first"].contains("account_closed"));
}

TEST_P(ServerAccounts, ACrossOriginPostWithTheCookieIsRefusedAndChangesNothing) {
  TestServer s(db("acc-origin"), quick_hashing());
  Browser b(s.port());
  ASSERT_EQ(b.post("/api/account/signup", login("hank", "password1")).status, 201);
  const std::string site = b.origin_;
  const json game = {{"game", "xiangqi"}, {"opponent", {{"kind", "human"}}}};
  const size_t before = s.get("/api/games").second["games"].size();
  b.origin_ = "http://evil.example";
  auto forged = b.post("/api/games", game);
  EXPECT_EQ(forged.status, 403);
  EXPECT_EQ(forged.body["error"], "cross-origin request refused: it must come from " + site);
  EXPECT_EQ(b.post("/api/account/logout").status, 403);
  EXPECT_EQ(b.post("/api/account/close", {{"password", "password1"}}).status, 403);
  b.origin_ = "";  // neither Origin nor Referer: no proof, refused too
  EXPECT_EQ(b.post("/api/games", game).status, 403);
  EXPECT_EQ(s.get("/api/games").second["games"].size(), before);
  EXPECT_EQ(b.get("/api/account").body["account"]["name"], "hank");  // still logged in
  // A login from another site's page is refused as well (login CSRF).
  Browser stranger(s.port(), "http://evil.example");
  EXPECT_EQ(stranger.post("/api/account/login", login("hank", "password1")).status, 403);
  EXPECT_TRUE(stranger.cookie.empty());
  // The site's own page, and the Referer when a browser sends no Origin.
  b.origin_ = site;
  EXPECT_EQ(b.post("/api/games", game).status, 201);
  httplib::Client c("127.0.0.1", s.port());
  auto r = c.Post("/api/games", {{"Cookie", "kirin_session=" + b.cookie}, {"Referer", site + "/g/abc"}}, game.dump(),
                  "application/json");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 201);
  // A Bearer token from anywhere works as before, without a cookie.
  auto made = s.post("/api/games", game.dump());
  Browser anon(s.port(), "http://elsewhere.example");
  httplib::Client d("127.0.0.1", s.port());
  auto moved = d.Post(
      "/api/games/" + made.second["id"].get<std::string>() + "/resign",
      {{"Authorization", "Bearer " + made.second["token"].get<std::string>()}, {"Origin", "http://elsewhere.example"}},
      "{}", "application/json");
  ASSERT_TRUE(moved);
  EXPECT_EQ(moved->status, 200);
}

TEST_P(ServerAccounts, TheCookieIsSecureWhenATrustedProxySaysTheBrowserCameOverTls) {
  ServerSetup setup = quick_hashing();
  setup.limits.trusted_proxies = {"127.0.0.1"};
  TestServer s(db("acc-tls"), setup);
  Browser b(s.port(), "https://kirin.example");
  b.forwarded_proto = "https";
  auto r = b.post("/api/account/signup", login("ivan", "password1"));
  // The Host is 127.0.0.1:PORT, the browser's origin kirin.example: the proxy says which.
  EXPECT_EQ(r.status, 403);
  httplib::Client c("127.0.0.1", s.port());
  auto ok = c.Post(
      "/api/account/signup",
      {{"X-Forwarded-Proto", "https"}, {"X-Forwarded-Host", "kirin.example"}, {"Origin", "https://kirin.example"}},
      login("ivan", "password1").dump(), "application/json");
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->status, 201);
  EXPECT_TRUE(ok->get_header_value("Set-Cookie").ends_with("; Secure"));
  // From a client no proxy vouches for, the same headers are its own claims: no Secure, and the
  // origin is the Host's.
  ServerSetup direct = quick_hashing();
  TestServer d(db("acc-tls-direct"), direct);
  httplib::Client e("127.0.0.1", d.port());
  auto forged = e.Post(
      "/api/account/signup",
      {{"X-Forwarded-Proto", "https"}, {"X-Forwarded-Host", "kirin.example"}, {"Origin", "https://kirin.example"}},
      login("ivan", "password1").dump(), "application/json");
  ASSERT_TRUE(forged);
  EXPECT_EQ(forged->status, 403);
  Browser plain(d.port());
  plain.forwarded_proto = "https";
  auto r2 = plain.post("/api/account/signup", login("ivan", "password1"));
  EXPECT_EQ(r2.status, 201);
  EXPECT_EQ(r2.set_cookie.find("Secure"), std::string::npos);
}

TEST_P(ServerAccounts, AThousandWrongPasswordsGet429sAndTheOwnerStillLogsInFromElsewhere) {
  ServerSetup setup = quick_hashing();
  setup.limits.trusted_proxies = {"127.0.0.1"};
  TestServer s(db("acc-limits"), setup);
  Browser owner(s.port());
  owner.forwarded_for = "10.0.0.1";
  ASSERT_EQ(owner.post("/api/account/signup", login("judy", "the right one")).status, 201);
  ASSERT_EQ(owner.post("/api/account/logout").status, 200);
  Browser attacker(s.port());
  attacker.forwarded_for = "10.6.6.6";
  int unauthorized = 0, limited = 0;
  std::string retry;
  for (int i = 0; i < 1000; ++i) {
    auto r = attacker.post("/api/account/login", login("judy", "guess " + std::to_string(i)));
    if (r.status == 401) ++unauthorized;
    if (r.status == 429) {
      ++limited;
      retry = r.retry_after;
    }
  }
  EXPECT_EQ(unauthorized, 10);
  EXPECT_EQ(limited, 990);
  EXPECT_GE(std::stoi(retry), 1);
  EXPECT_LE(std::stoi(retry), 300);
  // Even the right password is refused from that address for now.
  EXPECT_EQ(attacker.post("/api/account/login", login("judy", "the right one")).status, 429);
  auto r = owner.post("/api/account/login", login("judy", "the right one"));
  EXPECT_EQ(r.status, 200) << r.body.dump();
}

TEST(ServerAccountsFile, TheDatabaseFileHoldsNoPlainPassword) {
  const std::string path = kirin::test::temp_db("acc-plain");
  const std::string password = "Plaintext-Needle-8d1f";
  {
    TestServer s(path, quick_hashing());
    Browser b(s.port());
    ASSERT_EQ(b.post("/api/account/signup", login("kate", password)).status, 201);
    ASSERT_EQ(b.post("/api/account/password", {{"password", password}, {"new_password", password + "2"}}).status, 200);
    ASSERT_EQ(b.post("/api/account/login", login("kate", "wrong " + password)).status, 401);
  }
  std::string bytes;
  for (const char* ext : {"", "-wal", "-shm"}) {
    std::ifstream f(path + ext, std::ios::binary);
    bytes.append(std::istreambuf_iterator<char>(f), {});
  }
  ASSERT_NE(bytes.find("$argon2id$"), std::string::npos);  // the hashes are there
  EXPECT_EQ(bytes.find(password), std::string::npos);
}

TEST_P(ServerAccounts, TheSchemaOfBeforeAccountsOpensAndKeepsItsGames) {
  const std::string stored = db("acc-migrate");
  std::string id;
  {
    TestServer s(stored, quick_hashing());
    auto made = s.post("/api/games", R"({"game":"chushogi","opponent":{"kind":"human"}})");
    ASSERT_EQ(made.first, 201);
    id = made.second["id"];
  }
  // The database as 95c52d0 made it: no accounts, no sessions, schema version 5 (PostgreSQL 6).
  ASSERT_EQ(kirin::test::raw_sql(stored, "DROP TABLE sessions; DROP TABLE accounts"), "");
  ASSERT_EQ(kirin::test::set_schema_version(stored, 6, 5), "");
  TestServer s(stored, quick_hashing());
  EXPECT_EQ(s.get("/api/games/" + id).first, 200);
  EXPECT_EQ(kirin::test::raw_sql(stored, "SELECT MAX(version) FROM schema_version"),
            kirin::test::latest_schema_version(stored));
  Browser b(s.port());
  EXPECT_EQ(b.post("/api/account/signup", login("liam", "password1")).status, 201);
  EXPECT_EQ(b.get("/api/account").body["account"]["name"], "liam");
}

KIRIN_ON_EACH_STORE(ServerAccounts);

TEST(ServerAccountsShared, ASessionMadeOnOneServerWorksOnAnother) {
  const std::string shared = kirin::test::test_db(kirin::test::Store::POSTGRESQL, "acc-two");
  TestServer a(shared, quick_hashing()), b(shared, quick_hashing());
  Browser on_a(a.port());
  ASSERT_EQ(on_a.post("/api/account/signup", login("mia", "password1")).status, 201);
  Browser on_b(b.port());
  on_b.cookie = on_a.cookie;
  EXPECT_EQ(on_b.get("/api/account").body["account"]["name"], "mia");
  auto game = on_a.post("/api/games", {{"game", "chushogi"}, {"opponent", {{"kind", "kirin"}, {"strength", 1}}}});
  ASSERT_EQ(game.status, 201);
  EXPECT_EQ(on_b.get("/api/games/" + game.body["id"].get<std::string>()).body["you"], game.body["you"]);
  // A logout on B ends the session on A too.
  EXPECT_EQ(on_b.post("/api/account/logout").status, 200);
  EXPECT_EQ(on_a.get("/api/account").body, json({{"account", nullptr}}));
}

TEST(AccountRules, NamesPasswordsAndKeys) {
  EXPECT_TRUE(bool(server::check_account_name("a-Z_09")));
  EXPECT_EQ(server::check_account_name("a.b").error(), "name may hold only letters A-Z and a-z, digits, '_' and '-'");
  EXPECT_EQ(server::account_name_key("MiXeD-Case_9"), "mixed-case_9");
  EXPECT_TRUE(bool(server::check_password(std::string(8, ' '))));
}

TEST(AccountPasswords, HashesAreArgon2idAndCheckOnlyTheirPassword) {
  const std::string h = server::hash_password("password1", server::PasswordCost::MINIMAL);
  EXPECT_TRUE(h.starts_with("$argon2id$"));
  EXPECT_NE(h, server::hash_password("password1", server::PasswordCost::MINIMAL));  // salted
  EXPECT_TRUE(server::password_matches("password1", h));
  EXPECT_FALSE(server::password_matches("password2", h));
  EXPECT_FALSE(server::password_matches("password1", ""));
  EXPECT_FALSE(server::password_matches("", "not a hash"));
  // The site's own setting: libsodium's interactive limits (64 MiB).
  EXPECT_NE(server::hash_password("password1", server::PasswordCost::INTERACTIVE).find("m=65536"), std::string::npos);
}

TEST(AccountOrigin, TheSitesOriginAndWhatCountsAsComingFromIt) {
  EXPECT_EQ(server::site_origin("Kirin.Example", true), "https://kirin.example");
  EXPECT_EQ(server::site_origin("kirin.example:443", true), "https://kirin.example");
  EXPECT_EQ(server::site_origin("kirin.example:8080", false), "http://kirin.example:8080");
  EXPECT_EQ(server::site_origin("a.example, proxy.internal", false), "http://a.example");
  const std::string site = "https://kirin.example";
  EXPECT_TRUE(server::from_site("https://kirin.example", "", site));
  EXPECT_FALSE(server::from_site("http://kirin.example", "", site));
  EXPECT_FALSE(server::from_site("https://kirin.example.evil", "", site));
  EXPECT_FALSE(server::from_site("null", "https://kirin.example/", site));  // Origin decides when present
  EXPECT_TRUE(server::from_site("", "https://kirin.example/g/abc", site));
  EXPECT_FALSE(server::from_site("", "https://kirin.example.evil/", site));
  EXPECT_FALSE(server::from_site("", "", site));
  EXPECT_FALSE(server::from_site("http://", "", server::site_origin("", false)));
}

TEST(AccountLoginLimits, PerAddressAndPerAccountWindows) {
  using namespace std::chrono;
  server::LoginLimits limits(
      {.per_address = 3, .address_window = seconds(60), .per_account = 5, .account_window = seconds(600)});
  const auto t0 = server::LoginLimits::Clock::time_point{} + hours(1);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(limits.wait("1.1.1.1", "nina", t0), 0);
    limits.failed("1.1.1.1", "nina", t0);
  }
  EXPECT_EQ(limits.wait("1.1.1.1", "nina", t0 + seconds(10)), 50);
  EXPECT_EQ(limits.wait("1.1.1.1", "omar", t0), 60);               // the address, whatever the name
  EXPECT_EQ(limits.wait("2.2.2.2", "nina", t0), 0);                // another address, the same name
  EXPECT_EQ(limits.wait("1.1.1.1", "nina", t0 + seconds(60)), 0);  // the window has passed
  limits.failed("2.2.2.2", "nina", t0 + seconds(1));
  limits.failed("3.3.3.3", "nina", t0 + seconds(2));
  // Five failures for the name from all addresses together: closed for everyone until its
  // window (from the first failure) has passed.
  EXPECT_EQ(limits.wait("4.4.4.4", "nina", t0 + seconds(100)), 500);
  EXPECT_EQ(limits.wait("4.4.4.4", "nina", t0 + seconds(600)), 0);
}

// Closing an account withdraws the challenges it made that nobody took, and declines those made
// to it by name (issue 45: a closed account's open rated challenge stayed in the lobby and could
// be joined).
TEST_P(ServerAccounts, ClosingAnAccountWithdrawsItsOpenChallenges) {
  TestServer s(db("acc-close-challenges"), quick_hashing());
  Browser leaver(s.port()), friend_(s.port()), joiner(s.port());
  ASSERT_EQ(leaver.post("/api/account/signup", login("Leaver", "password1")).status, 201);
  ASSERT_EQ(friend_.post("/api/account/signup", login("Friend", "password1")).status, 201);
  auto open = leaver.post("/api/games", {{"game", "xiangqi"}, {"opponent", {{"kind", "human"}, {"open", true}}}});
  ASSERT_EQ(open.status, 201) << open.body.dump();
  auto to_them =
      friend_.post("/api/games", {{"game", "xiangqi"}, {"opponent", {{"kind", "human"}, {"name", "Leaver"}}}});
  ASSERT_EQ(to_them.status, 201) << to_them.body.dump();
  ASSERT_EQ(leaver.post("/api/account/close", {{"password", "password1"}}).status, 200);
  auto mine = joiner.get("/api/games/" + open.body["id"].get<std::string>());
  EXPECT_EQ(mine.body["status"], "cancelled");
  EXPECT_EQ(mine.body["reason"], "challenge withdrawn");
  auto theirs = joiner.get("/api/games/" + to_them.body["id"].get<std::string>());
  EXPECT_EQ(theirs.body["status"], "cancelled");
  EXPECT_EQ(theirs.body["reason"], "challenge declined");
  auto join = joiner.post("/api/games/" + open.body["id"].get<std::string>() + "/join");
  EXPECT_EQ(join.status, 409);
  EXPECT_EQ(join.body["error"], "this challenge was withdrawn");
  for (const auto& g : joiner.get("/api/lobby").body["challenges"]) EXPECT_NE(g["id"], open.body["id"]);
}
