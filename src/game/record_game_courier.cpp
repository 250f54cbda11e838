// Game Courier records: one move per line, "12. P 7i-7h" (or several moves on one line, each
// after its number); "// start: <SFEN>" before the moves for a non-standard start; claims
// (resign, draw, impasse) as moves.
#include <cctype>
#include <optional>

#include "game/record.h"
#include "game/record_text.h"
#include "notation/fen.h"
#include "notation/game_courier.h"

namespace kirin {
namespace {

bool is_move_number(std::string_view t) {
  size_t i = 0;
  while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
  if (i == 0 || i == t.size()) return false;
  for (; i < t.size(); ++i)
    if (t[i] != '.') return false;
  return true;
}

}  // namespace

Result<Game> read_game_courier(const VariantPtr& v, std::string_view text) {
  if (auto misfit = record_format_misfit(RecordFormat::GAME_COURIER, *v); !misfit) return located(1, 1, misfit.error());
  std::string fen = v->start_fen();
  std::optional<Game> game;
  for (const Line& line : split_lines(text)) {
    std::string_view s = line.text;
    size_t lead = s.find_first_not_of(" \t");
    if (lead == std::string_view::npos) continue;
    if (s.substr(lead).starts_with("//") || s.substr(lead).starts_with("#")) {
      std::string_view c = s.substr(lead + (s[lead] == '#' ? 1 : 2));
      size_t k = c.find("start:");
      if (k != std::string_view::npos) {
        if (game) return located(line.number, 1, "the start position must come before the moves");
        fen = std::string(c.substr(k + 6));
        auto g = Game::from_fen(v, fen);
        if (!g) return located(line.number, column_of(s, lead), "bad start position: " + g.error());
        game.emplace(as_played(std::move(*g)));
      }
      continue;
    }
    if (!game) game.emplace(as_played(Game(v)));
    Game& g = *game;
    // Each move runs from after its number to the next number (or the end of the line).
    std::vector<Token> tokens = tokenize(line);
    std::vector<std::pair<size_t, size_t>> spans;  // byte ranges of move texts
    size_t start = 0;
    bool open = false;
    for (const Token& t : tokens) {
      const size_t at = size_t(t.text.data() - s.data());
      if (is_move_number(t.text)) {
        if (open) spans.push_back({start, at});
        start = at + t.text.size();
        open = true;
      } else if (!open) {
        start = at;
        open = true;
      }
    }
    if (open) spans.push_back({start, s.size()});
    for (auto [a, b] : spans) {
      std::string_view mv = s.substr(a, b - a);
      size_t l = mv.find_first_not_of(" \t");
      if (l == std::string_view::npos) continue;
      mv = mv.substr(l);
      while (!mv.empty() && (mv.back() == ' ' || mv.back() == '\t')) mv.remove_suffix(1);
      const int col = column_of(s, a + l);
      if (is_claim(mv)) {
        auto r = play_claim(g, mv);
        if (!r) return located(line.number, col, r.error());
        continue;
      }
      auto usi = game_courier_to_usi(g.position(), mv);
      if (!usi) return located(line.number, col, "move " + std::to_string(g.ply() + 1) + ": " + usi.error());
      auto m = g.play(*usi);
      if (!m)
        return located(line.number, col,
                       "move " + std::to_string(g.ply() + 1) + " '" + std::string(mv) + "': " + m.error());
    }
  }
  if (!game) game.emplace(Game(v));
  return played_out(std::move(*game));
}

std::string write_game_courier(const Game& g) {
  std::string out = "// " + g.variant().name() + " game, Game Courier notation (Kirin)\n";
  const std::string start = to_fen(g.start());
  const Game::RecordHeader& header = g.record_header();
  for (Color c : {FIRST, SECOND})
    if (!header.players[c].empty()) out += "// " + g.variant().color_name(c) + ": " + header.players[c] + "\n";
  if (!header.date.empty()) out += "// Date: " + header.date + "\n";
  for (const auto& [name, value] : header.tags)
    if (value.find('\n') == std::string::npos) out += "// " + name + ": " + value + "\n";
  if (start != to_fen(start_position(g.variant_ptr()))) out += "// start: " + start + "\n";
  Position p = g.start();
  int n = 0;
  for (Move m : g.moves()) {
    out += std::to_string(++n) + ". " + move_to_game_courier(p, m) + "\n";
    p.do_move(m);
  }
  if (std::string claim = claim_word(g); !claim.empty()) out += std::to_string(++n) + ". " + claim + "\n";
  return out;
}

}  // namespace kirin
