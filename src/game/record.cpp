#include "game/record.h"

#include <cctype>

#include "game/record_text.h"
#include "notation/chinese.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "notation/wxf.h"
#include "notation/xiangqi_moves.h"

namespace kirin {

Result<RecordFormat> parse_record_format(std::string_view given) {
  std::string name;
  for (char c : given) name += char(std::tolower(static_cast<unsigned char>(c)));
  if (name == "auto") return RecordFormat::AUTO;
  if (name == "usi" || name == "fen" || name == "sfen") return RecordFormat::USI;
  if (name == "gc" || name == "gamecourier") return RecordFormat::GAME_COURIER;
  if (name == "kif") return RecordFormat::KIF;
  if (name == "pgn" || name == "wxf") return RecordFormat::PGN;
  if (name == "iccs") return RecordFormat::PGN_ICCS;
  if (name == "chinese") return RecordFormat::CHINESE;
  if (name == "chinese-traditional") return RecordFormat::CHINESE_TRADITIONAL;
  if (name == "dhtmlxq") return RecordFormat::DHTMLXQ;
  return Error{"unknown record format '" + std::string(given) +
               "' (expected usi, gc, kif, pgn, wxf, iccs, chinese, chinese-traditional or dhtmlxq)"};
}

bool is_pgn(RecordFormat f) {
  return f == RecordFormat::PGN || f == RecordFormat::PGN_ICCS || f == RecordFormat::CHINESE ||
         f == RecordFormat::CHINESE_TRADITIONAL;
}

Result<void> record_format_misfit(RecordFormat f, const Variant& v) {
  if ((is_pgn(f) || f == RecordFormat::DHTMLXQ) && v.is_shogi_family()) {
    const char* name = f == RecordFormat::DHTMLXQ    ? "DhtmlXQ"
                       : f == RecordFormat::PGN      ? "PGN"
                       : f == RecordFormat::PGN_ICCS ? "ICCS"
                                                     : "Chinese";
    return Error{std::string(name) + " records are for xiangqi; use KIF or Game Courier for " + v.name()};
  }
  if ((f == RecordFormat::KIF || f == RecordFormat::GAME_COURIER) && !v.is_shogi_family())
    return Error{std::string(f == RecordFormat::KIF ? "KIF" : "Game Courier") +
                 " records are for the shogi games; use PGN for xiangqi"};
  return {};
}

RecordFormat detect_record_format(std::string_view text) {
  if (text.find("[DhtmlXQ") != std::string_view::npos) return RecordFormat::DHTMLXQ;
  for (const Line& l : split_lines(text)) {
    std::string_view s = l.text;
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    if (s.empty()) continue;
    if (s.front() == '[') return RecordFormat::PGN;
    if (s.find("手") != std::string_view::npos || s.find("（←") != std::string_view::npos ||
        s.find("先手") != std::string_view::npos || s.starts_with("|") || s.starts_with("+--") || s.starts_with("#KIF"))
      return RecordFormat::KIF;
  }
  // A bare move list in Chinese or WXF (as books and sites print them) is PGN movetext.
  for (const Line& l : split_lines(text))
    for (const Token& t : is_hash_comment(l) ? std::vector<Token>{} : tokenize(l))
      for (std::string_view w : split_glued_moves(t.text))
        if (looks_like_chinese(w) || looks_like_wxf(w)) return RecordFormat::PGN;
  // Game Courier: a piece letter, a space, then a square ("P 7i-7h"), or a drop "P*5e" after
  // a move number.
  for (const Line& l : split_lines(text))
    for (const Token& t : is_hash_comment(l) ? std::vector<Token>{} : tokenize(l))
      if (t.text.size() <= 3 && t.text.find('.') != std::string_view::npos) return RecordFormat::GAME_COURIER;
  return RecordFormat::USI;
}

Result<Game> read_record(const VariantPtr& v, std::string_view text, RecordFormat f) {
  if (f == RecordFormat::AUTO) f = detect_record_format(text);
  switch (f) {
    case RecordFormat::GAME_COURIER:
      return read_game_courier(v, text);
    case RecordFormat::KIF:
      return read_kif(v, text);
    case RecordFormat::DHTMLXQ:
      return read_dhtmlxq(v, text);
    case RecordFormat::USI:
    case RecordFormat::AUTO:
      return read_usi_record(v, text);
    default:
      return read_pgn(v, text);
  }
}

std::string write_record(const Game& g, RecordFormat f, const RecordOptions& o) {
  switch (f) {
    case RecordFormat::GAME_COURIER:
      return write_game_courier(g);
    case RecordFormat::KIF:
      return write_kif(g);
    case RecordFormat::PGN:
      return write_pgn(g, o.wxf ? PgnMoves::WXF : PgnMoves::ICCS);
    case RecordFormat::PGN_ICCS:
      return write_pgn(g, PgnMoves::ICCS);
    case RecordFormat::CHINESE:
      return write_pgn(g, PgnMoves::CHINESE);
    case RecordFormat::CHINESE_TRADITIONAL:
      return write_pgn(g, PgnMoves::CHINESE_TRADITIONAL);
    case RecordFormat::DHTMLXQ:
      return write_dhtmlxq(g);
    default:
      return write_usi_record(g);
  }
}

bool takes_notes(RecordFormat f) { return f == RecordFormat::KIF || is_pgn(f); }

std::string write_annotated_record(const Game& g, RecordFormat f, const std::vector<MoveNote>& notes) {
  switch (f) {
    case RecordFormat::KIF:
      return write_kif(g, notes);
    case RecordFormat::PGN:
      return write_pgn(g, PgnMoves::WXF, notes);
    case RecordFormat::PGN_ICCS:
      return write_pgn(g, PgnMoves::ICCS, notes);
    case RecordFormat::CHINESE:
      return write_pgn(g, PgnMoves::CHINESE, notes);
    case RecordFormat::CHINESE_TRADITIONAL:
      return write_pgn(g, PgnMoves::CHINESE_TRADITIONAL, notes);
    default:
      return write_record(g, f);
  }
}

std::vector<std::string> record_notes(const Game& g) {
  std::vector<std::string> notes;
  if (const auto& end = g.rules_ended()) {
    // Moves are counted as the record numbers them: a move of each side, from the start's number.
    const Position at = g.position_at(end->ply > 0 ? end->ply - 1 : 0);
    notes.push_back("note: by the rules the game ended after move " + std::to_string(end->ply ? at.move_number() : 0) +
                    ": " + end->result.text());
  }
  for (const std::string& n : g.record_notes()) notes.push_back("note: " + n);
  return notes;
}

// USI / UCI(CI) "position" line; '#' lines are comments.
Result<Game> read_usi_record(const VariantPtr& v, std::string_view text) {
  std::vector<Token> tokens;
  for (const Line& l : split_lines(text))
    if (!is_hash_comment(l))
      for (const Token& t : tokenize(l)) tokens.push_back(t);
  size_t i = 0;
  if (i < tokens.size() && tokens[i].text == "position") ++i;
  std::string fen = v->start_fen();
  Token where = tokens.empty() ? Token{} : tokens[0];
  if (i < tokens.size() && tokens[i].text == "startpos") {
    ++i;
  } else if (i < tokens.size() && (tokens[i].text == "sfen" || tokens[i].text == "fen")) {
    const Token& head = tokens[i++];
    if (i < tokens.size()) where = tokens[i];
    fen.clear();
    for (; i < tokens.size() && tokens[i].text != "moves"; ++i) {
      if (!fen.empty()) fen += ' ';
      fen += tokens[i].text;
    }
    if (fen.empty()) return located(head, "expected a position after '" + std::string(head.text) + "'");
  }
  auto game = Game::from_fen(v, fen);
  if (!game) return located(where, "bad position: " + game.error());
  if (i < tokens.size() && tokens[i].text == "moves") ++i;
  Game& g = *game;
  g.set_as_played(true);
  for (; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (is_claim(t.text)) {
      auto r = play_claim(g, t.text);
      if (!r) return located(t, r.error());
      continue;
    }
    auto m = g.play(t.text);
    if (!m) return located(t, "move " + std::to_string(g.ply() + 1) + ": " + m.error());
  }
  g.set_as_played(false);
  return game;
}

std::string write_usi_record(const Game& g) {
  const Variant& v = g.variant();
  std::string start = to_fen(g.start());
  // Who played and when, as comments (a USI record's '#' lines), before the position.
  std::string out;
  const Game::RecordHeader& header = g.record_header();
  for (Color c : {FIRST, SECOND})
    if (!header.players[c].empty()) out += "# " + v.color_name(c) + ": " + header.players[c] + "\n";
  if (!header.date.empty()) out += "# Date: " + header.date + "\n";
  for (const auto& [name, value] : header.tags)
    if (value.find('\n') == std::string::npos) out += "# " + name + ": " + value + "\n";
  out += "position ";
  if (start == to_fen(start_position(g.variant_ptr())))
    out += "startpos";
  else
    out += (v.is_shogi_family() ? "sfen " : "fen ") + start;
  if (g.ply()) {
    out += " moves";
    Position p = g.start();
    for (Move m : g.moves()) {
      out += ' ';
      out += move_to_text(p, m);
      p.do_move(m);
    }
  }
  if (std::string claim = claim_word(g); !claim.empty()) out += " " + claim;
  return out + "\n";
}

}  // namespace kirin
