#include "analysis/judgement.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/data_dirs.h"

namespace kirin {

namespace {

// By Judgement: its name and its PGN glyph.
constexpr const char* JUDGEMENT_WORDS[][2] = {{"", ""}, {"inaccuracy", "?!"}, {"mistake", "?"}, {"blunder", "??"}};

}  // namespace

const char* judgement_name(Judgement j) { return JUDGEMENT_WORDS[int(j)][0]; }
const char* judgement_glyph(Judgement j) { return JUDGEMENT_WORDS[int(j)][1]; }

namespace {

// Lichess's centipawn ceiling at its own k.
constexpr double LICHESS_CEILING = 1000;

// Centipawns of lichess's scale (its thresholds) as the same win probability on curve `c`.
double scaled(const WinCurve& c, double lichess_cp) { return lichess_cp * LICHESS_WIN_K / c.k; }

}  // namespace

int WinCurve::ceiling() const { return int(std::lround(scaled(*this, LICHESS_CEILING))); }

double WinCurve::chances(Value v) const {
  const int top = ceiling();
  const double cp = is_mate_score(v) ? (v > 0 ? top : -top) : std::clamp(v, -top, top);
  return std::clamp(2 / (1 + std::exp(-k * cp)) - 1, -1.0, 1.0);
}

double WinCurve::win_percent(Value v) const { return 50 + 50 * chances(v); }

Result<WinCurve> parse_win_curve(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    std::istringstream words(line.substr(first));
    std::string key, rest;
    double k = 0;
    if (!(words >> key) || key != "k" || !(words >> k) || (words >> rest))
      return Error{"line " + std::to_string(number) + ": expected \"k <value>\""};
    if (!(k > 0 && k < 1)) return Error{"line " + std::to_string(number) + ": k must be between 0 and 1"};
    return WinCurve{k};
  }
  return Error{"no \"k <value>\" line"};
}

std::string win_curve_text(const WinCurve& c, const std::string& comment) {
  char k[32];
  std::snprintf(k, sizeof k, "%.8f", c.k);
  std::string out;
  std::istringstream lines(comment);
  for (std::string line; std::getline(lines, line);) out += "# " + line + "\n";
  return out + "k " + k + "\n";
}

WinCurve win_curve_for(const std::string& game, std::string* warning) {
  const std::string name = game + ".winrate";
  const std::string dir = data::first_holding(data::net_dirs(), name);
  auto say = [&](const std::string& why) {
    if (warning) *warning = why;
    return WinCurve{};
  };
  if (dir.empty()) return say("no " + name + " beside the nets: lichess's chess curve is used");
  const std::string path = (std::filesystem::path(dir) / name).string();
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  auto c = parse_win_curve(text.str());
  if (!c) return say(path + ": " + c.error() + ": lichess's chess curve is used");
  return *c;
}

Result<WinCurve> fit_win_curve(const std::vector<ScoredResult>& positions, int mate_from) {
  std::vector<ScoredResult> used;
  bool won = false, lost = false;
  for (const ScoredResult& p : positions) {
    if (std::abs(p.score) >= mate_from) continue;
    used.push_back(p);
    won |= p.result > 0 && p.score != 0;
    lost |= p.result < 0 && p.score != 0;
  }
  if (!won && !lost) return Error{"no decisive game with a non-zero score to fit the curve to"};
  // The log-likelihood is concave in k: Newton's steps from lichess's k, halved while they
  // overshoot below zero, converge in a few steps.
  double k = LICHESS_WIN_K;
  for (int step = 0; step < 100; ++step) {
    double gradient = 0, curvature = 0;
    for (const ScoredResult& p : used) {
      const double s = p.score, y = (p.result + 1) / 2.0;
      const double prob = 1 / (1 + std::exp(-k * s));
      gradient += (y - prob) * s;
      curvature += prob * (1 - prob) * s * s;
    }
    if (curvature <= 0) break;
    double next = k + gradient / curvature;
    while (next <= 0) next = (next + k) / 2 <= 0 ? k / 2 : (next + k) / 2;
    const bool settled = std::abs(next - k) < 1e-9;
    k = next;
    if (settled) break;
  }
  if (!(k > 0 && k < 1)) return Error{"the fit found no curve (k " + std::to_string(k) + ")"};
  return WinCurve{k};
}

Judgement judge_move(const WinCurve& c, Value before, Value after) {
  const bool mate_before = is_mate_score(before), mate_after = is_mate_score(after);
  if (!mate_before && !mate_after) {
    // Lichess's CpAdvice: the loss of winning chances (on [-1, 1]) against 0.3, 0.2, 0.1.
    const double lost = c.chances(before) - c.chances(after);
    return lost >= 0.3   ? Judgement::BLUNDER
           : lost >= 0.2 ? Judgement::MISTAKE
           : lost >= 0.1 ? Judgement::INACCURACY
                         : Judgement::NONE;
  }
  // Lichess's MateAdvice: a mate created against the mover, or a mate of the mover's lost, is
  // judged by how lost the mover already was (a mate against a lost side is a detail), or how
  // won it still is after a mate slipped away. A mate delayed is no judgement.
  const bool created = !mate_before && mate_after && after < 0;
  const bool lost = mate_before && before > 0 && (!mate_after || after < 0);
  // Lichess reads a mate's centipawns as 0 here.
  const double cp_before = mate_before ? 0 : before, cp_after = mate_after ? 0 : after;
  if (created)
    return cp_before < -scaled(c, 999)   ? Judgement::INACCURACY
           : cp_before < -scaled(c, 700) ? Judgement::MISTAKE
                                         : Judgement::BLUNDER;
  if (lost)
    return cp_after > scaled(c, 999)   ? Judgement::INACCURACY
           : cp_after > scaled(c, 700) ? Judgement::MISTAKE
                                       : Judgement::BLUNDER;
  return Judgement::NONE;
}

double move_accuracy(double win_before, double win_after) {
  if (win_after >= win_before) return 100;
  // Lichess's exponential fitted to (win points lost, accuracy), plus 1 for the analysis's own
  // imperfection.
  const double raw = 103.1668100711649 * std::exp(-0.04354415386753951 * (win_before - win_after)) - 3.166924740191411;
  return std::clamp(raw + 1, 0.0, 100.0);
}

namespace {

double standard_deviation(const std::vector<double>& xs) {
  double mean = 0;
  for (double x : xs) mean += x;
  mean /= xs.size();
  double sum = 0;
  for (double x : xs) sum += (x - mean) * (x - mean);
  return std::sqrt(sum / xs.size());
}

}  // namespace

GameAccuracy game_accuracy(const WinCurve& c, const std::vector<Value>& scores, const std::vector<MoveScores>& moves,
                           Color start) {
  GameAccuracy out{100, 100};
  const int n = int(moves.size());
  if (n < 1 || scores.size() != moves.size() + 1) return out;
  std::vector<double> wins;  // the first player's win percentage in each position
  for (Value v : scores) wins.push_back(c.win_percent(v));
  // One window of win percentages per move, its volatility the move's weight: the first moves
  // share the first window.
  const int width = std::min<int>(std::clamp(n / 10, 2, 8), wins.size());
  std::vector<std::vector<double>> windows;
  for (int i = 0; i < width - 2; ++i) windows.emplace_back(wins.begin(), wins.begin() + width);
  for (size_t i = 0; i + width <= wins.size(); ++i) windows.emplace_back(wins.begin() + i, wins.begin() + i + width);
  double weighted[2] = {0, 0}, weights[2] = {0, 0}, inverse[2] = {0, 0};
  int count[2] = {0, 0};
  for (int i = 0; i < n; ++i) {
    const Color mover = i % 2 == 0 ? start : ~start;
    const double weight = std::clamp(standard_deviation(windows[i]), 0.5, 12.0);
    const double a = move_accuracy(c.win_percent(moves[i].before), c.win_percent(moves[i].after));
    weighted[mover] += a * weight, weights[mover] += weight;
    inverse[mover] += 1 / std::max(1.0, a);
    ++count[mover];
  }
  double* side[2] = {&out.first, &out.second};
  for (int s = 0; s < 2; ++s)
    if (count[s]) *side[s] = (weighted[s] / weights[s] + count[s] / inverse[s]) / 2;
  return out;
}

GameAccuracy game_accuracy(const WinCurve& c, const std::vector<Value>& scores, Color start) {
  std::vector<MoveScores> moves;
  for (size_t i = 0; i + 1 < scores.size(); ++i) {
    const bool first = (i % 2 == 0) == (start == FIRST);
    moves.push_back(first ? MoveScores{scores[i], scores[i + 1]} : MoveScores{-scores[i], -scores[i + 1]});
  }
  return game_accuracy(c, scores, moves, start);
}

}  // namespace kirin
