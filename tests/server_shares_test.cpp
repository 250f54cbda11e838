// A visitor's share of what everyone waits for (server/api/shares.h): counted under its address
// and its account together, so that one account on several addresses holds one share.
#include <gtest/gtest.h>

#include <set>

#include "server/api/shares.h"

using kirin::server::CountedShares;
using kirin::server::PendingShares;

TEST(ServerShares, PendingItemsAreCountedForTheAddressAndTheAccount) {
  PendingShares shares(2);
  std::set<std::string> done;
  auto finished = [&](const std::string& item) { return done.count(item) > 0; };
  int asked = 0;
  auto ask = [&] { return ++asked, true; };
  EXPECT_FALSE(shares.ask({"10.0.0.1", "account 7"}, "g1", finished, ask));
  EXPECT_FALSE(shares.ask({"10.0.0.2", "account 7"}, "g2", finished, ask));
  // The account is full wherever it asks from; an address of its own is not enough.
  auto full = shares.ask({"10.0.0.3", "account 7"}, "g3", finished, ask);
  ASSERT_TRUE(full);
  EXPECT_EQ(*full, (std::vector<std::string>{"g1", "g2"}));
  EXPECT_EQ(asked, 2);
  // Another visitor at the first address: the address holds one, it may ask for one more.
  EXPECT_FALSE(shares.ask({"10.0.0.1"}, "g4", finished, ask));
  EXPECT_TRUE(shares.ask({"10.0.0.1"}, "g5", finished, ask));
  // Asking again for what one holds; then a finished item frees its place.
  EXPECT_FALSE(shares.ask({"10.0.0.3", "account 7"}, "g2", finished, ask));
  done.insert("g1");
  EXPECT_FALSE(shares.ask({"10.0.0.3", "account 7"}, "g3", finished, ask));
  // What `ask` does not queue is not counted.
  EXPECT_FALSE(shares.ask({"10.0.0.9"}, "x", finished, [] { return false; }));
  EXPECT_FALSE(shares.ask({"10.0.0.9"}, "y", finished, ask));
  EXPECT_FALSE(shares.ask({"10.0.0.9"}, "z", finished, ask));
  EXPECT_TRUE(shares.ask({"10.0.0.9"}, "w", finished, ask));
}

TEST(ServerShares, CountedSharesTakeAndGiveBackForEveryKey) {
  CountedShares shares(2);
  EXPECT_TRUE(shares.take({"10.0.0.1", "account 7"}));
  EXPECT_TRUE(shares.take({"10.0.0.2", "account 7"}));
  EXPECT_FALSE(shares.take({"10.0.0.3", "account 7"}));
  EXPECT_TRUE(shares.take({"10.0.0.3"}));  // nothing was counted for it by the refusal
  EXPECT_TRUE(shares.take({"10.0.0.3"}));
  EXPECT_FALSE(shares.take({"10.0.0.3"}));
  shares.give_back({"10.0.0.1", "account 7"});
  EXPECT_TRUE(shares.take({"10.0.0.4", "account 7"}));
  CountedShares unlimited(0);
  for (int i = 0; i < 100; ++i) EXPECT_TRUE(unlimited.take({"a"}));
}
