// The refusals' reasons (server/refusals.h): one row per reason in the enum's order, unique codes,
// words filled from the params, and the body the API sends.
#include "server/refusals.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "server/api/responses.h"
#include "server/http/error_codes.h"

using kirin::server::code_of;
using kirin::server::refusal;
using kirin::server::Refusal;
using kirin::server::refusal_table;
using kirin::server::refuse;
using kirin::server::Refused;
using kirin::server::Reply;
using kirin::server::words_of;

TEST(Refusals, EachReasonHasItsOwnRowAndCode) {
  auto [rows, n] = refusal_table();
  ASSERT_EQ(n, size_t(Refusal::CROSS_ORIGIN) + 1);
  std::set<std::string_view> codes;
  for (size_t i = 0; i < n; ++i) {
    EXPECT_EQ(size_t(rows[i].why), i) << rows[i].code;
    EXPECT_TRUE(codes.insert(rows[i].code).second) << "code given twice: " << rows[i].code;
    EXPECT_TRUE(rows[i].kind >= Reply::BAD_REQUEST) << rows[i].code << " is no refusal";
    // A reason's code is never a kind's, so the pages can tell a reason from a kind.
    for (Reply::Kind k : {Reply::BAD_REQUEST, Reply::NOT_LOGGED_IN, Reply::NOT_YOURS, Reply::NOT_FOUND, Reply::NOT_NOW,
                          Reply::TOO_LONG, Reply::TOO_OFTEN, Reply::FAILURE, Reply::BUSY})
      EXPECT_NE(rows[i].code, code_of(k));
  }
}

TEST(Refusals, TheWordsAreFilledFromTheParams) {
  EXPECT_EQ(words_of({Refusal::NOT_YOUR_TURN}), "not your turn");
  EXPECT_EQ(words_of({Refusal::ILLEGAL_MOVE, {{"move", "a0a5"}, {"reason", "the Chariot on a0 cannot move to a5"}}}),
            "illegal move a0a5: the Chariot on a0 cannot move to a5");
  EXPECT_EQ(words_of({Refusal::TOO_MANY_GAMES, {{"who", "address"}, {"limit", 10}, {"seconds", 42}}}),
            "too many new games from your address (at most 10 a minute); try again in 42 s");
  // A param missing is left as its name, not as nothing.
  EXPECT_EQ(words_of({Refusal::NO_GAME}), "no game {id}");
  // Braces in a value are the value's.
  EXPECT_EQ(words_of({Refusal::NO_PLAYER, {{"name", "{id}"}}}), "no player named {id}");
}

TEST(Refusals, TheBodyHasTheWordsTheCodeAndTheParams) {
  Reply r = refuse(Refusal::GAME_OVER, {{"reason", "checkmate"}});
  EXPECT_EQ(r.kind, Reply::NOT_NOW);
  EXPECT_EQ(r.body.dump(),
            R"j({"code":"game_over","error":"the game is over (checkmate)","params":{"reason":"checkmate"}})j");
  Reply plain = refuse(Refusal::NOT_YOUR_TURN);
  EXPECT_EQ(plain.kind, Reply::NOT_YOURS);
  EXPECT_EQ(plain.body.dump(), R"j({"code":"not_your_turn","error":"not your turn"})j");
}

TEST(Refusals, ALimitThatNamesItsSecondsSaysWhenToComeBack) {
  Reply r = refuse(Refusal::TOO_MANY_LOGINS, {{"seconds", 30}});
  EXPECT_EQ(r.kind, Reply::TOO_OFTEN);
  EXPECT_EQ(r.body["retry_after"], 30);
  EXPECT_EQ(r.why(), "too many login attempts; try again in 30 seconds");
  EXPECT_FALSE(refuse(Refusal::NO_GAME, {{"id", "x"}}).body.contains("retry_after"));
}

TEST(Refusals, ARefusalThatIsOnlyItsWordsHasItsKindsCode) {
  Reply r = refusal(Reply::BAD_REQUEST, "missing field 'fen'");
  EXPECT_EQ(r.body.dump(), R"j({"code":"bad_request","error":"missing field 'fen'"})j");
  EXPECT_EQ(refusal(Reply::BUSY, "x").body["code"], "busy");
  EXPECT_EQ(words_of(Refused{Refusal::PASSWORD_SHORT}), "password must be at least 8 characters");
}

TEST(Refusals, WhatAClientSentComesBackCutAndOnOneLine) {
  // A megabyte of "move" is said back in 256 bytes, cut at a character's start (炮 is 3 bytes).
  const std::string huge = "a" + std::string(1 << 20, 'b');
  Reply r = refuse(Refusal::ILLEGAL_MOVE, {{"move", huge}, {"reason", "bad move text"}});
  EXPECT_EQ(r.body["params"]["move"], "a" + std::string(255, 'b') + "...");
  EXPECT_EQ(r.why(), "illegal move a" + std::string(255, 'b') + "...: bad move text");
  std::string chinese;
  for (int i = 0; i < 90; ++i) chinese += "炮";  // 270 bytes
  std::string cut;
  for (int i = 0; i < 85; ++i) cut += "炮";  // 255 bytes: the 86th would end past 256
  EXPECT_EQ(refuse(Refusal::NO_SUCH_API, {{"path", chinese}}).body["params"]["path"], cut + "...");
  // A newline cannot split the words.
  EXPECT_EQ(refuse(Refusal::NO_SUCH_API, {{"path", "/api/a\nb"}}).why(), "no such API: /api/a\\x0ab");
}

TEST(Refusals, AKindsCodeIsItsStatussCode) {
  // A concern's refusal that is only its words, and an error the API or the transport answers by
  // its status, name the same code for the same status.
  for (Reply::Kind k : {Reply::BAD_REQUEST, Reply::NOT_LOGGED_IN, Reply::NOT_YOURS, Reply::NOT_FOUND, Reply::NOT_NOW,
                        Reply::TOO_LONG, Reply::TOO_OFTEN, Reply::FAILURE, Reply::BUSY})
    EXPECT_STREQ(kirin::server::http::code_of_status(kirin::server::http_status(k)), code_of(k)) << int(k);
  EXPECT_STREQ(kirin::server::http::code_of_status(405), "method_not_allowed");
  EXPECT_STREQ(kirin::server::http::code_of_status(431), "too_long");
}
