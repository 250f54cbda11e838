#include "match/match_game.h"

#include <chrono>
#include <fstream>

#include "game/record.h"

namespace kirin {
namespace {

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

PlayedGame play_game(const MatchConfig& c, int n, const Opening& op, Player* players[2]) {
  Game g = *opening_game(make_variant(c.game), op);  // run_match checked every opening
  g.set_strict(true);
  // Each side's time control by colour: the engine's own (time odds), else the match's.
  TimeControl tcs[2];
  for (int i = 0; i < 2; ++i) tcs[i] = time_control(c, *players[i]);
  for (int i = 0; i < 2; ++i) players[i]->new_game(g, tcs[i]);
  int64_t clock[2] = {tcs[FIRST].base_ms, tcs[SECOND].base_ms};
  GameResult adjudicated;
  int losing[2] = {0, 0}, winning[2] = {0, 0};  // moves in a row beyond -/+ resign_score
  while (!g.over() && g.ply() < c.max_plies) {
    const Color side = g.side_to_move();
    Player* p = players[side];
    TimeControl& tc = tcs[side];
    int64_t wait = 60000;
    if (tc.clocked()) wait = clock[side] + tc.byoyomi_ms + c.margin_ms + 2000;
    if (tc.movetime_ms) wait = tc.movetime_ms + c.margin_ms + 2000;
    const int64_t t0 = now_ms();
    tcs[FIRST].nodes_scale = tcs[SECOND].nodes_scale = nodes_scale(c, n, g.ply());
    EngineReply r = p->think(g, tcs, clock, wait);
    const int64_t used = now_ms() - t0;
    if (tc.clocked()) {
      clock[side] -= used;
      if (clock[side] < 0 && tc.byoyomi_ms) {  // the period restarts every move
        if (-clock[side] <= tc.byoyomi_ms) clock[side] = 0;
      }
      if (clock[side] < -c.margin_ms && r.kind == EngineReply::MOVE) r.kind = EngineReply::TIMEOUT;
      clock[side] += tc.inc_ms;
    }
    switch (r.kind) {
      case EngineReply::MOVE:
        if (auto played = g.play(r.move); !played) adjudicated = GameResult::win(~side, "illegal move " + r.text);
        break;
      case EngineReply::RESIGN:
        adjudicated = GameResult::win(~side, Ending::RESIGNATION);
        break;
      case EngineReply::TIMEOUT:
        adjudicated = GameResult::win(~side, "time forfeit");
        break;
      case EngineReply::CRASH:
        adjudicated = GameResult::win(~side, "engine crashed");
        break;
      case EngineReply::BAD_MOVE:
        adjudicated = GameResult::win(~side, "illegal move " + r.text);
        break;
      case EngineReply::REFUSED:
        adjudicated = GameResult::win(~side, "rejected a legal move: " + r.text);
        break;
    }
    if (adjudicated.over()) break;
    if (c.resign_moves) {
      const bool lost = r.score && *r.score <= -c.resign_score, won = r.score && *r.score >= c.resign_score;
      losing[side] = lost ? losing[side] + 1 : 0;
      winning[side] = won ? winning[side] + 1 : 0;
      for (Color loser : {side, ~side})
        if (losing[loser] >= c.resign_moves && winning[~loser] >= c.resign_moves) {
          adjudicated = GameResult::win(
              ~loser, "resignation (adjudicated: both scores agreed for " + std::to_string(c.resign_moves) + " moves)");
          break;
        }
      if (adjudicated.over()) break;
    }
  }
  if (g.over() && !adjudicated.over()) adjudicated = g.result();
  if (!adjudicated.over()) adjudicated = GameResult::draw("move limit (adjudicated)");
  return {adjudicated, std::move(g)};
}

TimeControl time_control(const MatchConfig& c, const Player& p) { return p.config().tc.value_or(c.tc); }

void write_record_file(const MatchConfig& c, const Game& g, const GameResult& res, const Player& first,
                       const Player& second, int number) {
  if (c.record_path.empty()) return;
  const TimeControl tc[2] = {time_control(c, first), time_control(c, second)};
  const bool odds = !(tc[0] == tc[1]);
  auto f = parse_record_format(c.record_format);
  if (!f) return;
  std::ofstream out(c.record_path, std::ios::app);
  std::string text = write_record(g, *f);
  auto tag = [&](const std::string& key, const std::string& value) {
    const std::string unknown = "[" + key + " \"?\"]";
    if (auto at = text.find(unknown); at != std::string::npos)
      text.replace(at, unknown.size(), "[" + key + " \"" + value + "\"]");
  };
  if (is_pgn(*f)) {
    const bool xiangqi = c.game == GameId::XIANGQI;
    tag("Event", "kirin match game " + std::to_string(number));
    tag(xiangqi ? "Red" : "White", first.name());
    tag("Black", second.name());
    // cutechess-cli's tags: one TimeControl, or one per side when they differ.
    const std::string ongoing_tag = "[Result ";
    if (auto at = text.find(ongoing_tag); at != std::string::npos)
      text.insert(at, odds ? "[" + std::string(xiangqi ? "Red" : "White") + "TimeControl \"" + tc[0].text() +
                                 "\"]\n[BlackTimeControl \"" + tc[1].text() + "\"]\n"
                           : "[TimeControl \"" + tc[0].text() + "\"]\n");
    // A result the match adjudicated (time, crash, move limit) is not the referee's own.
    const std::string ongoing = "[Result \"*\"]";
    if (auto at = text.find(ongoing); at != std::string::npos)
      text.replace(at, ongoing.size(), "[Result \"" + res.score() + "\"]\n[Termination \"" + res.reason + "\"]");
    if (auto star = text.rfind('*'); star != std::string::npos && star > text.rfind(']'))
      text.replace(star, 1, res.score());
  } else if (*f == RecordFormat::KIF) {
    for (auto [key, name] : {std::pair{"先手：", first.name()}, std::pair{"後手：", second.name()}})
      if (auto at = text.find(std::string(key) + "\n"); at != std::string::npos)
        text.insert(at + std::string(key).size(), name);
    // KIF's time header, with each side's where they differ.
    if (auto at = text.find("先手："); at != std::string::npos)
      text.insert(at, "持ち時間：" + (odds ? "先手 " + tc[0].text() + " 後手 " + tc[1].text() : tc[0].text()) + "\n");
  } else {
    out << "# game " << number << ": " << first.name() << " - " << second.name() << " " << res.text();
    if (odds) out << " (time odds: " << tc[0].text() << " - " << tc[1].text() << ")";
    out << "\n";
  }
  out << text << "\n";
}

}  // namespace kirin
