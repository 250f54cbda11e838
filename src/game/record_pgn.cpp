// PGN for xiangqi: tag pairs with [Variant "xiangqi"] (and [FEN] for another start), movetext in
// any notation notation/xiangqi_moves.h reads -- WXF in all its forms, ICCS, Chinese, XBoard's
// SAN -- glued moves too; comments {..} and ;.., variations (..), NAGs, a result. Read as played
// (record_text.h): the record's result, trailing or in its [Result] tag, is the game's.
// Chu Shogi PGN as XBoard saves it ([Variant "chu"], SAN like Nxi8-i7, Bxd10+) is read too.
#include <algorithm>
#include <cctype>
#include <optional>

#include "game/record.h"
#include "game/record_text.h"
#include "notation/chinese.h"
#include "notation/fen.h"
#include "notation/kanji.h"
#include "notation/move_text.h"
#include "notation/san.h"
#include "notation/wide_text.h"
#include "notation/wxf.h"
#include "notation/xiangqi_moves.h"

namespace kirin {
namespace {

struct Scanner {
  std::string_view t;
  size_t i = 0;
  int line = 1;
  size_t line_start = 0;
  // The last column asked for, so that columns along one long line cost one walk, not one each.
  size_t known_byte = 0;
  int known_column = 1;
  int column_at(size_t byte) {
    if (known_byte < line_start || known_byte > byte) known_byte = line_start, known_column = 1;
    known_column += column_of(t.substr(known_byte), byte - known_byte) - 1;
    known_byte = byte;
    return known_column;
  }
  bool done() const { return i >= t.size(); }
  char peek() const { return t[i]; }
  void advance() {
    if (t[i] == '\n') ++line, line_start = i + 1;
    ++i;
  }
};

bool is_result(std::string_view w) { return w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*"; }

struct Tag {
  std::string name, value;
};

// A tag whose value holds an unescaped '"' (old Big5 files quote titles inside [Event "..."]):
// as other xiangqi readers do, the value runs from the first '"' to the last '"]' of the line.
// `open` is the index of the value's opening quote. Returns the index after the ']', or npos.
size_t read_tag_to_last_quote(std::string_view t, size_t open, Tag& tag) {
  const size_t line_end = std::min(t.find('\n', open), t.size());
  size_t close = t.rfind(']', line_end - 1);
  if (close == std::string_view::npos || close <= open) return std::string_view::npos;
  size_t quote = close;
  while (quote > open && (t[quote - 1] == ' ' || t[quote - 1] == '\t')) --quote;
  if (quote <= open + 1 || t[quote - 1] != '"') return std::string_view::npos;
  tag.value = std::string(t.substr(open + 1, quote - 1 - (open + 1)));
  return close + 1;
}

// A tag pair from its '[' at t[i]: the value is quoted (\" and \\ escaped), so a ']' inside it
// -- a Big5 character's second byte once decoded wrongly, or a name -- does not end the tag.
// Returns the index after the ']', or npos with `why` set.
size_t read_tag(std::string_view t, size_t i, Tag& tag, std::string& why) {
  size_t j = i + 1;
  while (j < t.size() && t[j] != '"' && t[j] != ']' && t[j] != '\n') tag.name += t[j++];
  while (!tag.name.empty() && (tag.name.back() == ' ' || tag.name.back() == '\t')) tag.name.pop_back();
  if (j >= t.size() || t[j] != '"') {
    why = j < t.size() && t[j] == ']' ? "expected a tag pair like [Variant \"xiangqi\"]" : "unclosed tag pair";
    return std::string_view::npos;
  }
  const size_t open = j;
  for (++j; j < t.size() && t[j] != '"' && t[j] != '\n'; ++j) {
    if (t[j] == '\\' && j + 1 < t.size() && (t[j + 1] == '"' || t[j + 1] == '\\')) ++j;
    tag.value += t[j];
  }
  if (j >= t.size() || t[j] != '"') {
    const size_t end = read_tag_to_last_quote(t, open, tag);
    if (end == std::string_view::npos) why = "unclosed tag value";
    return end;
  }
  ++j;
  while (j < t.size() && (t[j] == ' ' || t[j] == '\t')) ++j;
  if (j >= t.size() || t[j] != ']') {
    const size_t end = read_tag_to_last_quote(t, open, tag);
    if (end == std::string_view::npos) why = "unclosed tag pair";
    return end;
  }
  return j + 1;
}

// Move numbers "12." and "12..." may be glued to the move.
std::string_view without_move_number(std::string_view word) {
  size_t d = 0;
  while (d < word.size() && std::isdigit(static_cast<unsigned char>(word[d]))) ++d;
  if (!d || d >= word.size() || word[d] != '.') return word;
  while (d < word.size() && word[d] == '.') ++d;
  return word.substr(d);
}

// A chu move: XBoard's SAN, else USI as Kirin writes it.
Result<Move> chu_move(const Game& g, Position& pos, std::string_view text) {
  if (looks_like_san(pos.variant(), text)) {
    auto m = parse_san(pos, text);
    if (m) return m;
    auto usi = g.parse(text);
    return usi ? usi : m;
  }
  return g.parse(text);
}

// The tags a written record derives from the game (who played, when, the start, the result, the
// notation): read for what they say, not kept as they were.
bool derived_tag(std::string_view name) {
  for (std::string_view d :
       {"Variant", "FEN", "SetUp", "Result", "Termination", "Date", "Red", "Black", "White", "Format"})
    if (name == d) return true;
  return false;
}

// A name that reads back as one tag's name: no quote, bracket, space or line break.
bool tag_name_fits(std::string_view name) {
  if (name.empty()) return false;
  for (char c : name)
    if (c == '"' || c == '[' || c == ']' || c == ' ' || c == '\t' || c == '\n' || c == '\r') return false;
  return true;
}

bool names_the_game(const Variant& v, std::string value) {
  for (char& c : value) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (v.game() == GameId::CHUSHOGI) return value == "chu" || value == "chushogi" || value == "chu shogi";
  return value == "xiangqi" || value == "chinese chess" || value == "chinese-chess";
}

}  // namespace

Result<Game> read_pgn(const VariantPtr& v, std::string_view original) {
  const bool chu = v->game() == GameId::CHUSHOGI;  // XBoard's chu PGN: read, not written
  if (auto misfit = record_format_misfit(RecordFormat::PGN, *v); !misfit && !chu) return located(1, 1, misfit.error());
  // Full-width forms as ASCII (Ｃ２＝５, １．, the ideographic space): the same characters, so
  // lines and columns still match the file.
  const std::string plain = ascii_from_fullwidth(original);
  const std::string_view text = plain;
  Scanner sc{text};
  std::string fen = v->start_fen(), tag_result, result;  // "*" or a score
  std::string termination;                               // how the game ended, as the [Termination] tag says
  Game::RecordHeader header;
  std::optional<Game> game;
  // Moves after a mate or stalemate (old computer games go on with an illegal one): read to the
  // end of the game, and the rest named in a note.
  std::vector<std::string> unread;
  int unread_line = 0, unread_column = 0;
  std::string unread_why;
  auto start = [&](int line, int col) -> Result<void> {
    if (game) return {};
    auto g = Game::from_fen(v, fen);
    if (!g) return located(line, col, "bad FEN tag: " + g.error());
    game.emplace(as_played(std::move(*g)));
    return {};
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
      Tag tag;
      std::string why;
      const size_t end = read_tag(text, sc.i, tag, why);
      if (end == std::string_view::npos) return located(line, col, why);
      if (tag.name == "Variant" && !names_the_game(*v, tag.value))
        return located(line, col, "variant '" + tag.value + "' is not " + (chu ? "chu" : "xiangqi"));
      if (tag.name == "FEN") fen = tag.value;
      if (tag.name == "Result") tag_result = is_result(tag.value) ? tag.value : score_of_result_word(tag.value);
      if (tag.name == "Termination") termination = tag.value;
      if (tag.name == "Date") header.date = iso_date(tag.value);
      // The players: Red and Black in xiangqi; in chu Black moves first, White second.
      const bool first = tag.name == (chu ? "Black" : "Red"), second = tag.name == (chu ? "White" : "Black");
      if ((first || second) && tag.value != "?") header.players[first ? 0 : 1] = tag.value;
      if (!derived_tag(tag.name) && !tag.name.empty() && tag.value != "?")
        header.tags.emplace_back(tag.name, tag.value);
      while (sc.i < end) sc.advance();
      continue;
    }
    if (auto started = start(line, col); !started) return Error{started.error()};
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
    word = without_move_number(word);
    if (word.empty()) continue;
    Game& g = *game;
    if (word.starts_with("$")) continue;
    if (is_result(word) || !score_of_result_word(word).empty()) {  // 1-0, or 红胜 in Chinese texts
      result = is_result(word) ? std::string(word) : score_of_result_word(word);
      continue;
    }
    for (std::string_view one : chu ? std::vector<std::string_view>{word} : split_glued_moves(word)) {
      one = without_move_number(one);  // 炮二平五马８进７2.马二进三: numbers glued inside a word
      if (one.empty()) continue;
      if (is_result(one)) {  // 马８进７1-0
        result = one;
        continue;
      }
      // A column costs a walk from the line's start: only for a move read, or the first unread.
      auto column = [&] { return sc.column_at(size_t(one.data() - text.data())); };
      if (g.over()) {
        if (unread.empty()) unread_line = line, unread_column = column(), unread_why = g.result().text();
        unread.emplace_back(one);
        continue;
      }
      const int wcol = column();
      // Check and mate marks; in chu a trailing + is a promotion.
      while (one.size() > 4 && std::string_view(chu ? "#!?" : "+#!?").find(one.back()) != std::string_view::npos)
        one.remove_suffix(1);
      Position pos = g.position();
      auto m = chu ? chu_move(g, pos, one) : parse_xiangqi_move(pos, one);
      if (m) m = g.play(*m);
      if (!m) return located(line, wcol, "move " + std::to_string(g.ply() + 1) + ": " + m.error());
    }
  }
  if (auto started = start(1, 1); !started) return Error{started.error()};
  Game g = played_out(std::move(*game));
  const bool rules_ended = g.over();
  set_record_result(g, result.empty() ? tag_result : result);
  g.record_header() = header;
  // The record's own word for how a result it gave came about (resignation, time forfeit), not
  // PGN's catch-all "normal"; an ending the rules gave (checkmate) keeps its name.
  if ((!rules_ended || g.result().ending() == Ending::AS_RECORDED) && !termination.empty() && termination != "normal")
    g.set_recorded_reason(termination);
  if (!unread.empty()) {
    std::string moves;
    for (size_t k = 0; k < unread.size() && k < 6; ++k) moves += (k ? " " : "") + unread[k];
    if (unread.size() > 6) moves += " ...";
    g.add_record_note("the record goes on after the game ended (" + unread_why + "): " + std::to_string(unread.size()) +
                      (unread.size() == 1 ? " move" : " moves") + " left unread from line " +
                      std::to_string(unread_line) + ", column " + std::to_string(unread_column) + ": " + moves);
  }
  return g;
}

namespace {

std::string pgn_move(const Position& p, Move m, PgnMoves notation) {
  switch (notation) {
    case PgnMoves::WXF:
      return move_to_wxf(p, m);
    case PgnMoves::ICCS: {
      const std::string iccs = move_to_text(p, m);
      return iccs.substr(0, 2) + "-" + iccs.substr(2);
    }
    case PgnMoves::CHINESE:
      return move_to_chinese(p, m);
    case PgnMoves::CHINESE_TRADITIONAL:
      return move_to_chinese(p, m, ChineseScript::TRADITIONAL);
  }
  return move_to_text(p, m);
}

}  // namespace

std::string write_pgn(const Game& g, PgnMoves notation, const std::vector<MoveNote>& notes) {
  const std::string start = to_fen(g.start());
  // A tag's value, quoted: '\\' and '"' escaped; "?" when unknown.
  auto value = [](const std::string& v) {
    std::string out = "\"";
    for (char c : v.empty() ? std::string("?") : v)
      out += c == '"' || c == '\\' ? std::string("\\") + c : c == '\n' || c == '\r' ? " " : std::string(1, c);
    return out + "\"";
  };
  const Game::RecordHeader& header = g.record_header();
  std::string date = header.date.empty() ? "????.??.??" : header.date;
  std::replace(date.begin(), date.end(), '-', '.');
  // The Seven Tag Roster first, then the record's other tags as it had them.
  std::string out = "[Event " + value(header.tag("Event")) + "]\n[Site " + value(header.tag("Site")) + "]\n[Date \"" +
                    date + "\"]\n[Round " + value(header.tag("Round")) + "]\n[Red " + value(header.players[FIRST]) +
                    "]\n[Black " + value(header.players[SECOND]) + "]\n[Result \"" + g.result().score() +
                    "\"]\n[Variant \"xiangqi\"]\n";
  if (start != to_fen(start_position(g.variant_ptr()))) out += "[SetUp \"1\"]\n[FEN \"" + start + "\"]\n";
  if (notation == PgnMoves::CHINESE || notation == PgnMoves::CHINESE_TRADITIONAL) out += "[Format \"Chinese\"]\n";
  if (g.over()) out += "[Termination \"" + g.result().reason + "\"]\n";
  for (const auto& [name, v] : header.tags)
    if (name != "Event" && name != "Site" && name != "Round" && !derived_tag(name) && tag_name_fits(name))
      out += "[" + name + " " + value(v) + "]\n";
  out += "\n";
  Position p = g.start();
  std::string line;
  int width = 0;
  auto emit = [&](const std::string& w) {
    const int n = display_width(w);
    if (!line.empty() && width + 1 + n > 79) out += line + "\n", line.clear(), width = 0;
    if (!line.empty()) line += ' ', ++width;
    line += w, width += n;
  };
  // A comment or variation word by word, so that long ones wrap like the moves.
  auto emit_words = [&](const std::string& text) {
    size_t at = 0;
    while (at < text.size()) {
      const size_t end = std::min(text.find(' ', at), text.size());
      if (end > at) emit(text.substr(at, end - at));
      at = end + 1;
    }
  };
  // The number before a move: every first player's move, and the second player's after
  // anything that interrupts the pair (the start, a comment, a variation).
  auto number = [](const Position& at, bool interrupted) {
    if (at.side_to_move() == FIRST) return std::to_string(at.move_number()) + ".";
    return interrupted ? std::to_string(at.move_number()) + "..." : std::string();
  };
  bool interrupted = true;
  for (int i = 0; i < g.ply(); ++i) {
    const Move m = g.moves()[i];
    const MoveNote* note = i < int(notes.size()) ? &notes[i] : nullptr;
    if (std::string n = number(p, interrupted); !n.empty()) emit(n);
    emit(pgn_move(p, m, notation) + (note ? note->glyph : ""));
    interrupted = false;
    if (note && !note->comment.empty()) {
      emit_words("{" + note->comment + "}");
      interrupted = true;
    }
    if (note && !note->better.empty()) {
      std::string variation = "(";
      Position v = p;
      for (size_t k = 0; k < note->better.size(); ++k) {
        const std::string n = number(v, k == 0);
        variation += (n.empty() ? "" : n + " ") + pgn_move(v, note->better[k], notation) + " ";
        v.do_move(note->better[k]);
      }
      variation.back() = ')';
      emit_words(variation);
      interrupted = true;
    }
    p.do_move(m);
  }
  emit(g.result().score());
  return out + line + "\n";
}

}  // namespace kirin
