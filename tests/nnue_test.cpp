// NNUE inference: the incremental accumulator, the two arithmetic paths, net files, exact values.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>

#include "nnue/accumulator.h"
#include "nnue/position_text.h"
#include "notation/fen.h"
#include "rules/movegen.h"
#include "search/engine.h"

using namespace kirin;
using namespace kirin::nnue;

namespace {

// Weights drawn at random within the ranges an exported net keeps to.
Network random_net(const VariantPtr& v, uint32_t seed) {
  std::mt19937 rng(seed);
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  Weights w = Weights::zero(FeatureSet(*v).dimension());
  for (auto& x : w.ft_bias) x = int16_t(uniform(-60, 60));
  for (auto& x : w.ft_weight) x = int16_t(uniform(-40, 40));
  for (auto& x : w.l1_bias) x = uniform(-2000, 2000);
  for (auto& x : w.l1_weight) x = int8_t(uniform(-127, 127));
  for (auto& x : w.l2_bias) x = uniform(-2000, 2000);
  for (auto& x : w.l2_weight) x = int8_t(uniform(-127, 127));
  w.out_bias = uniform(-5000, 5000);
  for (auto& x : w.out_weight) x = int8_t(uniform(-127, 127));
  return Network(*v, std::move(w), 400, "random");
}

struct MoveKinds {
  int drops = 0, promotions = 0, double_captures = 0, igui = 0, passes = 0, king_moves = 0, undos = 0, nulls = 0;
};

// Random games played through the stack; after every move, undo and null move, the incremental
// accumulators must equal fresh ones.
MoveKinds check_random_games(GameId g, int games, int plies, uint32_t seed) {
  auto v = make_variant(g);
  const Network net = random_net(v, seed);
  AccumulatorStack stack(net);
  MoveKinds seen;
  std::mt19937 rng(seed);
  int16_t fresh[2 * L1];
  auto expect_fresh = [&](const Position& pos, const char* after) {
    stack.fresh(pos, fresh);
    for (Color c : {FIRST, SECOND})
      if (std::memcmp(stack.values(c), fresh + c * L1, L1 * sizeof(int16_t)) != 0) {
        ADD_FAILURE() << game_name(g) << " perspective " << int(c) << " differs after " << after << ": " << to_fen(pos);
        return false;
      }
    return true;
  };
  for (int i = 0; i < games; ++i) {
    Position pos = start_position(v);
    stack.reset(pos);
    for (int ply = 0; ply < plies; ++ply) {
      MoveList list;
      generate_legal(pos, list);
      if (!list.size()) break;
      // Half of the time the first capture on offer, so hands fill and Lions take twice.
      Move m = list.moves[rng() % list.size()];
      if (rng() % 2)
        for (Move c : list)
          if (!c.is_drop() && (is_enemy(pos.at(c.to()), pos.side_to_move()) ||
                               (c.has_mid() && is_enemy(pos.at(c.mid()), pos.side_to_move())))) {
            m = c;
            if (c.has_mid()) break;
          }
      pos.do_move(m);
      stack.push(pos);
      const StateInfo& st = pos.state();
      seen.drops += m.is_drop();
      seen.promotions += m.is_promotion();
      seen.double_captures += st.captured != EMPTY && st.captured_mid != EMPTY;
      seen.igui += m.stays() && st.captured_mid != EMPTY;
      seen.passes += st.passed;
      seen.king_moves += !m.is_drop() && v->is_royal(kind_of(st.moved));
      if (!expect_fresh(pos, "a move")) return seen;
      if (rng() % 8 == 0) {  // take it back and play on from the position before
        pos.undo_move();
        stack.pop();
        ++seen.undos;
        if (!expect_fresh(pos, "an undo")) return seen;
      }
      if (rng() % 8 == 0) {  // the search's null move keeps the accumulators; only the view turns
        pos.do_null_move();
        ++seen.nulls;
        AccumulatorStack other(net);
        other.reset(pos);
        EXPECT_EQ(stack.evaluate(pos), other.evaluate(pos));
        pos.undo_null_move();
      }
    }
  }
  return seen;
}

TEST(NnueAccumulator, IncrementalEqualsFreshXiangqi) {
  const MoveKinds seen = check_random_games(GameId::XIANGQI, 20, 200, 11);
  EXPECT_GT(seen.king_moves, 50);  // each one changes that side's King bucket or keeps it
  EXPECT_GT(seen.undos, 100);
  EXPECT_GT(seen.nulls, 100);
}

TEST(NnueAccumulator, IncrementalEqualsFreshChuShogiWithLionDoubleCaptures) {
  const MoveKinds seen = check_random_games(GameId::CHUSHOGI, 20, 300, 12);
  EXPECT_GT(seen.promotions, 10);
  EXPECT_GT(seen.double_captures, 0);
  EXPECT_GT(seen.igui + seen.passes, 0);
}

TEST(NnueAccumulator, IncrementalEqualsFreshChuSeireigiWithDrops) {
  const MoveKinds seen = check_random_games(GameId::CHUSEIREIGI, 20, 300, 13);
  EXPECT_GT(seen.drops, 100);
  EXPECT_GT(seen.promotions, 10);
}

// Every position of random games valued by both paths: the same numbers, and not all alike.
TEST(NnueArithmetic, PortableAndAvx2GiveIdenticalValues) {
  if (best_simd() != Simd::AVX2) GTEST_SKIP() << "this CPU has no AVX2";
  for (GameId g : {GameId::XIANGQI, GameId::CHUSHOGI, GameId::CHUSEIREIGI}) {
    auto v = make_variant(g);
    const Network net = random_net(v, 7);
    AccumulatorStack portable(net, Simd::PORTABLE), avx2(net, Simd::AVX2);
    std::mt19937 rng(5);
    std::set<Value> values;
    Position pos = start_position(v);
    portable.reset(pos);
    avx2.reset(pos);
    for (int ply = 0; ply < 150; ++ply) {
      ASSERT_EQ(portable.evaluate(pos), avx2.evaluate(pos)) << game_name(g) << " ply " << ply;
      ASSERT_EQ(std::memcmp(portable.values(FIRST), avx2.values(FIRST), L1 * 2), 0);
      values.insert(avx2.evaluate(pos));
      MoveList list;
      generate_legal(pos, list);
      if (!list.size()) break;
      pos.do_move(list.moves[rng() % list.size()]);
      portable.push(pos);
      avx2.push(pos);
    }
    EXPECT_GT(values.size(), 20u) << game_name(g);
  }
}

// A net whose value can be worked out by hand: the transformer's first output is a bias of 100
// for both sides, its second counts the active features (32 pieces at xiangqi's start).
Network hand_made_net(const VariantPtr& v) {
  Weights w = Weights::zero(FeatureSet(*v).dimension());
  w.ft_bias[0] = 100;
  for (size_t f = 0; f < w.ft_weight.size() / L1; ++f) w.ft_weight[f * L1 + 1] = 1;
  w.l1_bias[0] = 640;     // 10 in 64ths
  w.l1_weight[0] = 64;    // own [0]: 100 * 64
  w.l1_weight[L1] = -32;  // other's [0]: -100 * 32
  w.l1_weight[1] = 64;    // own [1]: 32 * 64
  w.l2_weight[0] = 64;    // passes the first hidden value on
  w.out_weight[0] = 100;
  w.out_bias = 1000;
  return Network(*v, std::move(w), 400, "hand-made");
}

// hand_made_net's values, worked out by hand, at xiangqi's start and without the a-file Chariots.
void expect_hand_made_values(const VariantPtr& v, const Network& net) {
  AccumulatorStack stack(net);
  Position pos = start_position(v);
  stack.reset(pos);
  // hidden = (640 + 6400 - 3200 + 2048) >> 6 = 92; out = 92 * 100 + 1000 = 10200;
  // 10200 * 400 / (127 * 64) = 501.9, rounded towards zero.
  EXPECT_EQ(stack.evaluate(pos), 501);
  // With both a-file Chariots gone 30 features are active: (5888 - 128) >> 6 = 90 -> 9000 + 1000.
  auto fewer = parse_fen(v, "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w - - 0 1");
  ASSERT_TRUE(fewer.ok());
  stack.reset(*fewer);
  EXPECT_EQ(stack.evaluate(*fewer), 492);  // 10000 * 400 / 8128 = 492.1
}

TEST(NnueNetwork, HandMadeNetGivesTheWorkedOutValue) {
  auto v = make_variant(GameId::XIANGQI);
  expect_hand_made_values(v, hand_made_net(v));
}

// The same net with its transformer scaled by 16 and shifted right by 4 gives the same values;
// with a remainder below 16 in every sum it still does, as the shift rounds down.
TEST(NnueNetwork, TransformerShiftScalesTheAccumulatorBackDown) {
  auto v = make_variant(GameId::XIANGQI);
  const Network plain = hand_made_net(v);
  Weights w = plain.weights();
  for (auto& x : w.ft_bias) x = int16_t(x * 16 + 15);
  for (auto& x : w.ft_weight) x = int16_t(x * 16);
  const Network shifted(*v, std::move(w), 400, "shifted", 4);
  EXPECT_EQ(shifted.ft_shift(), 4u);
  expect_hand_made_values(v, shifted);
  // Without the shift the same weights would read 16 times too much and clip at 127.
  const Network unshifted(*v, shifted.weights(), 400, "unshifted", 0);
  AccumulatorStack other(unshifted);
  Position pos = start_position(v);
  other.reset(pos);
  EXPECT_NE(other.evaluate(pos), 501);
}

class NnueFile : public ::testing::Test {
 protected:
  std::string write(const std::string& name, const std::string& bytes) {
    const auto path = std::filesystem::temp_directory_path() / ("kirin_nnue_test_" + name);
    std::ofstream(path, std::ios::binary) << bytes;
    files_.push_back(path);
    return path.string();
  }
  void TearDown() override {
    for (const auto& f : files_) std::filesystem::remove(f);
  }
  std::vector<std::filesystem::path> files_;
};

TEST_F(NnueFile, RoundTripKeepsEveryWeight) {
  auto v = make_variant(GameId::CHUSEIREIGI);
  const Network net = random_net(v, 3);
  auto back = Network::load(write("roundtrip.nnue", net.to_bytes()), *v);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ((*back)->to_bytes(), net.to_bytes());
  EXPECT_EQ((*back)->description(), "random");
}

TEST_F(NnueFile, ShiftedNetIsVersionTwoAndKeepsItsShift) {
  auto v = make_variant(GameId::CHUSEIREIGI);
  const Network plain = random_net(v, 4);
  const Network net(*v, plain.weights(), 400, "random", 5);
  const std::string bytes = net.to_bytes();
  uint32_t version = 0, shift = 0;
  std::memcpy(&version, bytes.data() + 8, 4);
  std::memcpy(&shift, bytes.data() + 60, 4);
  EXPECT_EQ(version, 2u);
  EXPECT_EQ(shift, 5u);
  EXPECT_EQ(bytes.size(), plain.to_bytes().size() + 4);
  auto back = Network::load(write("shifted.nnue", bytes), *v);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ((*back)->ft_shift(), 5u);
  EXPECT_EQ((*back)->to_bytes(), bytes);
  // Shift 0 is written as version 1, byte for byte what earlier Kirins wrote and read.
  uint32_t plain_version = 0;
  std::memcpy(&plain_version, plain.to_bytes().data() + 8, 4);
  EXPECT_EQ(plain_version, 1u);
}

TEST_F(NnueFile, ShiftBeyondSixAndUnknownVersionsAreRefused) {
  auto v = make_variant(GameId::XIANGQI);
  const Network plain = hand_made_net(v);
  std::string bytes = Network(*v, plain.weights(), 400, "hand-made", 6).to_bytes();
  bytes[60] = 7;
  const std::string path = write("shift7.nnue", bytes);
  auto net = Network::load(path, *v);
  ASSERT_FALSE(net.ok());
  EXPECT_EQ(net.error(), "net file " + path + ": transformer shift 7 out of range 0-6");
  bytes[8] = 3;
  const std::string path3 = write("version3.nnue", bytes);
  net = Network::load(path3, *v);
  ASSERT_FALSE(net.ok());
  EXPECT_EQ(net.error(), "net file " + path3 + ": format version 3, this Kirin reads 1 to 2");
}

TEST_F(NnueFile, BadMagicIsRefused) {
  auto v = make_variant(GameId::XIANGQI);
  std::string bytes = hand_made_net(v).to_bytes();
  bytes[0] = 'X';
  const std::string path = write("magic.nnue", bytes);
  auto net = Network::load(path, *v);
  ASSERT_FALSE(net.ok());
  EXPECT_EQ(net.error(), "net file " + path + ": bad magic (not a Kirin net)");
}

TEST_F(NnueFile, NetForAnotherGameIsRefused) {
  const std::string path = write("game.nnue", hand_made_net(make_variant(GameId::XIANGQI)).to_bytes());
  auto net = Network::load(path, *make_variant(GameId::CHUSHOGI));
  ASSERT_FALSE(net.ok());
  EXPECT_EQ(net.error(), "net file " + path + ": a net for xiangqi, not chushogi");
}

// Found by fuzz_net_file: the file's game name went into the error as it was, newline and all.
TEST_F(NnueFile, GameNameIsQuotedOnOneLine) {
  std::string bytes = hand_made_net(make_variant(GameId::XIANGQI)).to_bytes();
  bytes.replace(12, 3, "xi\n");
  const std::string path = write("newline.nnue", bytes);
  auto net = Network::load(path, *make_variant(GameId::CHUSHOGI));
  ASSERT_FALSE(net.ok());
  EXPECT_EQ(net.error(), "net file " + path + ": a net for xi?ngqi, not chushogi");
  auto game = Network::game_of(path);
  ASSERT_TRUE(game.ok());
  EXPECT_EQ(*game, "xi?ngqi");
}

TEST_F(NnueFile, TruncatedWeightsAreRefused) {
  auto v = make_variant(GameId::XIANGQI);
  std::string bytes = hand_made_net(v).to_bytes();
  const size_t full = bytes.size();
  bytes.resize(full - 10);
  const std::string path = write("truncated.nnue", bytes);
  auto net = Network::load(path, *v);
  ASSERT_FALSE(net.ok());
  const size_t header = 60 + std::string("hand-made").size();
  EXPECT_EQ(net.error(), "net file " + path + ": truncated weights (" + std::to_string(full - 10 - header) +
                             " bytes of " + std::to_string(full - header) + ")");
}

TEST_F(NnueFile, BytesAfterTheWeightsAreRefused) {
  auto v = make_variant(GameId::XIANGQI);
  const std::string path = write("long.nnue", hand_made_net(v).to_bytes() + "xyz");
  auto net = Network::load(path, *v);
  ASSERT_FALSE(net.ok());
  EXPECT_EQ(net.error(), "net file " + path + ": 3 bytes after the weights");
}

TEST_F(NnueFile, EvalFileOptionRefusesABadFileAndUsesAGoodOne) {
  Engine engine;
  const std::string bad = write("option_bad.nnue", "not a net at all");
  EXPECT_EQ(error_of(engine.set_option("EvalFile", bad)),
            "option EvalFile: net file " + bad + ": bad magic (not a Kirin net)");
  auto v = make_variant(GameId::XIANGQI);
  const std::string good = write("option_good.nnue", hand_made_net(v).to_bytes());
  EXPECT_EQ(error_of(engine.set_option("EvalFile", good)), "");
  ASSERT_EQ(error_of(engine.set_position(v, "", {})), "");
  EXPECT_EQ(engine.evaluation().substr(0, 5 + good.size()), "nnue " + good);
  // The xiangqi net is not for Chu Shogi, which keeps its own (or the hand-made) evaluation.
  ASSERT_EQ(error_of(engine.set_position(make_variant(GameId::CHUSHOGI), "", {})), "");
  EXPECT_EQ(engine.evaluation().find(good), std::string::npos);
  EXPECT_EQ(error_of(engine.set_option("EvalFile", "none")), "");
  ASSERT_EQ(error_of(engine.set_position(v, "", {})), "");
  EXPECT_EQ(engine.evaluation(), "classical");
}

TEST_F(NnueFile, HandMadeTermsTakeOverFromTheNetAtTheHandoffLead) {
  auto v = make_variant(GameId::XIANGQI);
  const std::string net = write("handoff.nnue", hand_made_net(v).to_bytes());
  // Red is a Chariot up against two Advisors, and nothing can be taken: every leaf keeps that lead.
  const std::string fen = "3aka3/9/9/9/9/9/9/9/9/R2K5 w - - 0 1";
  auto pos = parse_fen(v, fen);
  ASSERT_TRUE(pos.ok());
  const int lead = Evaluator(v, default_weights(GameId::XIANGQI)).material_balance(*pos);
  ASSERT_GT(lead, 0);
  auto score = [&](const std::string& eval_file, const std::string& weights) {
    Engine engine;
    EXPECT_EQ(error_of(engine.set_option("EvalFile", eval_file)), "");
    EXPECT_EQ(error_of(engine.set_option("Weights", weights)), "");
    EXPECT_EQ(error_of(engine.set_option("MateProbe", "false")),
              "");  // else it finds the mate and no evaluation speaks
    EXPECT_EQ(error_of(engine.set_position(v, fen, {})), "");
    SearchLimits limits;
    limits.depth = 2;
    return engine.search(limits).score;
  };
  const Value hand_made = score("none", "");
  const Value with_net = score(net, "");
  ASSERT_NE(hand_made, with_net);
  EXPECT_EQ(score(net, "net_handoff=" + std::to_string(lead)), hand_made);
  EXPECT_EQ(score(net, "net_handoff=" + std::to_string(lead + 1)), with_net);
  EXPECT_EQ(score(net, "net_handoff=0"), with_net);
}

TEST(NnueDefault, GameWithANetInTheNetsFolderUsesIt) {
  auto v = make_variant(GameId::XIANGQI);
  const auto dir = std::filesystem::temp_directory_path() / ("kirin_nnue_nets_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const std::string saved = std::getenv("KIRIN_NETS") ? std::getenv("KIRIN_NETS") : "";
  setenv("KIRIN_NETS", dir.c_str(), 1);
  Engine before;
  ASSERT_EQ(error_of(before.set_position(v, "", {})), "");
  EXPECT_EQ(before.evaluation(), "classical");
  const std::string path = (dir / "xiangqi.nnue").string();
  std::ofstream(path, std::ios::binary) << hand_made_net(v).to_bytes();
  Engine engine;
  ASSERT_EQ(error_of(engine.set_position(v, "", {})), "");
  char hash[16];
  std::snprintf(hash, sizeof hash, "%08x", fnv1a(hand_made_net(v).to_bytes()));
  EXPECT_EQ(engine.evaluation(), "nnue " + path + " (" + hash + ")");
  // Chu Shogi has no net there: the hand-made evaluation.
  ASSERT_EQ(error_of(engine.set_position(make_variant(GameId::CHUSHOGI), "", {})), "");
  EXPECT_EQ(engine.evaluation(), "classical");
  setenv("KIRIN_NETS", saved.c_str(), 1);
  std::filesystem::remove_all(dir);
}

TEST(NnuePositionText, RoundTripsAPositionWithHands) {
  auto v = make_variant(GameId::CHUSEIREIGI);
  Position pos = start_position(v);
  pos.set_hand(SECOND, 3, 2);
  const std::string text = position_text(pos);
  auto back = parse_position_text(v, text);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(position_text(*back), text);
  EXPECT_EQ(text.substr(text.rfind(';')), ";131:2");
  auto bad = parse_position_text(v, "2;;");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "side to move '2' is not 0 or 1");
}

}  // namespace
