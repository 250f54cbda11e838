#include "game/record.h"

#include "notation/fen.h"
#include "notation/move_text.h"
#include "game/record_text.h"

namespace kirin {

Result<RecordFormat> parse_record_format(std::string_view name) {
  if (name == "auto") return RecordFormat::AUTO;
  if (name == "usi" || name == "fen" || name == "sfen") return RecordFormat::USI;
  if (name == "gc" || name == "gamecourier") return RecordFormat::GAME_COURIER;
  if (name == "kif") return RecordFormat::KIF;
  if (name == "pgn") return RecordFormat::PGN;
  return Error{"unknown record format '" + std::string(name) + "' (expected usi, gc, kif or pgn)"};
}

std::string record_format_misfit(RecordFormat f, const Variant& v) {
  if (f == RecordFormat::PGN && v.is_shogi_family()) return "PGN records are for xiangqi; use KIF or Game Courier for " + v.name();
  if ((f == RecordFormat::KIF || f == RecordFormat::GAME_COURIER) && !v.is_shogi_family())
    return std::string(f == RecordFormat::KIF ? "KIF" : "Game Courier") + " records are for the shogi games; use PGN for xiangqi";
  return "";
}

RecordFormat detect_record_format(std::string_view text) {
  for (const Line& l : split_lines(text)) {
    std::string_view s = l.text;
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    if (s.empty()) continue;
    if (s.front() == '[') return RecordFormat::PGN;
    if (s.find("手") != std::string_view::npos || s.find("（←") != std::string_view::npos ||
        s.find("先手") != std::string_view::npos || s.starts_with("|") || s.starts_with("+--") ||
        s.starts_with("#KIF"))
      return RecordFormat::KIF;
  }
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
    case RecordFormat::GAME_COURIER: return read_game_courier(v, text);
    case RecordFormat::KIF: return read_kif(v, text);
    case RecordFormat::PGN: return read_pgn(v, text);
    default: return read_usi_record(v, text);
  }
}

std::string write_record(const Game& g, RecordFormat f, const RecordOptions& o) {
  switch (f) {
    case RecordFormat::GAME_COURIER: return write_game_courier(g);
    case RecordFormat::KIF: return write_kif(g);
    case RecordFormat::PGN: return write_pgn(g, o.wxf);
    default: return write_usi_record(g);
  }
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
  return game;
}

std::string write_usi_record(const Game& g) {
  const Variant& v = g.variant();
  std::string start = to_fen(g.start());
  std::string out = "position ";
  if (start == to_fen(start_position(g.variant_ptr()))) out += "startpos";
  else out += (v.is_shogi_family() ? "sfen " : "fen ") + start;
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
