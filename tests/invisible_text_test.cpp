// Names and chat lines that look like something else (issue 45): bidirectional controls and
// zero-width characters.
#include "server/security/invisible_text.h"

#include <gtest/gtest.h>

#include "server/play/chat_text.h"
#include "server_test_util.h"

using namespace kirin::server;
using nlohmann::json;

TEST(InvisibleText, FindsBidiControlsAndZeroWidthCharacters) {
  EXPECT_EQ(first_invisible("Kirin"), 0u);
  EXPECT_EQ(first_invisible("麒麟 Kirin"), 0u);
  EXPECT_EQ(first_invisible("ab\u202Ecd"), 0x202Eu);   // right-to-left override
  EXPECT_EQ(first_invisible("ab\u2067cd"), 0x2067u);   // right-to-left isolate
  EXPECT_EQ(first_invisible("\u200Fx"), 0x200Fu);      // right-to-left mark
  EXPECT_EQ(first_invisible("ki\u200Brin"), 0x200Bu);  // zero-width space
  EXPECT_EQ(first_invisible("x\uFEFF"), 0xFEFFu);
  EXPECT_EQ(code_point_name(0x202E), "U+202E");
  EXPECT_EQ(without_bidi_controls("a\u202Eb\u2066c\u2069"), "abc");
  // A family emoji's zero-width joiners are not direction controls: the line keeps them.
  EXPECT_EQ(without_bidi_controls("\U0001F468\u200D\U0001F469"), "\U0001F468\u200D\U0001F469");
}

TEST(InvisibleText, AChatLineIsStoredWithoutItsDirectionControls) {
  auto r = parse_chat_request(json{{"room", "players"}, {"text", "good \u202Egame"}});
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->text, "good game");
  auto only = parse_chat_request(json{{"room", "players"}, {"text", "\u202E\u202C"}});
  ASSERT_FALSE(only.ok());
  EXPECT_EQ(only.error(), "text must not be empty");
}

TEST(InvisibleText, ADisplayNameMayHoldNone) {
  kirin::test::TestServer s(kirin::test::temp_db("invisible-names"));
  auto made = [&](const std::string& name) {
    return s.post("/api/games", json{{"game", "xiangqi"}, {"name", name}, {"opponent", {{"kind", "human"}}}}.dump());
  };
  auto [st, b] = made("Kirin\u202E");
  EXPECT_EQ(st, 400);
  EXPECT_EQ(b["error"], "name must not hold invisible or direction-changing characters (U+202E)");
  auto [zw, z] = made("Ki\u200Brin");
  EXPECT_EQ(zw, 400);
  EXPECT_EQ(z["error"], "name must not hold invisible or direction-changing characters (U+200B)");
  EXPECT_EQ(made("王小明").first, 201);
}
