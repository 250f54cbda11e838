#include "analysis/game_analysis.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "notation/fen.h"
#include "notation/move_text.h"

namespace kirin {

bool ended_on_board(const Game& g) {
  const GameResult& r = g.result();
  return (r.outcome == Outcome::FIRST_WINS || r.outcome == Outcome::SECOND_WINS) && on_the_board(r.ending());
}

namespace {

SearchLimits limits_of(const AnalysisSettings& s) {
  SearchLimits limits;
  if (s.movetime > 0)
    limits.movetime = s.movetime;
  else
    limits.nodes = s.nodes;
  return limits;
}

// The move played, searched alone in the same position to the depth the whole search reached:
// its score is then comparable with the best move's, where the next position's own search would
// add the swing between the two sides' views, and a search of one move given all the nodes would
// see deeper than the search that chose the best.
Value search_played(Engine& engine, const AnalysisSettings& s, Move played, int depth) {
  SearchLimits limits = limits_of(s);
  limits.depth = std::max(depth, 1);
  limits.search_moves = {played};
  return engine.search(limits).score;
}

}  // namespace

GameAnalyser::GameAnalyser(Game g, const WinCurve& curve, const AnalysisSettings& s)
    : game_(std::move(g)), curve_(curve), settings_(s), last_ended_(ended_on_board(game_)) {
  Position pos = game_.start();
  for (Move m : game_.moves()) {
    texts_.push_back(move_to_text(pos, m));
    pos.do_move(m);
  }
  start_ = to_fen(game_.start());
  searched_.resize(game_.ply() + 1);
}

bool GameAnalyser::step(Engine& engine) {
  if (finished()) return true;
  const int moves = game_.ply();
  // The last position's search judges nothing (no move follows it) but starts the table.
  const int ply = moves - done_;
  if (done_ == 0) engine.new_game();
  Searched& here = searched_[ply];
  if (ply == moves && last_ended_) {
    here.score = -VALUE_MATE;  // the side to move has lost
  } else {
    const std::vector<std::string> played(texts_.begin(), texts_.begin() + ply);
    if (!engine.set_position(game_.variant_ptr(), start_, played)) return false;
    const SearchResult r = engine.search(limits_of(settings_), [&](const SearchInfo& i) {
      if (i.multipv == 1) here.line = i.pv;
    });
    here.score = r.score;
    here.best = r.best;
    here.depth = r.depth;
    if (here.line.empty() || here.line.front() != r.best) here.line.assign(r.best.is_none() ? 0 : 1, r.best);
    if (ply < moves) {
      const Move m = game_.moves()[ply];
      // The move that won on the board mates now, whatever the search counts (a Chu Shogi mate
      // may be scored as the King's capture two plies later).
      here.played = ply == moves - 1 && last_ended_ ? mate_in(1)
                    : m == here.best                ? here.score
                                                    : search_played(engine, settings_, m, here.depth);
    }
  }
  ++done_;
  return true;
}

GameAnalysis GameAnalyser::result() const {
  GameAnalysis a;
  if (!finished()) return a;
  a.curve = curve_;
  const int moves = game_.ply();
  // The side to move alternates in all three games (a pass is a move too).
  const Color first_mover = game_.start().side_to_move();
  auto mover_at = [&](int ply) { return ply % 2 == 0 ? first_mover : ~first_mover; };
  auto first_view = [&](int ply, Value v) { return mover_at(ply) == FIRST ? v : -v; };
  a.start_score = first_view(0, searched_[0].score);
  std::vector<Value> scores{a.start_score};
  std::vector<MoveScores> judged;
  for (int i = 0; i < moves; ++i) {
    PlyAnalysis p;
    p.ply = i + 1;
    p.move = game_.moves()[i];
    p.move_text = texts_[i];
    // The move's score as the position after it: a mate one ply nearer ("mate 0" once it is on
    // the board).
    const Value played = searched_[i].played;
    p.score = first_view(i, !is_mate_score(played) ? played : played > 0 ? played + 1 : played - 1);
    p.best = searched_[i].best;
    p.best_line = searched_[i].line;
    if (!p.best.is_none()) p.best_text = move_to_text(game_.position_at(i), p.best);
    if (int(p.best_line.size()) > settings_.best_line) p.best_line.resize(settings_.best_line);
    Position line_pos = game_.position_at(i);
    for (Move mv : p.best_line) {
      p.line_text.push_back(move_to_text(line_pos, mv));
      line_pos.do_move(mv);
    }
    const MoveScores m{searched_[i].score, searched_[i].played};
    p.judgement = judge_move(curve_, m.before, m.after);
    JudgementCounts& c = a.counts[mover_at(i)];
    if (p.judgement == Judgement::INACCURACY) ++c.inaccuracy;
    if (p.judgement == Judgement::MISTAKE) ++c.mistake;
    if (p.judgement == Judgement::BLUNDER) ++c.blunder;
    scores.push_back(p.score);
    judged.push_back(m);
    a.plies.push_back(std::move(p));
  }
  a.accuracy = game_accuracy(curve_, scores, judged, first_mover);
  a.complete = true;
  return a;
}

GameAnalysis analyse_game(const Game& g, Engine& engine, const WinCurve& curve, const AnalysisSettings& s,
                          const AnalysisProgress& progress, const std::atomic<bool>* cancel) {
  GameAnalyser analyser(g, curve, s);
  while (!analyser.finished()) {
    if (cancel && cancel->load()) return GameAnalysis{};
    if (!analyser.step(engine)) return GameAnalysis{};
    if (progress) progress(analyser.done(), analyser.total());
  }
  return analyser.result();
}

int mate_in_moves(Value v) {
  const int moves = (VALUE_MATE - std::abs(v) + 1) / 2;
  return v > 0 ? moves : -moves;
}

Value score_of_mate(int mate) {
  const Value v = mate == 0 ? VALUE_MATE : VALUE_MATE - (2 * std::abs(mate) - 1);
  return mate < 0 ? -v : v;
}

std::string eval_text(Value v) {
  char buf[32];
  if (is_mate_score(v))
    std::snprintf(buf, sizeof buf, "#%d", mate_in_moves(v));
  else
    std::snprintf(buf, sizeof buf, "%.2f", v / 100.0);
  return buf;
}

namespace {

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string one_decimal(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", x);
  return buf;
}

std::string counts_json(const JudgementCounts& c) {
  return "{\"inaccuracy\":" + std::to_string(c.inaccuracy) + ",\"mistake\":" + std::to_string(c.mistake) +
         ",\"blunder\":" + std::to_string(c.blunder) + "}";
}

}  // namespace

std::string analysis_json(const GameAnalysis& a) {
  std::string out = "{\"plies\":[";
  for (size_t i = 0; i < a.plies.size(); ++i) {
    const PlyAnalysis& p = a.plies[i];
    out += i ? "," : "";
    out += "{\"ply\":" + std::to_string(p.ply) + ",\"move\":" + json_string(p.move_text) + ",";
    out += is_mate_score(p.score) ? "\"mate\":" + std::to_string(mate_in_moves(p.score))
                                  : "\"score_cp\":" + std::to_string(p.score);
    out += ",\"best\":" + (p.best_text.empty() ? std::string("null") : json_string(p.best_text));
    out += std::string(",\"judgement\":") +
           (p.judgement == Judgement::NONE ? "null" : json_string(judgement_name(p.judgement)));
    if (p.judgement != Judgement::NONE) {
      out += ",\"line\":[";
      for (size_t k = 0; k < p.line_text.size(); ++k) {
        if (k) out += ',';
        out += json_string(p.line_text[k]);
      }
      out += "]";
    }
    out += "}";
  }
  out += "],\"accuracy\":{\"first\":" + one_decimal(a.accuracy.first) +
         ",\"second\":" + one_decimal(a.accuracy.second) + "},";
  out +=
      "\"counts\":{\"first\":" + counts_json(a.counts[FIRST]) + ",\"second\":" + counts_json(a.counts[SECOND]) + "}}";
  return out;
}

std::vector<MoveNote> analysis_notes(const GameAnalysis& a) {
  std::vector<MoveNote> notes;
  for (const PlyAnalysis& p : a.plies) {
    MoveNote n;
    // Mate 0, a game won on the board, needs no score.
    if (!(is_mate_score(p.score) && mate_in_moves(p.score) == 0)) n.comment = "[%eval " + eval_text(p.score) + "]";
    if (p.judgement != Judgement::NONE) {
      std::string words = judgement_name(p.judgement);
      words[0] = char(words[0] - 'a' + 'A');
      n.glyph = judgement_glyph(p.judgement);
      n.comment += (n.comment.empty() ? "" : " ") + words + ".";
      n.better = p.best_line;
    }
    notes.push_back(std::move(n));
  }
  return notes;
}

namespace {

std::string counted(int n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

std::vector<std::string> analysis_summary(const GameAnalysis& a, const Variant& v) {
  std::vector<std::string> out;
  for (Color c : {FIRST, SECOND}) {
    const JudgementCounts& n = a.counts[c];
    out.push_back(v.color_name(c) + ": " + counted(n.inaccuracy, "inaccuracy", "inaccuracies") + ", " +
                  counted(n.mistake, "mistake", "mistakes") + ", " + counted(n.blunder, "blunder", "blunders") +
                  ", accuracy " + one_decimal(c == FIRST ? a.accuracy.first : a.accuracy.second));
  }
  return out;
}

std::string analysis_table(const GameAnalysis& a, const Game& g) {
  char line[160];
  std::snprintf(line, sizeof line, "%4s  %-10s %7s  %-10s %s\n", "ply", "move", "score", "best", "judgement");
  std::string out = line;
  std::snprintf(line, sizeof line, "%4d  %-10s %7s\n", 0, "(start)", eval_text(a.start_score).c_str());
  out += line;
  for (const PlyAnalysis& p : a.plies) {
    std::snprintf(line, sizeof line, "%4d  %-10s %7s  %-10s %s", p.ply, p.move_text.c_str(), eval_text(p.score).c_str(),
                  p.best_text.c_str(), judgement_name(p.judgement));
    std::string l = line;
    while (!l.empty() && l.back() == ' ') l.pop_back();
    out += l + "\n";
  }
  for (const std::string& s : analysis_summary(a, g.variant())) out += s + "\n";
  return out;
}

}  // namespace kirin
