#include "match/match.h"

#include <chrono>
#include <cmath>
#include <fstream>
#include <ostream>
#include <sstream>

#include "game/record.h"
#include "notation/fen.h"

namespace kirin {
namespace {

struct PlayedGame {
  GameResult result;
  Game game;
};

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::string fmt(double x, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x + 0.0);
  if (std::string(buf).find_first_not_of("-0.") == std::string::npos && buf[0] == '-') return buf + 1;
  return buf;
}

// Plays one game; players[0] has the first move.
PlayedGame play_game(const MatchConfig& c, const Opening& op, Player* players[2]) {
  VariantPtr v = make_variant(c.game);
  Game g = op.fen.empty() ? Game(v) : *Game::from_fen(v, op.fen);
  for (const std::string& m : op.moves) g.play(m);
  g.set_strict(true);
  for (int i = 0; i < 2; ++i) players[i]->new_game(g, c.tc);
  int64_t clock[2] = {c.tc.base_ms, c.tc.base_ms};
  GameResult adjudicated;
  int losing[2] = {0, 0}, winning[2] = {0, 0};  // moves in a row beyond -/+ resign_score
  while (!g.over() && g.ply() < c.max_plies) {
    const Color side = g.side_to_move();
    Player* p = players[side];
    int64_t wait = 60000;
    if (c.tc.clocked()) wait = clock[side] + c.tc.byoyomi_ms + c.margin_ms + 2000;
    if (c.tc.movetime_ms) wait = c.tc.movetime_ms + c.margin_ms + 2000;
    const int64_t t0 = now_ms();
    Reply r = p->think(g, c.tc, clock, wait);
    const int64_t used = now_ms() - t0;
    if (c.tc.clocked()) {
      clock[side] -= used;
      if (clock[side] < 0 && c.tc.byoyomi_ms) {  // the period restarts every move
        if (-clock[side] <= c.tc.byoyomi_ms) clock[side] = 0;
      }
      if (clock[side] < -c.margin_ms && r.kind == Reply::MOVE) r.kind = Reply::TIMEOUT;
      clock[side] += c.tc.inc_ms;
    }
    switch (r.kind) {
      case Reply::MOVE:
        if (auto played = g.play(r.move); !played) adjudicated = GameResult::win(~side, "illegal move " + r.text);
        break;
      case Reply::RESIGN: adjudicated = GameResult::win(~side, "resignation"); break;
      case Reply::TIMEOUT: adjudicated = GameResult::win(~side, "time forfeit"); break;
      case Reply::CRASH: adjudicated = GameResult::win(~side, "engine crashed"); break;
      case Reply::BAD_MOVE: adjudicated = GameResult::win(~side, "illegal move " + r.text); break;
      case Reply::REFUSED: adjudicated = GameResult::win(~side, "rejected a legal move: " + r.text); break;
    }
    if (adjudicated.over()) break;
    if (c.resign_moves) {
      const bool lost = r.score && *r.score <= -c.resign_score, won = r.score && *r.score >= c.resign_score;
      losing[side] = lost ? losing[side] + 1 : 0;
      winning[side] = won ? winning[side] + 1 : 0;
      for (Color loser : {side, ~side})
        if (losing[loser] >= c.resign_moves && winning[~loser] >= c.resign_moves) {
          adjudicated = GameResult::win(~loser, "resignation (adjudicated: both scores agreed for " +
                                                    std::to_string(c.resign_moves) + " moves)");
          break;
        }
      if (adjudicated.over()) break;
    }
  }
  if (g.over() && !adjudicated.over()) adjudicated = g.result();
  if (!adjudicated.over()) adjudicated = GameResult::draw("move limit (adjudicated)");
  return {adjudicated, std::move(g)};
}

void write_record_file(const MatchConfig& c, const Game& g, const GameResult& res, const std::string& first,
                       const std::string& second, int number) {
  if (c.record_path.empty()) return;
  auto f = parse_record_format(c.record_format);
  if (!f) return;
  std::ofstream out(c.record_path, std::ios::app);
  std::string text = write_record(g, *f);
  auto tag = [&](const std::string& key, const std::string& value) {
    const std::string unknown = "[" + key + " \"?\"]";
    if (auto at = text.find(unknown); at != std::string::npos) text.replace(at, unknown.size(), "[" + key + " \"" + value + "\"]");
  };
  if (is_pgn(*f)) {
    const bool xiangqi = c.game == GameId::XIANGQI;
    tag("Event", "kirin match game " + std::to_string(number));
    tag(xiangqi ? "Red" : "White", first);
    tag("Black", second);
    // A result the match adjudicated (time, crash, move limit) is not the referee's own.
    const std::string ongoing = "[Result \"*\"]";
    if (auto at = text.find(ongoing); at != std::string::npos)
      text.replace(at, ongoing.size(), "[Result \"" + res.score() + "\"]\n[Termination \"" + res.reason + "\"]");
    if (auto star = text.rfind('*'); star != std::string::npos && star > text.rfind(']')) text.replace(star, 1, res.score());
  } else if (*f == RecordFormat::KIF) {
    for (auto [key, name] : {std::pair{"先手：", first}, std::pair{"後手：", second}})
      if (auto at = text.find(std::string(key) + "\n"); at != std::string::npos) text.insert(at + std::string(key).size(), name);
  } else {
    out << "# game " << number << ": " << first << " - " << second << " " << res.text() << "\n";
  }
  out << text << "\n";
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
    if (w[0] == "startpos") i = 1;
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

int run_match(const MatchConfig& c, std::ostream& out, std::ostream& err) {
  // Check every opening with the referee before the first game.
  std::vector<Opening> openings = c.openings.empty() ? std::vector<Opening>{Opening{}} : c.openings;
  VariantPtr v = make_variant(c.game);
  for (size_t i = 0; i < openings.size(); ++i)
    if (auto g = opening_game(v, openings[i]); !g) {
      err << "kirin match: opening " << i + 1 << ": " << g.error() << std::endl;
      return 2;
    }
  std::unique_ptr<Player> owned[2];
  for (int i = 0; i < 2; ++i) {
    std::string problem;
    owned[i] = Player::create(c.players[i], problem);
    if (owned[i]) problem = owned[i]->init(c.game);
    if (!problem.empty()) {
      err << "kirin match: " << problem << std::endl;
      return 1;
    }
  }
  Score score = c.prior;
  const std::string& a = c.players[0].name;
  const std::string& b = c.players[1].name;
  // A prior score may have decided the SPRT already: then no game is played.
  for (int n = 0; n < c.games && !(c.sprt && !c.sprt->verdict(score).empty()); ++n) {
    const size_t opening = (c.first_opening + n / 2) % openings.size();
    const Opening& op = openings[opening];
    const bool a_first = n % 2 == 0;
    Player* seats[2] = {owned[a_first ? 0 : 1].get(), owned[a_first ? 1 : 0].get()};
    PlayedGame o = play_game(c, op, seats);
    const GameResult& r = o.result;
    if (r.outcome == kirin::Outcome::DRAW) ++score.draws;
    else if ((r.outcome == kirin::Outcome::FIRST_WINS) == a_first) ++score.wins;
    else ++score.losses;
    // A player that timed out or crashed gets a fresh process for the next game.
    if (r.reason == "time forfeit" || r.reason == "engine crashed" || r.reason.rfind("illegal move", 0) == 0 ||
        r.reason.rfind("rejected", 0) == 0) {
      Player* loser = seats[r.outcome == kirin::Outcome::FIRST_WINS ? 1 : 0];
      loser->quit();
      if (std::string problem = loser->init(c.game); !problem.empty())
        err << "kirin match: restart: " << problem << std::endl;
    }
    write_record_file(c, o.game, r, seats[0]->name(), seats[1]->name(), n + 1);
    EloEstimate e = estimate_elo(score);
    out << "Game " << n + 1 << "/" << c.games << ": " << seats[0]->name() << " - " << seats[1]->name() << " "
        << r.text() << " (" << o.game.ply() << " plies, opening " << opening + 1 << ")  " << a
        << " " << fmt(score.points(), 1) << "/" << score.games() << " +" << score.wins << " -" << score.losses << " ="
        << score.draws << "  Elo " << fmt(e.elo, 0) << " [" << fmt(e.low, 0) << ", " << fmt(e.high, 0) << "]";
    if (c.sprt) out << "  LLR " << fmt(c.sprt->llr(score), 2);
    out << std::endl;
  }
  EloEstimate e = estimate_elo(score);
  out << "Score of " << a << " vs " << b << ": " << score.wins << " - " << score.losses << " - " << score.draws
      << "  [" << fmt(score.games() ? score.points() / score.games() : 0, 3) << "] " << score.games() << " games\n";
  out << "Elo difference: " << fmt(e.elo, 1) << " +/- " << fmt((e.high - e.low) / 2, 1) << " (95% ["
      << fmt(e.low, 1) << ", " << fmt(e.high, 1) << "]), LOS " << fmt(e.los * 100, 1) << " %\n";
  if (c.sprt) {
    std::string verdict = c.sprt->verdict(score);
    out << "SPRT elo0=" << fmt(c.sprt->elo0, 1) << " elo1=" << fmt(c.sprt->elo1, 1) << ": LLR "
        << fmt(c.sprt->llr(score), 2) << " (" << fmt(c.sprt->lower(), 2) << ", " << fmt(c.sprt->upper(), 2) << ") "
        << (verdict.empty() ? "undecided" : verdict) << "\n";
  }
  out.flush();
  for (auto& p : owned) p->quit();
  return 0;
}

}  // namespace kirin
