// The USI session fed line by line on one thread, as the WebAssembly build drives it
// (protocols.h, LineSession): the search runs inside feed() and takes the lines that arrive
// meanwhile from its yield.
#include <gtest/gtest.h>

#include <sstream>
#include <thread>

#include "protocol/protocols.h"
#include "protocol/session.h"

using namespace kirin;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

// A session whose yield runs `on_yield` once, at the n-th call.
struct OneThread {
  std::ostringstream out;
  std::unique_ptr<protocol::LineSession> session;
  int yields = 0;
  std::thread::id yield_thread;

  OneThread(int at, std::function<void(protocol::LineSession&)> on_yield) {
    session = protocol::usi_session(out, [this, at, on_yield](bool) {
      yield_thread = std::this_thread::get_id();
      if (++yields == at) on_yield(*session);
    });
  }
  std::vector<std::string> lines() const { return lines_of(out.str()); }
};

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

TEST(LineSession, StopFedFromTheYieldEndsAnInfiniteSearchInTheCallingThread) {
  OneThread t(3, [](protocol::LineSession& s) {
    EXPECT_FALSE(s.waits("isready"));
    EXPECT_FALSE(s.waits("stop"));
    s.feed("isready");
    s.feed("stop");
  });
  EXPECT_TRUE(t.session->feed("position startpos moves 7i7h"));
  EXPECT_TRUE(t.session->feed("go infinite"));  // returns once stopped
  EXPECT_GE(t.yields, 3);
  EXPECT_EQ(t.yield_thread, std::this_thread::get_id());
  const auto out = t.lines();
  ASSERT_FALSE(out.empty());
  EXPECT_TRUE(starts_with(out.back(), "bestmove ")) << out.back();
  EXPECT_NE(out.back(), "bestmove resign");
  EXPECT_EQ(std::count(out.begin(), out.end(), "readyok"), 1);
}

TEST(LineSession, ACommandThatChangesTheEngineWaitsForTheEndOfAFiniteSearch) {
  bool asked = false;
  OneThread t(1, [&](protocol::LineSession& s) {
    asked = true;
    EXPECT_TRUE(s.waits("position startpos"));
    EXPECT_TRUE(s.waits("go depth 1"));
    EXPECT_TRUE(s.waits("setoption name Hash value 8"));
    EXPECT_FALSE(s.waits("isready"));
    EXPECT_FALSE(s.waits("ponderhit"));
  });
  t.session->feed("go depth 6");
  EXPECT_TRUE(asked);
  EXPECT_FALSE(t.session->waits("position startpos"));
  EXPECT_TRUE(starts_with(t.lines().back(), "bestmove ")) << t.lines().back();
}

TEST(LineSession, ACommandThatChangesTheEngineDuringAnInfiniteSearchIsRefused) {
  OneThread t(2, [](protocol::LineSession& s) {
    EXPECT_FALSE(s.waits("position startpos"));
    s.feed("position startpos moves 7i7h");
    s.feed("stop");
  });
  t.session->feed("go infinite");
  const auto out = t.lines();
  EXPECT_EQ(
      std::count(out.begin(), out.end(), "info string error: 'position' during an infinite search: send stop first"),
      1);
  EXPECT_TRUE(starts_with(out.back(), "bestmove ")) << out.back();
}

TEST(LineSession, QuitFedFromTheYieldEndsTheSearchAndTheSession) {
  OneThread t(2, [](protocol::LineSession& s) { EXPECT_FALSE(s.feed("quit")); });
  EXPECT_FALSE(t.session->feed("go infinite"));
  EXPECT_FALSE(t.session->feed("isready"));
  const auto out = t.lines();
  EXPECT_TRUE(starts_with(out.back(), "bestmove ")) << out.back();
  EXPECT_EQ(std::count(out.begin(), out.end(), "readyok"), 0);
}
