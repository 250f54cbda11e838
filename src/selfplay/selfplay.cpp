#include "selfplay/selfplay.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <unordered_set>

#include "core/seeded.h"
#include "game/game.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "selfplay/sample_reader.h"

namespace kirin {
namespace {

// Win adjudication: the winner the scores have agreed on for how many plies in a row.
struct Agreement {
  int plies = 0;
  int sign = 0;  // +1: FIRST ahead, -1: SECOND ahead, 0: neither
  void see(bool holds, int s) {
    if (!holds)
      plies = 0, sign = 0;
    else
      plies = s == sign ? plies + 1 : 1, sign = s;
  }
};

int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

}  // namespace

SelfplayGame play_selfplay_game(const SelfplayConfig& c, Engine& engine, uint64_t game, int attempt) {
  uint64_t rng = game_stream(c.seed, game, attempt);
  SelfplayGame out;
  const Opening none;
  const Opening& op = c.openings.empty() ? none : c.openings[splitmix64(rng) % c.openings.size()];
  Result<Game> made = opening_game(c.variant, op);
  if (!made) return out;
  Game& g = *made;
  for (int i = 0; i < c.random_plies && !g.over(); ++i) {
    MoveList legal = g.legal_moves();
    if (legal.size() == 0) return out;
    g.play(legal.moves[splitmix64(rng) % legal.size()]);
  }
  if (g.over()) return out;

  engine.new_game();
  std::vector<std::string> line;
  Position replay = g.start();
  for (Move m : g.moves()) {
    line.push_back(move_to_text(replay, m));
    replay.do_move(m);
  }
  if (!engine.set_position(c.variant, to_fen(g.start()), line)) return out;
  SearchLimits limits;
  limits.nodes = c.nodes;
  Agreement win, draw;
  GameResult adjudicated;
  while (!g.over() && g.ply() < c.max_plies) {
    const Position& pos = engine.position();
    SearchResult r = engine.search(limits);
    if (r.best.is_none()) return {};  // no move, yet the referee goes on: no result to teach
    if (out.samples.empty() && c.balance_score > 0 && std::abs(r.score) > c.balance_score) return {};
    Sample s = sample_of(pos);
    s.ply = uint16_t(g.ply());
    s.score = sample_score(r.score);
    if (is_noisy(pos, r.best)) s.flags |= Sample::NOT_QUIET;
    out.samples.push_back(std::move(s));

    const int first_view = pos.side_to_move() == FIRST ? r.score : -r.score;
    win.see(c.win_score > 0 && std::abs(r.score) >= c.win_score, first_view > 0 ? 1 : -1);
    draw.see(c.draw_plies > 0 && g.ply() >= c.draw_from && std::abs(r.score) <= c.draw_score, 1);
    const std::string text = move_to_text(pos, r.best);
    if (!g.play(r.best) || !engine.play(text)) return {};  // engine and referee disagree: no game
    if (c.win_score > 0 && win.plies >= c.win_plies) {
      adjudicated = GameResult::win(win.sign > 0 ? FIRST : SECOND, Ending::ADJUDICATED_WIN);
      break;
    }
    if (c.draw_plies > 0 && draw.plies >= c.draw_plies) {
      adjudicated = GameResult::draw(Ending::ADJUDICATED_DRAW);
      break;
    }
  }
  out.result = g.over() ? g.result() : adjudicated.over() ? adjudicated : GameResult::draw(Ending::MOVE_LIMIT);
  out.plies = g.ply();
  const int first_result = out.result.outcome == Outcome::FIRST_WINS    ? 1
                           : out.result.outcome == Outcome::SECOND_WINS ? -1
                                                                        : 0;
  for (Sample& s : out.samples) s.result = int8_t(s.stm == FIRST ? first_result : -first_result);
  return out;
}

uint64_t game_identity(const std::vector<Sample>& samples) {
  uint64_t h = 0xCBF29CE484222325ull;  // FNV-1a over the records' bytes, game, score and result zeroed
  std::string bytes;
  for (Sample s : samples) {
    s.game = 0, s.score = 0, s.result = 0;
    bytes.clear();
    encode_sample(s, bytes);
    for (char ch : bytes) h = (h ^ uint8_t(ch)) * 0x100000001B3ull;
  }
  return h;
}

int run_selfplay(const SelfplayConfig& c, std::ostream& progress, std::ostream& err) {
  for (size_t i = 0; i < c.openings.size(); ++i) {
    if (auto g = opening_game(c.variant, c.openings[i]); !g) {
      err << "kirin selfplay: opening " << i + 1 << ": " << g.error() << "\n";
      return 2;
    }
  }
  SampleHeader header = sample_header(*c.variant);
  header.extra = {{"nodes", std::to_string(c.nodes)},
                  {"random_plies", std::to_string(c.random_plies)},
                  {"seed", std::to_string(c.seed)}};
  // Resuming: the file's games keep their numbers and identities.
  std::unordered_set<uint64_t> seen;
  uint64_t next_game = 0, positions = 0;
  bool fresh = true;
  if (std::ifstream old(c.out_path, std::ios::binary); old && old.peek() != std::ifstream::traits_type::eof()) {
    fresh = false;
    SampleReader reader(old);
    if (std::string e = error_of(reader.read_header()); !e.empty()) {
      err << "kirin selfplay: " << c.out_path << ": " << e << "\n";
      return 2;
    }
    if (!reader.header().same_board(header)) {
      err << "kirin selfplay: " << c.out_path << " holds " << reader.header().variant << " positions ("
          << reader.header().files << "x" << reader.header().ranks << ", " << reader.header().kinds.size()
          << " kinds), not " << header.variant << ": refusing to append\n";
      return 2;
    }
    std::vector<Sample> current;
    uint64_t game_start = reader.offset();  // where the records of `current` begin
    Sample s;
    auto close_game = [&] {
      if (current.empty()) return;
      seen.insert(game_identity(current));
      next_game = std::max<uint64_t>(next_game, current.front().game + 1);
      current.clear();
    };
    for (uint64_t before = reader.offset(); reader.next(s); before = reader.offset()) {
      if (!current.empty() && s.game != current.front().game) close_game(), game_start = before;
      current.push_back(s);
      ++positions;
    }
    if (reader.torn()) {
      // A run stopped while writing a game: that game is dropped and played again.
      old.close();
      std::error_code ec;
      std::filesystem::resize_file(c.out_path, game_start, ec);
      if (ec) {
        err << "kirin selfplay: " << c.out_path << ": cannot cut its torn last game: " << ec.message() << "\n";
        return 1;
      }
      err << "kirin selfplay: " << c.out_path << ": " << reader.error() << "; its last game (" << current.size()
          << " whole records) is dropped and played again\n";
      positions -= current.size();
      current.clear();
    } else if (!reader.error().empty()) {
      err << "kirin selfplay: " << c.out_path << ": " << reader.error() << "\n";
      return 2;
    }
    close_game();
  }
  std::ofstream out(c.out_path, std::ios::binary | std::ios::app);
  if (!out) {
    err << "kirin selfplay: cannot write " << c.out_path << "\n";
    return 1;
  }
  if (fresh) {
    std::string bytes;
    encode_header(header, bytes);
    out.write(bytes.data(), std::streamsize(bytes.size()));
  }
  Engine engine;
  if (auto set = engine.set_option("Hash", std::to_string(c.hash_mb)); !set) {
    err << "kirin selfplay: " << set.error() << "\n";
    return 2;
  }
  constexpr int MAX_ATTEMPTS = 100;
  const int64_t t0 = now_ms();
  uint64_t new_positions = 0;
  int wins[3] = {};  // FIRST wins, draws, SECOND wins
  for (int done = 0; done < c.games; ++done, ++next_game) {
    SelfplayGame game;
    int attempt = 0;
    for (; attempt < MAX_ATTEMPTS; ++attempt) {
      game = play_selfplay_game(c, engine, next_game, attempt);
      if (!game.samples.empty() && seen.insert(game_identity(game.samples)).second) break;
    }
    if (attempt == MAX_ATTEMPTS) {
      err << "kirin selfplay: no new game for game " << next_game << " in " << MAX_ATTEMPTS
          << " attempts (more --random-plies or openings would help)\n";
      return 1;
    }
    std::string bytes;
    for (Sample& s : game.samples) {
      s.game = uint32_t(next_game);
      encode_sample(s, bytes);
    }
    out.write(bytes.data(), std::streamsize(bytes.size()));
    out.flush();
    if (!out) {
      err << "kirin selfplay: writing " << c.out_path << " failed\n";
      return 1;
    }
    new_positions += game.samples.size();
    ++wins[game.result.outcome == Outcome::FIRST_WINS ? 0 : game.result.outcome == Outcome::DRAW ? 1 : 2];
    const double secs = std::max<int64_t>(now_ms() - t0, 1) / 1000.0;
    progress << "game " << next_game << " (" << done + 1 << "/" << c.games << "): " << game.result.text() << ", "
             << game.plies << " plies; positions " << positions + new_positions << " (" << new_positions << " new, "
             << int64_t(new_positions / secs) << "/s); W/D/L " << wins[0] << "/" << wins[1] << "/" << wins[2]
             << std::endl;
  }
  return 0;
}

}  // namespace kirin
