// The route table: a pattern's literal and parameter segments, the first route that takes the
// method, the methods a path takes when none takes the request's (a 405's Allow), nothing (a 404).
#include "server/http/route_table.h"

#include <gtest/gtest.h>

using boost::beast::http::verb;
using kirin::server::http::allow_text;
using kirin::server::http::GET;
using kirin::server::http::POST;
using kirin::server::http::READ;
using kirin::server::http::RouteTable;

namespace {

RouteTable<int> table() {
  RouteTable<int> t;
  t.add(READ, "/api/games", 1);
  t.add(POST, "/api/games", 2);
  t.add(READ, "/api/games/{id}", 3);
  t.add(POST, "/api/games/{id}/move", 4);
  t.add(GET, "/api/games/{id}/events", 5);
  t.add(POST, "/api/games/{id}/chat/{line}/report", 6);
  t.add(READ, "/api/games/{id}/chat", 7);
  return t;
}

}  // namespace

TEST(RouteTable, TheMethodChoosesAmongRoutesOfOnePath) {
  auto t = table();
  EXPECT_EQ(*t.find(verb::get, "/api/games").handler, 1);
  EXPECT_EQ(*t.find(verb::head, "/api/games").handler, 1);
  EXPECT_EQ(*t.find(verb::post, "/api/games").handler, 2);
}

TEST(RouteTable, ParametersAreWholeSegmentsInOrder) {
  auto t = table();
  auto found = t.find(verb::post, "/api/games/abc123/chat/7/report");
  ASSERT_NE(found.handler, nullptr);
  EXPECT_EQ(*found.handler, 6);
  ASSERT_EQ(found.params.size(), 2u);
  EXPECT_EQ(found.params[0], "abc123");
  EXPECT_EQ(found.params[1], "7");
  // An empty segment is no parameter.
  EXPECT_EQ(t.find(verb::get, "/api/games//chat").handler, nullptr);
  EXPECT_EQ(t.find(verb::get, "/api/games//chat").allow, 0);
}

TEST(RouteTable, ATrailingSlashIsNoSegment) {
  auto t = table();
  auto found = t.find(verb::get, "/api/games/abc/");
  ASSERT_NE(found.handler, nullptr);
  EXPECT_EQ(*found.handler, 3);
}

TEST(RouteTable, AnotherMethodIsRefusedWithThoseThePathTakes) {
  auto t = table();
  auto del = t.find(verb::delete_, "/api/games");
  EXPECT_EQ(del.handler, nullptr);
  EXPECT_EQ(allow_text(del.allow), "GET, HEAD, POST");
  auto get_move = t.find(verb::get, "/api/games/x/move");
  EXPECT_EQ(get_move.handler, nullptr);
  EXPECT_EQ(allow_text(get_move.allow), "POST");
  // An event stream is GET alone: no HEAD.
  auto head_events = t.find(verb::head, "/api/games/x/events");
  EXPECT_EQ(head_events.handler, nullptr);
  EXPECT_EQ(allow_text(head_events.allow), "GET");
}

TEST(RouteTable, APathNoRouteTakesIsNothing) {
  auto t = table();
  for (const char* path : {"/api/nosuch", "/api/games/x/y/z", "/api", "/", "/api/games/x/moves"}) {
    auto found = t.find(verb::get, path);
    EXPECT_EQ(found.handler, nullptr) << path;
    EXPECT_EQ(found.allow, 0) << path;
  }
}
