// PGN for xiangqi: tag pairs with [Variant "xiangqi"] (and [FEN] for another start), movetext in
// WXF or ICCS (h2e2, h2-e2, H2-E2), comments {..} and ;.., variations (..), NAGs, a result.
#include <cctype>
#include <optional>

#include "notation/fen.h"
#include "notation/move_text.h"
#include "game/record.h"
#include "game/record_text.h"
#include "notation/wxf.h"

namespace kirin {
namespace {

struct Scanner {
  std::string_view t;
  size_t i = 0;
  int line = 1;
  size_t line_start = 0;
  int column_at(size_t byte) const { return column_of(t.substr(line_start), byte - line_start); }
  bool done() const { return i >= t.size(); }
  char peek() const { return t[i]; }
  void advance() {
    if (t[i] == '\n') ++line, line_start = i + 1;
    ++i;
  }
};

bool is_result(std::string_view w) { return w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*"; }

std::string iccs_text(std::string_view w) {
  std::string s;
  for (char c : w)
    if (c != '-') s += char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

Result<Game> read_pgn(const VariantPtr& v, std::string_view text) {
  if (std::string misfit = record_format_misfit(RecordFormat::PGN, *v); !misfit.empty()) return located(1, 1, misfit);
  Scanner sc{text};
  std::string fen = v->start_fen();
  std::optional<Game> game;
  auto start = [&](int line, int col) -> std::string {
    if (game) return "";
    auto g = Game::from_fen(v, fen);
    if (!g) return located(line, col, "bad FEN tag: " + g.error()).message;
    game.emplace(std::move(*g));
    return "";
  };
  while (!sc.done()) {
    const char c = sc.peek();
    if (std::isspace(static_cast<unsigned char>(c))) {
      sc.advance();
      continue;
    }
    const int line = sc.line, col = sc.column_at(sc.i);
    if (c == '[') {
      if (game) return located(line, col, "a tag pair after the moves");
      const size_t end = text.find(']', sc.i);
      const size_t nl = text.find('\n', sc.i);
      if (end == std::string_view::npos || (nl != std::string_view::npos && nl < end)) return located(line, col, "unclosed tag pair");
      std::string_view tag = text.substr(sc.i + 1, end - sc.i - 1);
      const size_t q1 = tag.find('"'), q2 = tag.rfind('"');
      if (q1 == std::string_view::npos || q2 == q1) return located(line, col, "expected a tag pair like [Variant \"xiangqi\"]");
      std::string name(tag.substr(0, q1));
      while (!name.empty() && name.back() == ' ') name.pop_back();
      const std::string value(tag.substr(q1 + 1, q2 - q1 - 1));
      if (name == "Variant" && value != "xiangqi" && value != "Xiangqi")
        return located(line, col, "variant '" + value + "' is not xiangqi");
      if (name == "FEN") fen = value;
      while (sc.i <= end) sc.advance();
      continue;
    }
    if (std::string err = start(line, col); !err.empty()) return Error{err};
    if (c == '{') {  // a comment, possibly over several lines
      while (!sc.done() && sc.peek() != '}') sc.advance();
      if (sc.done()) return located(line, col, "unclosed comment");
      sc.advance();
      continue;
    }
    if (c == ';') {
      while (!sc.done() && sc.peek() != '\n') sc.advance();
      continue;
    }
    if (c == '(') {  // a variation: skipped, nested ones included
      int depth = 0;
      do {
        if (sc.peek() == '(') ++depth;
        if (sc.peek() == ')') --depth;
        sc.advance();
      } while (!sc.done() && depth > 0);
      if (depth) return located(line, col, "unclosed variation");
      continue;
    }
    const size_t first = sc.i;
    while (!sc.done() && !std::isspace(static_cast<unsigned char>(sc.peek())) && sc.peek() != '{' && sc.peek() != '(' &&
           sc.peek() != ';')
      sc.advance();
    std::string_view word = text.substr(first, sc.i - first);
    // Move numbers "12." and "12..." may be glued to the move.
    size_t d = 0, prefix = 0;
    while (d < word.size() && std::isdigit(static_cast<unsigned char>(word[d]))) ++d;
    if (d && d < word.size() && word[d] == '.') {
      while (d < word.size() && word[d] == '.') ++d;
      word.remove_prefix(d);
      prefix = d;
      if (word.empty()) continue;
    }
    const int wcol = col + int(prefix);
    Game& g = *game;
    if (word.starts_with("$")) continue;
    if (is_result(word)) {
      if (g.over()) {
        if (word != "*" && word != g.result().score())
          return located(line, wcol, "the record says " + std::string(word) + " but the game ended " + g.result().text());
      } else if (word == "1-0" || word == "0-1") {
        g.resign(word == "1-0" ? SECOND : FIRST);
      } else if (word == "1/2-1/2") {
        g.agree_draw();
      }
      continue;
    }
    while (word.size() > 4 && std::string_view("+#!?").find(word.back()) != std::string_view::npos) word.remove_suffix(1);
    Result<Move> m = Error{""};
    if (looks_like_wxf(word)) {
      Position pos = g.position();
      auto w = parse_wxf(pos, word);
      m = w ? g.play(*w) : Result<Move>(Error{w.error()});
    } else {
      m = g.play(iccs_text(word));
    }
    if (!m) return located(line, wcol, "move " + std::to_string(g.ply() + 1) + ": " + m.error());
  }
  if (std::string err = start(1, 1); !err.empty()) return Error{err};
  return std::move(*game);
}

std::string write_pgn(const Game& g, bool wxf) {
  const std::string start = to_fen(g.start());
  std::string out =
      "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[Red \"?\"]\n[Black \"?\"]\n"
      "[Result \"" + g.result().score() + "\"]\n[Variant \"xiangqi\"]\n";
  if (start != to_fen(start_position(g.variant_ptr()))) out += "[SetUp \"1\"]\n[FEN \"" + start + "\"]\n";
  if (g.over()) out += "[Termination \"" + g.result().reason + "\"]\n";
  out += "\n";
  Position p = g.start();
  std::string line;
  auto emit = [&](const std::string& w) {
    if (!line.empty() && line.size() + 1 + w.size() > 79) out += line + "\n", line.clear();
    line += (line.empty() ? "" : " ") + w;
  };
  for (int i = 0; i < g.ply(); ++i) {
    const Move m = g.moves()[i];
    if (p.side_to_move() == FIRST) emit(std::to_string(p.move_number()) + ".");
    else if (i == 0) emit(std::to_string(p.move_number()) + "...");
    const std::string iccs = move_to_text(p, m);
    emit(wxf ? move_to_wxf(p, m) : iccs.substr(0, 2) + "-" + iccs.substr(2));
    p.do_move(m);
  }
  emit(g.result().score());
  return out + line + "\n";
}

}  // namespace kirin
