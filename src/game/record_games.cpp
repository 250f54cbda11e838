// Records holding several games: where each game starts, by the lines that can only open one.
#include <cctype>

#include "game/record.h"
#include "game/record_text.h"

namespace kirin {
namespace {

struct LineRole {
  bool opens = false;  // can only stand before a game's moves (a tag, a header, "position")
  bool moves = false;  // holds moves (or a claim)
};

LineRole usi_role(const Line& l) {
  const std::vector<Token> t = tokenize(l);
  if (t.empty() || is_hash_comment(l)) return {};
  const std::string_view w = t[0].text;
  return {w == "position" || w == "startpos" || w == "sfen" || w == "fen", true};
}

LineRole game_courier_role(const Line& l) {
  const std::string_view s = skip_blanks(l.text);
  if (s.empty()) return {};
  if (s.starts_with("//") || s.starts_with("#")) return {s.find("start:") != std::string_view::npos, false};
  const std::string_view first = tokenize(l)[0].text;
  return {first.starts_with("1.") && first.find_first_not_of('.', 1) == std::string_view::npos, true};
}

LineRole pgn_role(const Line& l) {
  const std::string_view s = skip_blanks(l.text);
  if (s.empty()) return {};
  return {s.front() == '[', s.front() != '['};
}

// As read_kif reads the lines: numbered lines hold moves; headers, board rows and hands open a
// game; comments, the board's frame and the closing "まで..." line do neither.
LineRole kif_role(const Line& l) {
  std::string_view s = skip_blanks(l.text);
  if (s.starts_with("\xEF\xBB\xBF")) s = skip_blanks(s.substr(3));
  if (s.starts_with("　")) s.remove_prefix(std::string_view("　").size());
  for (std::string_view skip : {"#", "*", "&", "まで", "手数", "+--", "１", "９", "５", "変化"})
    if (s.starts_with(skip)) return {};
  if (s.empty()) return {};
  if (std::isdigit(static_cast<unsigned char>(s[0]))) return {false, true};
  return {true, false};
}

// A DhtmlXQ game is a [DhtmlXQ] ... [/DhtmlXQ] block; its move list holds the moves.
LineRole dhtmlxq_role(const Line& l) {
  const std::string_view s = skip_blanks(l.text);
  return {s.starts_with("[DhtmlXQ]"), s.find("[DhtmlXQ_movelist]") != std::string_view::npos};
}

LineRole role(RecordFormat f, const Line& l) {
  switch (f) {
    case RecordFormat::GAME_COURIER:
      return game_courier_role(l);
    case RecordFormat::KIF:
      return kif_role(l);
    case RecordFormat::DHTMLXQ:
      return dhtmlxq_role(l);
    case RecordFormat::USI:
    case RecordFormat::AUTO:
      return usi_role(l);
    default:
      return pgn_role(l);
  }
}

// The index in `lines` of each game's first line. A game starts at a line that opens one once
// the previous game has moves; the lines after those moves (blank lines, comments such as
// "# game 2: ...") go with the new game.
std::vector<size_t> game_starts(const std::vector<Line>& lines, RecordFormat f) {
  std::vector<size_t> starts = {0};
  bool has_moves = false;
  size_t after_moves = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    const LineRole r = role(f, lines[i]);
    if (r.opens && has_moves) {
      starts.push_back(after_moves);
      has_moves = false;
    }
    if (r.moves) has_moves = true, after_moves = i + 1;
  }
  return starts;
}

}  // namespace

int count_record_games(std::string_view text, RecordFormat f) {
  if (f == RecordFormat::AUTO) f = detect_record_format(text);
  return int(game_starts(split_lines(text), f).size());
}

Result<Game> read_record_game(const VariantPtr& v, std::string_view text, int n, RecordFormat f) {
  if (f == RecordFormat::AUTO) f = detect_record_format(text);
  const std::vector<Line> lines = split_lines(text);
  const std::vector<size_t> starts = game_starts(lines, f);
  const int games = int(starts.size());
  if (n < 1 || n > games)
    return Error{"no game " + std::to_string(n) + ": the record holds " + std::to_string(games) +
                 (games == 1 ? " game" : " games")};
  auto offset = [&](size_t line) {
    return line < lines.size() ? size_t(lines[line].text.data() - text.data()) : text.size();
  };
  const size_t first = starts[n - 1];
  const size_t begin = offset(first), end = n < games ? offset(starts[n]) : text.size();
  // Blank lines in place of the games before, so errors name the file's lines.
  const std::string game = std::string(first, '\n') + std::string(text.substr(begin, end - begin));
  return read_record(v, game, f);
}

}  // namespace kirin
