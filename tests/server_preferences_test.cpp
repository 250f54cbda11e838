// The account's preferences (issue 46 item 1, "remembered (an account setting too)"): the language
// and the notation a player chose follow them to another browser; unknown fields and values are
// refused by name with nothing changed; an older database gains the column. On both stores.
#include <gtest/gtest.h>

#include "account_http.h"
#include "raw_sql.h"
#include "server/security/account_preferences.h"
#include "server_test_util.h"

using namespace kirin;
using kirin::test::Browser;
using kirin::test::quick_hashing;
using kirin::test::TestServer;
using nlohmann::json;

namespace {

class ServerPreferences : public kirin::test::OnEachStore {};

const json NONE = {{"language", nullptr}, {"notation", {{"xiangqi", nullptr}, {"shogi", nullptr}}}};

}  // namespace

TEST_P(ServerPreferences, AChoiceFollowsTheAccountToAnotherBrowser) {
  TestServer s(db("prefs-follow"), quick_hashing());
  Browser first = kirin::test::signed_up(s, "mei");
  EXPECT_EQ(first.get("/api/account/preferences").body, NONE);
  auto set = first.post("/api/account/preferences", {{"language", "zh-Hant"}, {"notation", {{"xiangqi", "chinese"}}}});
  ASSERT_EQ(set.status, 200) << set.body.dump();
  const json chosen = {{"language", "zh-Hant"}, {"notation", {{"xiangqi", "chinese"}, {"shogi", nullptr}}}};
  EXPECT_EQ(set.body, chosen);
  // A field left out stays; null clears one.
  auto more = first.post("/api/account/preferences", {{"notation", {{"shogi", "japanese"}}}});
  EXPECT_EQ(more.body["language"], "zh-Hant");
  EXPECT_EQ(more.body["notation"]["shogi"], "japanese");
  Browser second(s.port());
  ASSERT_EQ(second.post("/api/account/login", {{"name", "mei"}, {"password", "password1"}}).status, 200);
  EXPECT_EQ(second.get("/api/account/preferences").body,
            json({{"language", "zh-Hant"}, {"notation", {{"xiangqi", "chinese"}, {"shogi", "japanese"}}}}));
  auto cleared = second.post("/api/account/preferences", {{"language", nullptr}});
  EXPECT_EQ(cleared.body["language"], nullptr);
  EXPECT_EQ(cleared.body["notation"]["xiangqi"], "chinese");
}

TEST_P(ServerPreferences, UnknownFieldsAndValuesAreRefusedByNameAndChangeNothing) {
  TestServer s(db("prefs-bad"), quick_hashing());
  Browser b = kirin::test::signed_up(s, "kenji");
  ASSERT_EQ(b.post("/api/account/preferences", {{"language", "ja"}}).status, 200);
  const std::vector<std::pair<json, std::string>> bad = {
      {{{"language", "fr"}}, "unknown language 'fr': the site speaks en, zh-Hans, zh-Hant and ja"},
      {{{"language", 5}}, "language must be a string or null"},
      {{{"theme", "dark"}}, "unknown preference 'theme'"},
      {{{"notation", {{"chess", "san"}}}}, "unknown preference 'notation.chess'"},
      {{{"notation", "wxf"}}, "notation must be an object"},
      // The notations of the other family, and the change before them in one body, are refused alike.
      {{{"language", "en"}, {"notation", {{"shogi", "wxf"}}}},
       "unknown notation 'wxf' for the shogi games: it is written in western, japanese, usi"},
      {{{"notation", {{"xiangqi", "japanese"}}}},
       "unknown notation 'japanese' for xiangqi: it is written in wxf, chinese, chinese-traditional, iccs"},
      {json::array({1, 2}), "bad JSON: the body must be an object"},
  };
  for (const auto& [body, error] : bad) {
    auto r = b.post("/api/account/preferences", body);
    EXPECT_EQ(r.status, 400) << body.dump();
    EXPECT_EQ(r.body, json({{"error", error}, {"code", "bad_request"}})) << body.dump();
  }
  EXPECT_EQ(b.get("/api/account/preferences").body["language"], "ja");
  EXPECT_EQ(b.get("/api/account/preferences").body["notation"]["shogi"], nullptr);
}

TEST_P(ServerPreferences, OnlyALoggedInAccountHasThemAndOnlyFromTheSite) {
  TestServer s(db("prefs-who"), quick_hashing());
  Browser nobody(s.port());
  EXPECT_EQ(nobody.get("/api/account/preferences").body, json({{"error", "log in first"}, {"code", "log_in_first"}}));
  EXPECT_EQ(nobody.post("/api/account/preferences", {{"language", "ja"}}).status, 401);
  Browser b = kirin::test::signed_up(s, "wei");
  const std::string site = b.origin_;
  // Another site's page, and a cookie with neither Origin nor Referer (no proof), are refused.
  for (const std::string origin : {"https://evil.example", ""}) {
    b.origin_ = origin;
    auto forged = b.post("/api/account/preferences", {{"language", "ja"}});
    EXPECT_EQ(forged.body, json({{"error", "cross-origin request refused: it must come from " + site},
                                 {"code", "cross_origin"},
                                 {"params", {{"site", site}}}}))
        << origin;
  }
  b.origin_ = site;
  EXPECT_EQ(b.get("/api/account/preferences").body["language"], nullptr);
  EXPECT_EQ(b.post("/api/account/preferences", {{"language", "ja"}}).status, 200);
  EXPECT_EQ(b.post("/api/account/preferences/x").body, json({{"error", "no such API: /api/account/preferences/x"},
                                                             {"code", "no_such_api"},
                                                             {"params", {{"path", "/api/account/preferences/x"}}}}));
}

TEST_P(ServerPreferences, AnOlderDatabaseGainsTheColumnAndKeepsItsAccounts) {
  const std::string stored = db("prefs-migrate");
  {
    TestServer s(stored, quick_hashing());
    kirin::test::signed_up(s, "old_timer");
  }
  // The accounts table as the schema before the preferences made it.
  ASSERT_EQ(kirin::test::raw_sql(stored, "ALTER TABLE accounts DROP COLUMN preferences"), "");
  ASSERT_EQ(kirin::test::set_schema_version(stored, 11, 10), "");
  TestServer s(stored, quick_hashing());
  EXPECT_EQ(kirin::test::raw_sql(stored, "SELECT MAX(version) FROM schema_version"),
            kirin::test::latest_schema_version(stored));
  Browser b(s.port());
  ASSERT_EQ(b.post("/api/account/login", {{"name", "old_timer"}, {"password", "password1"}}).status, 200);
  EXPECT_EQ(b.get("/api/account/preferences").body, NONE);
  EXPECT_EQ(b.post("/api/account/preferences", {{"language", "zh-Hans"}}).body["language"], "zh-Hans");
}

KIRIN_ON_EACH_STORE(ServerPreferences);

// What a store holds is read field by field: a value since dropped loses only itself.
TEST(AccountPreferences, AStoredValueNoLongerKnownReadsAsNone) {
  using server::read_stored;
  EXPECT_EQ(read_stored(""), server::AccountPreferences{});
  EXPECT_EQ(read_stored("not json"), server::AccountPreferences{});
  const auto p = read_stored(R"({"language":"fr","notation":{"xiangqi":"iccs","shogi":"kif"}})");
  EXPECT_EQ(p, (server::AccountPreferences{"", "iccs", ""}));
  EXPECT_EQ(read_stored(server::stored_text({"ja", "wxf", "japanese"})),
            (server::AccountPreferences{"ja", "wxf", "japanese"}));
}
