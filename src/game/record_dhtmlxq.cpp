// DhtmlXQ, the web boards' format (dpxq.com, xqinenglish.com and many Chinese sites):
// [DhtmlXQ_binit] gives the start as 32 two-digit squares, column 0-8 from Red's left and row
// 0-9 from Black's edge ("99" for a piece not on the board), in the order R N B A K A B N R C C
// P P P P P for Red, then the same for Black; [DhtmlXQ_movelist] gives the moves as four digits
// each, from-column, from-row, to-column, to-row. [DhtmlXQ_result] is 红胜/黑胜/和棋 (or 1-0,
// 0-1, 1/2-1/2); [DhtmlXQ_red], _black, _date, _event, _place, _round and _title are the header.
// Variations ([DhtmlXQ_move_...]) and comments are not read.
#include "game/record.h"
#include "game/record_text.h"
#include "notation/fen.h"

namespace kirin {
namespace {

struct Located {
  std::string_view text;
  size_t at = std::string_view::npos;  // byte of the content in the whole record
};

Located tag_content(std::string_view text, std::string_view name) {
  const std::string open = "[DhtmlXQ_" + std::string(name) + "]", close = "[/DhtmlXQ_" + std::string(name) + "]";
  const size_t a = text.find(open);
  if (a == std::string_view::npos) return {};
  const size_t from = a + open.size(), b = text.find(close, from);
  if (b == std::string_view::npos) return {text.substr(from, 0), std::string_view::npos};
  return {text.substr(from, b - from), from};
}

Error located_at(std::string_view text, size_t byte, const std::string& why) {
  int line = 1;
  size_t line_start = 0;
  for (size_t i = 0; i < byte && i < text.size(); ++i)
    if (text[i] == '\n') ++line, line_start = i + 1;
  return located(line, column_of(text.substr(line_start), byte - line_start), why);
}

// DhtmlXQ's tags for what PGN calls Event, Site, Round and the record's title.
constexpr std::pair<std::string_view, std::string_view> DHTMLXQ_TAG_NAMES[] = {
    {"event", "Event"}, {"place", "Site"}, {"round", "Round"}, {"title", "Title"}};

// Who played, when, and the record's other tags that PGN names.
Game::RecordHeader dhtmlxq_header(std::string_view text) {
  Game::RecordHeader h;
  auto content = [&](std::string_view tag) {
    const Located l = tag_content(text, tag);
    return l.at == std::string_view::npos ? std::string() : std::string(l.text);
  };
  h.players[FIRST] = content("red");
  h.players[SECOND] = content("black");
  if (const std::string date = content("date"); !date.empty()) h.date = iso_date(date);
  for (const auto& [tag, name] : DHTMLXQ_TAG_NAMES)
    if (std::string value = content(tag); !value.empty()) h.tags.emplace_back(name, std::move(value));
  return h;
}

bool all_digits(std::string_view s) {
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

// The board part of a FEN from binit; `why` names a fault.
std::string board_from_binit(std::string_view b, std::string& why) {
  static constexpr char ORDER[] = "RNBAKABNRCCPPPPP";
  char board[10][9] = {};
  for (int i = 0; i < 32; ++i) {
    const int x = b[2 * i] - '0', row = b[2 * i + 1] - '0';
    if (x == 9 && row == 9) continue;
    if (x > 8) {
      why = "square " + std::string(b.substr(2 * i, 2)) + " of piece " + std::to_string(i + 1) + " is off the board";
      return "";
    }
    if (board[row][x]) {
      why = "two pieces on square " + std::string(b.substr(2 * i, 2));
      return "";
    }
    const char p = ORDER[i % 16];
    board[row][x] = i < 16 ? p : char(p - 'A' + 'a');
  }
  std::string fen;
  for (int row = 0; row < 10; ++row) {  // row 0 is Black's edge, the FEN's first rank
    int empty = 0;
    for (int x = 0; x < 9; ++x) {
      if (!board[row][x]) {
        ++empty;
        continue;
      }
      if (empty) fen += char('0' + empty), empty = 0;
      fen += board[row][x];
    }
    if (empty) fen += char('0' + empty);
    if (row < 9) fen += '/';
  }
  return fen;
}

}  // namespace

Result<Game> read_dhtmlxq(const VariantPtr& v, std::string_view text) {
  if (auto misfit = record_format_misfit(RecordFormat::DHTMLXQ, *v); !misfit) return located(1, 1, misfit.error());
  const Located list = tag_content(text, "movelist"), init = tag_content(text, "binit");
  for (const Located* l : {&list, &init})
    if (l->text.data() && l->at == std::string_view::npos) return Error{"a DhtmlXQ tag is not closed"};
  std::string fen = v->start_fen();
  if (init.text.data()) {
    if (init.text.size() != 64 || !all_digits(init.text))
      return located_at(text, init.at, "expected 64 digits in [DhtmlXQ_binit] (32 squares, 99 for none)");
    std::string why;
    const std::string board = board_from_binit(init.text, why);
    if (board.empty()) return located_at(text, init.at, "[DhtmlXQ_binit]: " + why);
    // The side to move is the one whose piece the first move moves (Red without moves).
    Color stm = FIRST;
    if (list.text.size() >= 2 && all_digits(list.text.substr(0, 2))) {
      const int x = list.text[0] - '0', row = list.text[1] - '0';
      auto p = parse_fen(v, board + " w - - 0 1");
      if (p && x < 9) {
        const Piece at = p->at(make_square(x, 9 - row));
        if (is_piece(at)) stm = color_of(at);
      }
    }
    fen = board + (stm == FIRST ? " w" : " b") + " - - 0 1";
  }
  auto start = Game::from_fen(v, fen);
  if (!start)
    return located_at(text, init.at == std::string_view::npos ? 0 : init.at, "bad position: " + start.error());
  Game g = as_played(std::move(*start));
  if (list.text.data()) {
    if (list.text.size() % 4 || !all_digits(list.text))
      return located_at(text, list.at, "expected four digits a move in [DhtmlXQ_movelist]");
    for (size_t i = 0; i < list.text.size(); i += 4) {
      const std::string_view d = list.text.substr(i, 4);
      const int fx = d[0] - '0', fr = d[1] - '0', tx = d[2] - '0', tr = d[3] - '0';
      if (fx > 8 || tx > 8)
        return located_at(text, list.at + i,
                          "move " + std::to_string(g.ply() + 1) + ": no column 9 in '" + std::string(d) + "'");
      const std::string iccs = {char('a' + fx), char('0' + 9 - fr), char('a' + tx), char('0' + 9 - tr)};
      auto m = g.play(iccs);
      if (!m)
        return located_at(text, list.at + i,
                          "move " + std::to_string(g.ply() + 1) + " '" + std::string(d) + "': " + m.error());
    }
  }
  g = played_out(std::move(g));
  set_record_result(g, score_of_result_word(tag_content(text, "result").text));
  g.record_header() = dhtmlxq_header(text);
  return g;
}

std::string write_dhtmlxq(const Game& g) {
  std::string out = "[DhtmlXQ]\n";
  const Position& s = g.start();
  if (to_fen(s) != to_fen(start_position(g.variant_ptr()))) {
    // Each piece of the fixed order takes a square of its kind, or 99.
    static constexpr char ORDER[] = "RNBAKABNRCCPPPPP";
    const Variant& v = g.variant();
    std::vector<bool> used(256, false);
    std::string init;
    for (int i = 0; i < 32; ++i) {
      const Color c = i < 16 ? FIRST : SECOND;
      std::string sq = "99";
      for (Square q : s.pieces(c))
        if (!used[q] && v.kind(kind_of(s.at(q))).token[0] == ORDER[i % 16]) {
          used[q] = true;
          sq = {char('0' + file_x(q)), char('0' + 9 - rank_y(q))};
          break;
        }
      init += sq;
    }
    out += "[DhtmlXQ_binit]" + init + "[/DhtmlXQ_binit]\n";
  }
  std::string list;
  for (Move m : g.moves())
    list += {char('0' + file_x(m.from())), char('0' + 9 - rank_y(m.from())), char('0' + file_x(m.to())),
             char('0' + 9 - rank_y(m.to()))};
  out += "[DhtmlXQ_movelist]" + list + "[/DhtmlXQ_movelist]\n";
  const std::string score = g.result().score();
  const char* result = score == "1-0" ? "红胜" : score == "0-1" ? "黑胜" : score == "1/2-1/2" ? "和棋" : "未知";
  out += "[DhtmlXQ_result]" + std::string(result) + "[/DhtmlXQ_result]\n";
  const Game::RecordHeader& header = g.record_header();
  for (const auto& [tag, value] : {std::pair<const char*, const std::string&>{"red", header.players[FIRST]},
                                   {"black", header.players[SECOND]},
                                   {"date", header.date}})
    if (!value.empty()) out += std::string("[DhtmlXQ_") + tag + "]" + value + "[/DhtmlXQ_" + tag + "]\n";
  for (const auto& [tag, name] : DHTMLXQ_TAG_NAMES)
    if (const std::string value = header.tag(name); !value.empty() && value.find('[') == std::string::npos)
      out += "[DhtmlXQ_" + std::string(tag) + "]" + value + "[/DhtmlXQ_" + std::string(tag) + "]\n";
  return out + "[/DhtmlXQ]\n";
}

}  // namespace kirin
