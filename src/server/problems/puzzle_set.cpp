#include "server/problems/puzzle_set.h"

#include <filesystem>
#include <fstream>

#include "notation/fen.h"
#include "notation/move_text.h"
#include "search/mate/mate_moves.h"
#include "server/refusals.h"
#include "server/replies.h"

namespace kirin::server {

using nlohmann::json;

namespace {

constexpr const char* GAMES[] = {"chushogi", "chuseireigi", "xiangqi"};

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out;
  size_t at = 0;
  for (size_t next; (next = text.find(sep, at)) != std::string::npos; at = next + 1)
    out.push_back(text.substr(at, next - at));
  out.push_back(text.substr(at));
  return out;
}

// The defender has no reply that does not lose at once: the move mated.
bool mated(Position& pos) {
  std::vector<MateMove> replies;
  defending_moves(pos, replies);
  return replies.empty();
}

}  // namespace

Result<void> PuzzleSets::add(const std::string& game, const std::string& line) {
  const std::vector<std::string> f = split(line, '|');
  if (f.size() != 4) return Error{"expected game|fen|moves|theme"};
  if (f[0] != game) return Error{"the puzzle is of " + f[0] + ", not " + game};
  auto pos = position(game, f[1]);
  if (!pos) return Error{"bad fen: " + pos.error()};
  PuzzleEntry e{to_fen(*pos), {}, f[3]};
  for (const std::string& text : split(f[2], ' ')) {
    auto m = parse_move(*pos, text);
    if (!m) return Error{"move " + text + ": " + m.error()};
    e.solution.push_back(move_to_text(*pos, *m));
    pos->do_move(*m);
  }
  if (e.theme.empty()) return Error{"no theme"};
  sets_[game].push_back(std::move(e));
  return {};
}

Result<Position> PuzzleSets::position(const std::string& game, const std::string& fen) {
  auto [it, fresh] = variants_.try_emplace(game);
  if (fresh) {
    auto v = make_variant(game, {});
    if (!v) {
      variants_.erase(it);
      return Error{v.error()};
    }
    it->second = *v;
  }
  return parse_fen(it->second, fen, Setup::PROBLEM);
}

Position PuzzleSets::position_of(const std::string& game, const PuzzleEntry& p) const {
  return *parse_fen(variants_.at(game), p.fen, Setup::PROBLEM);
}

Result<PuzzleSets> PuzzleSets::load(const std::string& dir) {
  PuzzleSets sets;
  for (const char* game : GAMES) {
    const std::filesystem::path file = std::filesystem::path(dir) / (std::string(game) + ".txt");
    std::ifstream in(file);
    if (!in) continue;
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      if (line.empty() || line[0] == '#') continue;
      if (auto added = sets.add(game, line); !added)
        return Error{file.string() + ":" + std::to_string(n) + ": " + added.error()};
    }
  }
  return sets;
}

Reply PuzzleSets::counts() const {
  json games = json::object();
  for (const char* game : GAMES) {
    auto it = sets_.find(game);
    games[game] = it == sets_.end() ? 0 : it->second.size();
  }
  return {Reply::DONE, {{"games", games}}};
}

const PuzzleEntry* PuzzleSets::find(const std::string& game, int index, Reply& refused) const {
  auto it = sets_.find(game);
  if (it == sets_.end() || it->second.empty()) {
    refused = refuse(Refusal::NO_PUZZLES, {{"game", game.substr(0, 20)}});
    return nullptr;
  }
  if (index < 0 || size_t(index) >= it->second.size()) {
    refused = refuse(Refusal::NO_PUZZLE, {{"number", index}, {"game", game}, {"last", it->second.size() - 1}});
    return nullptr;
  }
  return &it->second[size_t(index)];
}

Reply PuzzleSets::get(const std::string& game, int index) const {
  Reply refused;
  const PuzzleEntry* p = find(game, index, refused);
  if (!p) return refused;
  Position pos = position_of(game, *p);
  return {Reply::DONE,
          {{"game", game},
           {"index", index},
           {"count", sets_.at(game).size()},
           {"fen", p->fen},
           {"theme", p->theme},
           {"side", side_name(pos.side_to_move())},
           {"plies", p->solution.size()},
           {"legal_moves", legal_move_texts(pos)}}};
}

Reply PuzzleSets::solution(const std::string& game, int index) const {
  Reply refused;
  const PuzzleEntry* p = find(game, index, refused);
  if (!p) return refused;
  return {Reply::DONE,
          {{"game", game},
           {"index", index},
           {"solution", p->solution},
           {"positions", positions_along(position_of(game, *p), p->solution)}}};
}

Reply PuzzleSets::check(const std::string& game, int index, const std::vector<std::string>& moves,
                        const std::string& notation) const {
  Reply refused;
  const PuzzleEntry* p = find(game, index, refused);
  if (!p) return refused;
  auto chosen = chosen_notation(notation, position_of(game, *p).variant());
  if (!chosen) return refusal(Reply::BAD_REQUEST, chosen.error());
  const size_t k = moves.size() - 1;  // the move to check
  if (moves.empty() || k % 2 != 0)
    return refusal(Reply::BAD_REQUEST, "moves must end with the solver's move (an odd number of them)");
  if (k >= p->solution.size())
    return refusal(Reply::BAD_REQUEST, "the puzzle is solved in " + std::to_string(p->solution.size()) + " plies");
  Position pos = position_of(game, *p);
  Square last_to = NO_SQUARE;
  for (size_t i = 0; i < k; ++i) {
    auto m = parse_move(pos, moves[i]);
    if (!m || move_to_text(pos, *m) != p->solution[i])
      return refusal(Reply::BAD_REQUEST, "move " + std::to_string(i + 1) + " is not the puzzle's line so far");
    last_to = m->to();
    pos.do_move(*m);
  }
  auto m = parse_move(pos, moves[k]);
  if (!m)
    return refusal(Reply::BAD_REQUEST,
                   "move " + std::to_string(k + 1) + " (" + moves[k].substr(0, 20) + "): " + m.error());
  const std::string text = move_to_text(pos, *m);
  Position after = pos;
  after.do_move(*m);
  // The solution's move, or any move that mates at once (a second mate in one is as good as the
  // first, as puzzle sites accept it, and a mate beats any gain of material).
  const bool right = text == p->solution[k] || mated(after);
  // The move (and below the answer) also as the pages write moves (Game Courier, WXF), to say them in words.
  json body = {{"move", text}, {"move_notation", written_move(pos, *m, *chosen, last_to)}};
  if (!right) {
    body["verdict"] = "wrong";
    body["fen"] = to_fen(pos);
    body["legal_moves"] = legal_move_texts(pos);
    return {Reply::DONE, body};
  }
  const bool has_reply = k + 1 < p->solution.size() && text == p->solution[k];
  body["reply"] = has_reply ? json(p->solution[k + 1]) : json(nullptr);
  body["reply_notation"] =
      has_reply ? json(written_move(after, *parse_move(after, p->solution[k + 1]), *chosen, m->to())) : json(nullptr);
  if (has_reply) after.do_move(*parse_move(after, p->solution[k + 1]));
  const bool solved = !has_reply || k + 2 >= p->solution.size();
  body["verdict"] = solved ? "solved" : "correct";
  body["fen"] = to_fen(after);
  body["legal_moves"] = solved ? json::array() : legal_move_texts(after);
  return {Reply::DONE, body};
}

}  // namespace kirin::server
