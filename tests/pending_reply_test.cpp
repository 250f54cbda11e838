// PendingReply (server/http/exchange.h): an answer given later, from any thread, and one that
// follows another (a route answered on the route threads that queued its work on the workers).
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <vector>

#include "server/http/exchange.h"

namespace http = kirin::server::http;

namespace {

http::Response with_status(unsigned status) {
  http::Response r;
  r.result(status);
  return r;
}

std::optional<unsigned> status_of(const std::optional<http::Answer>& a) {
  if (!a) return std::nullopt;
  if (auto* r = std::get_if<http::Response>(&*a)) return r->result_int();
  return 0;  // a stream or a download
}

}  // namespace

TEST(PendingReply, AnAnswerGivenBeforeTheTransportAsksIsKept) {
  http::PendingReply p(std::chrono::seconds(1), [] {});
  p.fulfil(with_status(201));
  std::optional<http::Answer> got;
  p.on_response([&](http::Answer a) { got = std::move(a); });
  EXPECT_EQ(status_of(got), 201u);
}

TEST(PendingReply, TheFollowerGivesTheInnerAnswer) {
  auto outer = std::make_shared<http::PendingReply>(std::chrono::seconds(1), [] {});
  auto inner = std::make_shared<http::PendingReply>(std::chrono::seconds(1), [] {});
  std::optional<http::Answer> got;
  outer->on_response([&](http::Answer a) { got = std::move(a); });
  outer->follow(inner);
  EXPECT_FALSE(got);
  inner->fulfil(with_status(429));
  EXPECT_EQ(status_of(got), 429u);
}

TEST(PendingReply, AnEventStreamIsAnAnswerToo) {
  auto outer = std::make_shared<http::PendingReply>(std::chrono::seconds(1), [] {});
  std::optional<http::Answer> got;
  outer->on_response([&](http::Answer a) { got = std::move(a); });
  outer->fulfil(http::EventStream{"state", "g1", nullptr, nullptr});
  EXPECT_EQ(status_of(got), 0u);
  EXPECT_EQ(std::get<http::EventStream>(*got).key, "g1");
}

TEST(PendingReply, CancellingTheFollowerCancelsTheInnerWork) {
  int inner_cancelled = 0, outer_cancelled = 0;
  auto outer = std::make_shared<http::PendingReply>(std::chrono::seconds(1), [&] { ++outer_cancelled; });
  auto inner = std::make_shared<http::PendingReply>(std::chrono::seconds(1), [&] { ++inner_cancelled; });
  outer->follow(inner);
  outer->cancel();
  EXPECT_EQ(outer_cancelled, 1);
  EXPECT_EQ(inner_cancelled, 1);
  outer->cancel();  // once only
  EXPECT_EQ(inner_cancelled, 1);
}

TEST(PendingReply, FollowingAfterTheClientLeftCancelsTheInnerWorkAtOnce) {
  int inner_cancelled = 0;
  auto outer = std::make_shared<http::PendingReply>(std::chrono::seconds(1), [] {});
  auto inner = std::make_shared<http::PendingReply>(std::chrono::seconds(1), [&] { ++inner_cancelled; });
  outer->cancel();
  outer->follow(inner);
  EXPECT_EQ(inner_cancelled, 1);
}

// The route's queue has its deadline (30 s); an analysis it starts has its own, from then.
TEST(PendingReply, FollowingTakesTheInnerDeadlineFromThen) {
  auto outer = std::make_shared<http::PendingReply>(std::chrono::seconds(30), [] {});
  std::vector<std::chrono::steady_clock::duration> rearmed;
  outer->on_new_deadline([&](auto left) { rearmed.push_back(left); });
  outer->follow(std::make_shared<http::PendingReply>(std::chrono::seconds(1), [] {}));
  ASSERT_EQ(rearmed.size(), 1u);
  EXPECT_EQ(rearmed[0], std::chrono::steady_clock::duration(std::chrono::seconds(1)));
}

// The route's thread may follow before the transport has asked to hear of a new deadline.
TEST(PendingReply, ADeadlineSetBeforeTheTransportAskedIsGivenWhenItAsks) {
  auto outer = std::make_shared<http::PendingReply>(std::chrono::seconds(30), [] {});
  outer->follow(std::make_shared<http::PendingReply>(std::chrono::seconds(1), [] {}));
  std::vector<std::chrono::steady_clock::duration> rearmed;
  outer->on_new_deadline([&](auto left) { rearmed.push_back(left); });
  ASSERT_EQ(rearmed.size(), 1u);
  EXPECT_LE(rearmed[0], std::chrono::steady_clock::duration(std::chrono::seconds(1)));
  EXPECT_GT(rearmed[0], std::chrono::steady_clock::duration::zero());
}

// A transport's closure that holds the reply is let go when the answer is given or the reply is
// cancelled, so that no reply outlives its request.
TEST(PendingReply, TheTransportsClosuresAreLetGoAtTheEnd) {
  for (bool answered : {true, false}) {
    auto outer = std::make_shared<http::PendingReply>(std::chrono::seconds(30), [] {});
    outer->on_new_deadline([outer](auto) {});
    outer->on_response([outer](http::Answer) {});
    EXPECT_EQ(outer.use_count(), 3);
    if (answered)
      outer->fulfil(http::Response{});
    else
      outer->cancel();
    EXPECT_EQ(outer.use_count(), 1) << (answered ? "answered" : "cancelled");
  }
}
