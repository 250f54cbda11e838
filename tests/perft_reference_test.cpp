// Every row of ../shared/reference/perft.tsv (copied to tests/data) up to 20 million leaves
// must match exactly. Deeper rows run in `kirin bench perft`.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "notation/fen.h"
#include "rules/perft.h"

using namespace kirin;

namespace {

struct Row {
  std::string game, source, fen;
  int depth;
  uint64_t nodes;
};

std::vector<Row> load_rows() {
  std::ifstream in(std::string(KIRIN_TEST_DATA) + "/perft.tsv");
  std::vector<Row> rows;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::stringstream ss(line);
    Row r;
    std::string depth, nodes;
    std::getline(ss, r.game, '\t');
    std::getline(ss, r.source, '\t');
    std::getline(ss, r.fen, '\t');
    std::getline(ss, depth, '\t');
    std::getline(ss, nodes, '\t');
    r.depth = std::stoi(depth);
    r.nodes = std::stoull(nodes);
    rows.push_back(r);
  }
  return rows;
}

// Names the row in test listings instead of dumping its bytes.
void PrintTo(const Row& r, std::ostream* os) { *os << r.game << " depth " << r.depth << " " << r.fen; }

class PerftReference : public ::testing::TestWithParam<Row> {};

TEST_P(PerftReference, MatchesExactly) {
  const Row& r = GetParam();
  auto v = make_variant(*parse_game(r.game));
  auto pos = parse_fen(v, r.fen);
  ASSERT_TRUE(pos.ok()) << pos.error();
  EXPECT_EQ(perft(*pos, r.depth), r.nodes) << r.game << " " << r.fen << " depth " << r.depth;
}

// The Chu Shogi rows are shogiops's counts, so rules=lishogi (exactly what shogiops accepts)
// must give every one of them too.
class PerftReferenceLishogi : public ::testing::TestWithParam<Row> {};

TEST_P(PerftReferenceLishogi, MatchesExactly) {
  const Row& r = GetParam();
  auto v = make_variant(r.game, {"rules=lishogi"});
  ASSERT_TRUE(v.ok()) << v.error();
  auto pos = parse_fen(*v, r.fen);
  ASSERT_TRUE(pos.ok()) << pos.error();
  EXPECT_EQ(perft(*pos, r.depth), r.nodes) << r.fen << " depth " << r.depth;
}

std::vector<Row> fast_rows() {
  std::vector<Row> out;
  for (const Row& r : load_rows())
    if (r.nodes <= 20'000'000) out.push_back(r);
  return out;
}

INSTANTIATE_TEST_SUITE_P(Table, PerftReference, ::testing::ValuesIn(fast_rows()),
                         [](const ::testing::TestParamInfo<Row>& info) {
                           return info.param.game + "_" + std::to_string(info.index) + "_depth" +
                                  std::to_string(info.param.depth);
                         });

std::vector<Row> fast_chushogi_rows() {
  std::vector<Row> out;
  for (const Row& r : fast_rows())
    if (r.game == "chushogi") out.push_back(r);
  return out;
}

INSTANTIATE_TEST_SUITE_P(Table, PerftReferenceLishogi, ::testing::ValuesIn(fast_chushogi_rows()),
                         [](const ::testing::TestParamInfo<Row>& info) {
                           return "chushogi_lishogi_" + std::to_string(info.index) + "_depth" +
                                  std::to_string(info.param.depth);
                         });

TEST(PerftReferenceTable, HasRowsForEveryGame) {
  int per_game[3] = {};
  for (const Row& r : load_rows()) per_game[int(*parse_game(r.game))]++;
  EXPECT_GE(per_game[0], 10);
  EXPECT_GE(per_game[1], 80);
  EXPECT_GE(per_game[2], 3);
}

}  // namespace
