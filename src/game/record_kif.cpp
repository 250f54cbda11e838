// KIF records: the header (手合割, or a board diagram with hands and 後手番), the move lines
// "   1 7八歩兵 （←7九）", and the end ("投了", "まで3手で先手の勝ち").
#include <cctype>
#include <optional>
#include <utility>

#include "game/record.h"
#include "game/record_text.h"
#include "notation/diagram.h"
#include "notation/fen.h"
#include "notation/kanji.h"
#include "notation/kif_move.h"

namespace kirin {
namespace {

const char* const FILE_HEADER_12 = " １２ １１ １０ ９  ８  ７  ６  ５  ４  ３  ２  １";

std::string board_cell(const Position& pos, Square s) {
  const Piece p = pos.at(s);
  std::string body = p == EMPTY ? "・" : kanji_name(pos.variant(), kind_of(p)).board;
  if (p != EMPTY && color_of(p) == SECOND) body = "v" + body;
  int chars = 0;
  for (unsigned char c : body) chars += (c & 0xC0) != 0x80;
  return std::string(chars < 3 ? 3 - chars : 0, ' ') + body;
}

// "歩二 金", or なし for an empty hand.
std::string kif_hand(const Position& pos, Color c) {
  const std::string h = hand_text(pos, c, true);
  return h == "-" ? "なし" : h;
}

std::string kif_board(const Position& pos) {
  const Variant& v = pos.variant();
  std::string out;
  if (v.files() == 12) out += std::string(FILE_HEADER_12) + "\n";
  std::string rule(v.files() * 4 + 3, '-');
  rule.front() = '+', rule[rule.size() - 2] = '+', rule.back() = '\n';
  out += rule;
  for (int y = v.ranks() - 1; y >= 0; --y) {
    out += "|";
    for (int x = 0; x < v.files(); ++x) out += board_cell(pos, make_square(x, y));
    out += '|';
    out += kanji_number(v.ranks() - y);
    out += '\n';
  }
  return out + rule;
}

// A board diagram line "|  ・ v獅 ...|一" into SFEN rank text.
Result<std::string> parse_board_line(const Variant& v, std::string_view l) {
  const size_t end = l.rfind('|');
  std::string_view cells = l.substr(1, end == 0 ? l.size() - 1 : end - 1);
  std::string rank;
  int empty = 0, files = 0;
  bool gote = false;
  std::string pending;
  for (size_t i = 0; i < cells.size();) {
    const unsigned char c = cells[i];
    const size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    std::string_view ch = cells.substr(i, len);
    i += len;
    if (ch == " " || ch == "　") continue;
    if (ch == "v") {
      gote = true;
      continue;
    }
    if (ch == "・") {
      ++empty, ++files;
      continue;
    }
    if (ch == "成" && pending.empty()) {
      pending = "成";
      continue;
    }
    const std::string name = pending + std::string(ch);
    pending.clear();
    const Kind k = kind_by_kanji(v, name);
    if (k == NO_KIND) return Error{"unknown piece '" + name + "' in the board diagram"};
    if (empty) rank += std::to_string(empty), empty = 0;
    std::string token = v.kind(k).token;
    if (gote)
      for (char& t : token) t = char(std::tolower(static_cast<unsigned char>(t)));
    rank += token;
    gote = false;
    ++files;
  }
  if (empty) rank += std::to_string(empty);
  if (files != v.files())
    return Error{"a board row has " + std::to_string(files) + " squares, not " + std::to_string(v.files())};
  return rank;
}

// "歩二 金" into SFEN hand text for colour c.
Result<std::string> parse_hand(const Variant& v, std::string_view text, Color c) {
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text.substr(i).starts_with("　"))) i += text[i] == ' ' ? 1 : 3;
    if (i >= text.size() || text.substr(i).starts_with("なし")) break;
    const unsigned char ch = text[i];
    const size_t len = ch < 0x80 ? 1 : ch < 0xE0 ? 2 : ch < 0xF0 ? 3 : 4;
    const Kind k = kind_by_kanji(v, text.substr(i, len));
    if (k == NO_KIND) return Error{"unknown piece '" + std::string(text.substr(i, len)) + "' in a hand"};
    i += len;
    int n = 1;
    i += parse_kanji_number(text.substr(i), n);
    std::string token = v.kind(k).token;
    if (c == SECOND) token[0] = char(std::tolower(static_cast<unsigned char>(token[0])));
    out += (n > 1 ? std::to_string(n) : "") + token;
  }
  return out;
}

// A move's note as KIF comment lines ("*..."), which readers skip: the comment (glyph first), and
// the better line, a Lion's two steps on one line.
std::string kif_note(const Position& before, const MoveNote& note, Square last) {
  std::string out;
  if (!note.glyph.empty() || !note.comment.empty())
    out += "*" + note.glyph + (note.glyph.empty() || note.comment.empty() ? "" : " ") + note.comment + "\n";
  if (note.better.empty()) return out;
  out += "*Better:";
  Position p = before;
  for (Move m : note.better) {
    std::string text = move_to_kif(p, m, last);
    for (char& c : text)
      if (c == '\n') c = ' ';
    out += " " + text;
    last = m.to();
    p.do_move(m);
  }
  return out + "\n";
}

// The 手合割 of a game from its usual start: the game's own name, as lishogi writes 中将棋 (a
// reader of standard shogi's KIF takes 平手 for its own even game); 平手 is read as well.
std::string_view even_game(GameId g) {
  switch (g) {
    case GameId::CHUSHOGI:
      return "中将棋";
    case GameId::CHUSEIREIGI:
      return "中精霊棋";
    case GameId::XIANGQI:
      break;
  }
  return "平手";
}

// KIF's header keys that PGN has a name for; the others keep their own.
constexpr std::pair<std::string_view, std::string_view> KIF_TAG_NAMES[] = {{"棋戦", "Event"}, {"場所", "Site"}};

// A header line "key：value" (or "key:value") other than the ones the reader takes apart (the
// players, the start's date, the handicap, the hands): a tag to keep, by PGN's name if it has one.
std::optional<std::pair<std::string, std::string>> kif_tag(std::string_view line) {
  size_t colon = line.find("："), width = 3;
  if (const size_t ascii = line.find(':'); ascii < colon) colon = ascii, width = 1;
  if (colon == std::string_view::npos || colon == 0) return std::nullopt;
  const std::string_view key = line.substr(0, colon), value = line.substr(colon + width);
  for (std::string_view taken : {"手合割", "先手", "後手", "下手", "上手", "開始日時", "変化"})
    if (key == taken) return std::nullopt;
  if (value.empty()) return std::nullopt;
  for (const auto& [kif, pgn] : KIF_TAG_NAMES)
    if (key == kif) return std::pair{std::string(pgn), std::string(value)};
  return std::pair{std::string(key), std::string(value)};
}

// The KIF key of a tag kept from a record: 棋戦 for Event; "" for one KIF cannot hold.
std::string kif_key(const std::string& name) {
  for (const auto& [kif, pgn] : KIF_TAG_NAMES)
    if (name == pgn) return std::string(kif);
  if (name.find(':') != std::string::npos || name.find("：") != std::string::npos) return "";
  return name;
}

}  // namespace

std::string write_kif(const Game& g, const std::vector<MoveNote>& notes) {
  const Variant& v = g.variant();
  const Position& s = g.start();
  const Game::RecordHeader& header = g.record_header();
  std::string out;
  if (!header.date.empty())
    out += "開始日時：" + header.date.substr(0, 4) + "/" + header.date.substr(5, 2) + "/" + header.date.substr(8, 2) +
           "\n";
  for (const auto& [name, value] : header.tags)
    if (const std::string key = kif_key(name); !key.empty() && value.find('\n') == std::string::npos)
      out += key + "：" + value + "\n";
  out += "先手：" + header.players[FIRST] + "\n後手：" + header.players[SECOND] + "\n";
  if (to_fen(s) == to_fen(start_position(g.variant_ptr()))) {
    out += "手合割：" + std::string(even_game(v.game())) + "\n";
  } else {
    if (v.def().drops) out += "後手の持駒：" + kif_hand(s, SECOND) + "\n";
    out += kif_board(s);
    if (v.def().drops) out += "先手の持駒：" + kif_hand(s, FIRST) + "\n";
    if (s.side_to_move() == SECOND) out += "後手番\n";
  }
  out += "手数----指手---------消費時間--\n";
  Position p = s;
  Square last = NO_SQUARE;
  char num[16];
  for (int i = 0; i < g.ply(); ++i) {
    const Move m = g.moves()[i];
    std::snprintf(num, sizeof num, "%4d ", i + 1);
    std::string text = move_to_kif(p, m, last);
    for (size_t nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n', nl + 1 + 5))
      text.insert(nl + 1, num);
    out += num + text + "\n";
    if (i < int(notes.size())) out += kif_note(p, notes[i], last);
    last = m.to();
    p.do_move(m);
  }
  const GameResult& r = g.result();
  if (!r.over()) return out;
  std::snprintf(num, sizeof num, "%4d ", g.ply() + 1);
  const std::string claim = claim_word(g);
  if (claim == "resign")
    out += num + std::string("投了\n");
  else if (claim == "impasse")
    out += num + std::string("持将棋\n");
  else if (claim == "draw")
    out += num + std::string("引き分け\n");
  else if (r.ending() == Ending::CHECKMATE || r.ending() == Ending::STALEMATE)
    out += num + std::string("詰み\n");
  else if (drawn_repetition(r.ending()))
    out += num + std::string("千日手\n");
  out += "まで" + std::to_string(g.ply()) + "手で";
  if (r.outcome == Outcome::FIRST_WINS)
    out += "先手の勝ち\n";
  else if (r.outcome == Outcome::SECOND_WINS)
    out += "後手の勝ち\n";
  else
    out += claim == "impasse" ? "持将棋\n" : drawn_repetition(r.ending()) ? "千日手\n" : "引き分け\n";
  return out;
}

Result<Game> read_kif(const VariantPtr& v, std::string_view text) {
  std::vector<std::string> rows;
  std::string hands[2];
  int board_line = 0;
  Color stm = FIRST;
  std::optional<Game> game;
  Square last = NO_SQUARE;
  KifStep first_step;  // of a double move, while its second line is awaited
  bool awaiting_second = false;
  Game::RecordHeader header;
  // The start: the standard one, or the board diagram with its hands and side to move.
  auto start_game = [&]() -> Result<Game> {
    if (rows.empty()) return Game(v);
    if (int(rows.size()) != v->ranks())
      return located(
          board_line, 1,
          "the board diagram has " + std::to_string(rows.size()) + " rows, not " + std::to_string(v->ranks()));
    std::string fen;
    for (const auto& r : rows) fen += (fen.empty() ? "" : "/") + r;
    const std::string hand = hands[0] + hands[1];
    fen +=
        std::string(stm == FIRST ? " b " : " w ") + (v->def().drops ? (hand.empty() ? "-" : hand) + " " : "- ") + "1";
    auto g = Game::from_fen(v, fen);
    if (!g) return located(board_line, 1, "bad position: " + g.error());
    return g;
  };
  for (const Line& line : split_lines(text)) {
    std::string_view s = line.text;
    if (s.starts_with("\xEF\xBB\xBF")) s.remove_prefix(3);  // byte-order mark
    size_t i = 0;
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    if (s.substr(i).starts_with("　")) i += 3;
    std::string_view rest = s.substr(i);
    if (rest.empty() || rest.starts_with("#") || rest.starts_with("*") || rest.starts_with("&") ||
        rest.starts_with("まで") || rest.starts_with("手数") || rest.starts_with("+--") || rest.starts_with("１") ||
        rest.starts_with("９") || rest.starts_with("５"))
      continue;
    if (rest.starts_with("|")) {
      if (game) return located(line.number, 1, "a board diagram after the moves");
      if (!board_line) board_line = line.number;
      auto r = parse_board_line(*v, rest);
      if (!r) return located(line.number, column_of(s, i), r.error());
      rows.push_back(*r);
      continue;
    }
    for (int c = 0; c < 2; ++c) {
      const char* key = c == 0 ? "先手の持駒：" : "後手の持駒：";
      const char* alt = c == 0 ? "下手の持駒：" : "上手の持駒：";
      if (rest.starts_with(key) || rest.starts_with(alt)) {
        auto h = parse_hand(*v, rest.substr(std::string_view(key).size()), Color(c));
        if (!h) return located(line.number, column_of(s, i), h.error());
        hands[c] = *h;
        rest = {};
      }
    }
    if (rest.empty()) continue;
    if (rest.starts_with("後手番") || rest.starts_with("上手番")) {
      stm = SECOND;
      continue;
    }
    if (rest.starts_with("先手番") || rest.starts_with("下手番")) continue;
    const bool numbered = std::isdigit(static_cast<unsigned char>(rest[0]));
    if (!numbered) {
      // A header "key：value" (or "key:value"); a 手合割 other than the even game needs a board.
      if (rest.starts_with("手合割：")) {
        std::string_view name = rest.substr(std::string_view("手合割：").size());
        if (!name.empty() && name != "平手" && name != even_game(v->game()))
          return located(line.number, column_of(s, i),
                         "unknown handicap '" + std::string(name.substr(0, 48)) + (name.size() > 48 ? "..." : "") +
                             "': give the board diagram");
        continue;
      }
      // The players (下手 and 上手 in a handicap game) and the start's date and time.
      for (int c = 0; c < 2; ++c)
        for (std::string_view key : {c == 0 ? "先手：" : "後手：", c == 0 ? "下手：" : "上手："})
          if (rest.starts_with(key)) header.players[c] = std::string(rest.substr(key.size()));
      if (rest.starts_with("開始日時：")) header.date = iso_date(rest.substr(std::string_view("開始日時：").size()));
      if (auto tag = kif_tag(rest); tag && !game) {
        header.tags.push_back(*tag);
        continue;
      }
      if (rest.find("：") != std::string_view::npos || rest.find(':') != std::string_view::npos) continue;
      return located(line.number, column_of(s, i), "expected a header, a board row or a numbered move");
    }
    if (!game) {
      auto g = start_game();
      if (!g) return Error{g.error()};
      game.emplace(as_played(std::move(*g)));
    }
    Game& g = *game;
    // The move number, then the move (or the end of the game).
    size_t j = i;
    while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
    if (s.substr(j).starts_with("手目")) j += std::string_view("手目").size();
    size_t k = j;
    while (k < s.size() && (s[k] == ' ' || s[k] == '\t')) ++k;
    for (std::string_view mark : {"▲", "△", "☗", "☖"})
      if (s.substr(k).starts_with(mark)) k += mark.size();
    std::string_view word = s.substr(k);
    const int col = column_of(s, k);
    if (word.starts_with("投了") || word.starts_with("持将棋") || word.starts_with("引き分け")) {
      auto r = word.starts_with("投了")                                   ? g.resign(g.side_to_move())
               : word.starts_with("持将棋") && v->def().impasse_threshold ? g.claim_impasse(g.side_to_move())
                                                                          : g.agree_draw();
      if (!r) return located(line.number, col, r.error());
      continue;
    }
    if (word.starts_with("詰み") || word.starts_with("千日手") || word.starts_with("中断") ||
        word.starts_with("反則") || word.starts_with("切れ負け"))
      continue;
    size_t at = j;
    auto st = parse_kif_step(g.position(), s, last, at);
    if (!st) return located(line.number, column_of(s, at), "move " + std::to_string(g.ply() + 1) + ": " + st.error());
    std::string usi;
    const Variant& var = *v;
    if (st->lion_step == 1) {
      first_step = *st;
      awaiting_second = true;
      continue;
    }
    if (st->lion_step == 2) {
      if (!awaiting_second || first_step.to != st->from)
        return located(
            line.number, col,
            "move " + std::to_string(g.ply() + 1) + ": a second step (二歩目) must follow its first step (一歩目)");
      usi = var.square_name(first_step.from) + var.square_name(first_step.to) + var.square_name(st->to);
      awaiting_second = false;
    } else if (st->drop) {
      usi = var.kind(st->kind).token + "*" + var.square_name(st->to);
    } else {
      usi = var.square_name(st->from) + var.square_name(st->to) + (st->promote ? "+" : "");
    }
    if (awaiting_second)
      return located(line.number, col,
                     "move " + std::to_string(g.ply() + 1) + ": the first step (一歩目) has no second step");
    auto m = g.play(usi);
    if (!m) return located(line.number, col, "move " + std::to_string(g.ply() + 1) + ": " + m.error());
    last = m->to();
  }
  if (awaiting_second) return Error{"the record ends after a first step (一歩目)"};
  if (!game) {
    auto g = start_game();
    if (!g) return g;
    game.emplace(std::move(*g));
  } else {
    game = played_out(std::move(*game));
  }
  game->record_header() = header;
  return std::move(*game);
}

}  // namespace kirin
