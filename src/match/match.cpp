#include "match/match.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <condition_variable>
#include <fstream>
#include <map>
#include <mutex>
#include <ostream>
#include <sstream>
#include <thread>

#include "core/seeded.h"
#include "match/match_game.h"

namespace kirin {
namespace {

std::string fmt(double x, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x + 0.0);
  if (std::string(buf).find_first_not_of("-0.") == std::string::npos && buf[0] == '-') return buf + 1;
  return buf;
}

}  // namespace

Result<Game> opening_game(const VariantPtr& v, const Opening& op) {
  Result<Game> g = op.fen.empty() ? Result<Game>(Game(v)) : Game::from_fen(v, op.fen);
  for (size_t i = 0; g && i < op.moves.size(); ++i)
    if (auto r = g->play(op.moves[i]); !r) g = Error{r.error()};
  return g;
}

Result<std::vector<Opening>> read_openings(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Error{"cannot read openings file " + path};
  std::vector<Opening> list;
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    ++n;
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string t; words >> t;) w.push_back(t);
    if (w.empty()) continue;
    Opening op;
    size_t i = 0;
    if (w[0] == "startpos")
      i = 1;
    else if (w[0] != "moves" && w[0].find('/') != std::string::npos)
      for (; i < w.size() && w[i] != "moves"; ++i) {
        if (!op.fen.empty()) op.fen += ' ';
        op.fen += w[i];
      }
    if (i < w.size() && w[i] == "moves") ++i;
    op.moves.assign(w.begin() + i, w.end());
    list.push_back(op);
  }
  if (list.empty()) return Error{"no openings in " + path};
  return list;
}

double nodes_scale(const MatchConfig& c, int n, int ply) {
  if (c.nodes_jitter_percent <= 0) return 1.0;
  // Numbered from the run's first opening, so a continued run (--first-opening) draws what the
  // unbroken run would have.
  uint64_t stream = game_stream(c.seed, uint64_t(c.first_opening) * 2 + uint64_t(n), uint64_t(ply));
  const double u = double(splitmix64(stream) >> 11) / double(1ull << 53);  // [0, 1)
  return 1.0 + c.nodes_jitter_percent / 100.0 * (2 * u - 1);
}

namespace {

// A player that timed out, crashed or broke the rules gets a fresh process for the next game.
Result<void> restart_loser(const MatchConfig& c, const GameResult& r, Player* seats[2]) {
  const Ending e = r.ending();
  // A time forfeit whose winner could not win is a draw: nobody lost.
  const bool lost = (e == Ending::TIME_FORFEIT && r.outcome != kirin::Outcome::DRAW) || e == Ending::ENGINE_CRASHED ||
                    e == Ending::ILLEGAL_MOVE || e == Ending::REJECTED;
  if (!lost) return {};
  Player* loser = seats[r.outcome == kirin::Outcome::FIRST_WINS ? 1 : 0];
  loser->quit();
  return loser->init(c.game);
}

struct FinishedGame {
  PlayedGame played;
  const Player* first;  // the seats: they outlive the match
  const Player* second;
  size_t opening = 0;
};

}  // namespace

int run_match(const MatchConfig& c, std::ostream& out, std::ostream& err) {
  // Check every opening with the referee before the first game.
  std::vector<Opening> openings = c.openings.empty() ? std::vector<Opening>{Opening{}} : c.openings;
  VariantPtr v = make_variant(c.game);
  for (size_t i = 0; i < openings.size(); ++i)
    if (auto g = opening_game(v, openings[i]); !g) {
      err << "kirin match: opening " << i + 1 << ": " << g.error() << std::endl;
      return 2;
    }
  // One pair of engines per game played at once.
  const int workers = std::clamp(c.concurrency, 1, std::max(c.games, 1));
  std::vector<std::array<std::unique_ptr<Player>, 2>> pairs(workers);
  auto quit_all = [&] {
    for (auto& pair : pairs)
      for (auto& p : pair)
        if (p) p->quit();
  };
  for (auto& pair : pairs)
    for (int i = 0; i < 2; ++i) {
      auto made = Player::create(c.players[i]);
      Result<void> ready = made ? (*made)->init(c.game) : Error{made.error()};
      if (made) pair[i] = std::move(*made);
      if (!ready) {
        err << "kirin match: " << ready.error() << std::endl;
        quit_all();
        return 1;
      }
    }
  Score score = c.prior;
  const std::string& a = c.players[0].name;
  const std::string& b = c.players[1].name;
  auto decided = [&] { return c.sprt && !c.sprt->verdict(score).empty(); };

  // Workers take the next game number and hand back the finished game; this thread counts,
  // records and prints them in game order, so the output is that of one game after another.
  std::mutex mu;
  std::condition_variable cv;
  std::map<int, FinishedGame> finished;
  std::vector<std::string> notes;  // the workers' errors, printed by this thread
  int idle = 0;
  std::atomic<int> next{0};
  std::atomic<bool> stop{decided()};  // a prior score may have decided the SPRT already
  auto work = [&](std::array<std::unique_ptr<Player>, 2>& pair) {
    for (int n; !stop && (n = next++) < c.games;) {
      const size_t opening = (c.first_opening + n / 2) % openings.size();
      const bool a_first = n % 2 == 0;
      Player* seats[2] = {pair[a_first ? 0 : 1].get(), pair[a_first ? 1 : 0].get()};
      FinishedGame f{play_game(c, n, openings[opening], seats), seats[0], seats[1], opening};
      const Result<void> restarted = restart_loser(c, f.played.result, seats);
      std::lock_guard lock(mu);
      if (!restarted) notes.push_back("kirin match: restart: " + restarted.error());
      finished.emplace(n, std::move(f));
      cv.notify_all();
    }
    std::lock_guard lock(mu);
    ++idle;
    cv.notify_all();
  };
  std::vector<std::thread> threads;
  for (auto& pair : pairs) threads.emplace_back(work, std::ref(pair));
  auto print_notes = [&] {
    for (const std::string& note : notes) err << note << std::endl;
    notes.clear();
  };
  for (int n = 0; n < c.games && !stop; ++n) {
    std::unique_lock lock(mu);
    cv.wait(lock, [&] { return finished.count(n) || idle == workers; });
    print_notes();
    auto it = finished.find(n);
    if (it == finished.end()) break;
    FinishedGame f = std::move(it->second);
    finished.erase(it);
    lock.unlock();
    const bool a_first = n % 2 == 0;
    const GameResult& r = f.played.result;
    if (r.outcome == kirin::Outcome::DRAW)
      ++score.draws;
    else if ((r.outcome == kirin::Outcome::FIRST_WINS) == a_first)
      ++score.wins;
    else
      ++score.losses;
    write_record_file(c, f.played.game, r, *f.first, *f.second, n + 1);
    EloEstimate e = estimate_elo(score);
    // With time odds the line says who had which time.
    const TimeControl first_tc = time_control(c, *f.first), second_tc = time_control(c, *f.second);
    const std::string odds = first_tc == second_tc ? "" : ", " + first_tc.text() + " - " + second_tc.text();
    out << "Game " << n + 1 << "/" << c.games << ": " << f.first->name() << " - " << f.second->name() << " " << r.text()
        << " (" << f.played.game.ply() << " plies, opening " << f.opening + 1 << odds << ")  " << a << " "
        << fmt(score.points(), 1) << "/" << score.games() << " +" << score.wins << " -" << score.losses << " ="
        << score.draws << "  Elo " << fmt(e.elo, 0) << " [" << fmt(e.low, 0) << ", " << fmt(e.high, 0) << "]";
    if (c.sprt) out << "  LLR " << fmt(c.sprt->llr(score), 2);
    out << std::endl;
    if (decided()) stop = true;  // games still being played after the verdict are not counted
  }
  stop = true;
  for (auto& t : threads) t.join();
  print_notes();
  EloEstimate e = estimate_elo(score);
  out << "Score of " << a << " vs " << b << ": " << score.wins << " - " << score.losses << " - " << score.draws << "  ["
      << fmt(score.games() ? score.points() / score.games() : 0, 3) << "] " << score.games() << " games\n";
  out << "Elo difference: " << fmt(e.elo, 1) << " +/- " << fmt((e.high - e.low) / 2, 1) << " (95% [" << fmt(e.low, 1)
      << ", " << fmt(e.high, 1) << "]), LOS " << fmt(e.los * 100, 1) << " %\n";
  if (c.sprt) {
    std::string verdict = c.sprt->verdict(score);
    out << "SPRT elo0=" << fmt(c.sprt->elo0, 1) << " elo1=" << fmt(c.sprt->elo1, 1) << ": LLR "
        << fmt(c.sprt->llr(score), 2) << " (" << fmt(c.sprt->lower(), 2) << ", " << fmt(c.sprt->upper(), 2) << ") "
        << (verdict.empty() ? "undecided" : verdict) << "\n";
  }
  out.flush();
  quit_all();
  return 0;
}

}  // namespace kirin
