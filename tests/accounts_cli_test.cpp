// kirin accounts: the operator lists accounts, mutes and unmutes one's chat, closes one, and reads
// the reported chat lines, on the database a server uses (exit codes 0/1/2, one-line errors).
#include <gtest/gtest.h>

#include "account_http.h"
#include "cli_test_util.h"
#include "server_test_util.h"

using kirin::test::Browser;
using kirin::test::run_kirin;
using nlohmann::json;

TEST(AccountsCli, TheOperatorActsOnReports) {
  const std::string db = kirin::test::temp_db("accounts-cli");
  std::string id;
  {
    kirin::test::TestServer s(db, kirin::test::quick_hashing());
    Browser alice(s.port()), bob(s.port());
    ASSERT_EQ(alice.post("/api/account/signup", {{"name", "Alice"}, {"password", "password1"}}).status, 201);
    ASSERT_EQ(bob.post("/api/account/signup", {{"name", "bob"}, {"password", "password1"}}).status, 201);
    auto made = alice.post("/api/games", {{"game", "xiangqi"}, {"opponent", {{"kind", "human"}, {"name", "bob"}}}});
    id = made.body["id"];
    ASSERT_EQ(bob.post("/api/games/" + id + "/join").status, 200);
    auto line = bob.post("/api/games/" + id + "/chat", {{"room", "players"}, {"text", "<b>rude</b>"}});
    ASSERT_EQ(line.status, 201);
    ASSERT_EQ(
        alice.post("/api/games/" + id + "/chat/" + std::to_string(line.body["line"]["id"].get<int64_t>()) + "/report")
            .status,
        200);
  }
  auto reports = run_kirin("accounts --db " + db + " reports");
  EXPECT_EQ(reports.code, 0) << reports.out;
  EXPECT_NE(reports.out.find("1 report\tgame " + id + "\tplayers\t"), std::string::npos) << reports.out;
  EXPECT_NE(reports.out.find("bob: <b>rude</b>\n"), std::string::npos) << reports.out;
  auto muted = run_kirin("accounts --db " + db + " mute BOB");
  EXPECT_EQ(muted.code, 0);
  EXPECT_EQ(muted.out, "muted bob\n");
  auto list = run_kirin("accounts --db " + db + " list");
  EXPECT_EQ(list.code, 0);
  EXPECT_NE(list.out.find("Alice\t"), std::string::npos);
  EXPECT_NE(list.out.find("\tmuted\n"), std::string::npos) << list.out;
  {
    kirin::test::TestServer s(db, kirin::test::quick_hashing());
    Browser bob(s.port());
    ASSERT_EQ(bob.post("/api/account/login", {{"name", "bob"}, {"password", "password1"}}).status, 200);
    EXPECT_EQ(bob.post("/api/games/" + id + "/chat", {{"room", "players"}, {"text", "sorry"}}).status, 403);
  }
  EXPECT_EQ(run_kirin("accounts --db " + db + " unmute bob").out, "unmuted bob\n");
  EXPECT_EQ(run_kirin("accounts --db " + db + " close bob").out, "closed bob\n");
  auto again = run_kirin("accounts --db " + db + " close bob");
  EXPECT_EQ(again.code, 1);
  EXPECT_EQ(again.out, "kirin accounts: bob is closed already\n");
  auto nobody = run_kirin("accounts --db " + db + " mute zed");
  EXPECT_EQ(nobody.code, 1);
  EXPECT_EQ(nobody.out, "kirin accounts: no account zed\n");
  auto no_name = run_kirin("accounts --db " + db + " mute");
  EXPECT_EQ(no_name.code, 2);
  EXPECT_EQ(no_name.out, "kirin accounts: mute needs an account's NAME\n");
  EXPECT_EQ(run_kirin("accounts --db " + db + " frob").code, 2);
  auto missing = run_kirin("accounts --db /nonexistent/kirin.db list");
  EXPECT_EQ(missing.code, 1);
  EXPECT_EQ(missing.out, "kirin accounts: no database /nonexistent/kirin.db\n");
}
