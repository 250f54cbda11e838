#include "cli/play_session.h"

#include <fstream>
#include <istream>
#include <ostream>
#include <sstream>
#include <utility>

#include "cli/common.h"
#include "game/move_input.h"
#include "game/record.h"
#include "notation/diagram.h"
#include "notation/game_courier.h"
#include "notation/move_text.h"
#include "notation/wxf.h"

namespace kirin::cli {
namespace {

const char* HELP =
    "Type a move, or a command:\n"
    "  7g7f  7g7f+  7g7f7e  P*5e      USI (the shogi games)\n"
    "  P 7g-7f   P 7b-7a; +P-7a       Game Courier (the shogi games)\n"
    "  h2e2  C2=5  炮二平五  Che2     ICCS, WXF, Chinese or SAN (xiangqi)\n"
    "  moves [SQUARE]   legal moves (of the piece on SQUARE)\n"
    "  undo, redo       take back a move, play it again (against Kirin: with its reply)\n"
    "  save FILE [FMT]  .kif (KIF), .gc (Game Courier), .pgn (PGN), else USI; or FMT:\n"
    "                   usi gc kif pgn iccs chinese chinese-traditional dhtmlxq\n"
    "  load FILE        a record in any of those formats\n"
    "  flip             turn the board around\n"
    "  resign, impasse  end the game\n"
    "  draw             offer a draw; the other player answers 'accept' (Kirin declines)\n"
    "  board, help, quit\n";

}  // namespace

PlaySession::PlaySession(Game game, PlayOptions options, std::ostream& out, std::ostream& err)
    : game_(std::move(game)), opt_(options), out_(out), err_(err) {}

void PlaySession::show() {
  DiagramStyle style;
  style.kanji = opt_.kanji;
  style.flipped = opt_.flipped;
  const Position& pos = game_.position();
  if (game_.ply()) {
    const Move last = game_.moves().back();
    style.last = last;
    const Position before = game_.position_at(game_.ply() - 1);
    std::string text = move_to_text(before, last);
    if (game_.variant().is_shogi_family())
      text += " (" + move_to_game_courier(before, last) + ")";
    else
      text += " (" + move_to_wxf(before, last) + ")";
    out_ << "\nLast move " << game_.ply() << ": " << text << "\n";
  } else {
    out_ << "\n";
  }
  out_ << draw_diagram(pos, style);
  if (!game_.over()) return;
  out_ << "Game over: " << game_.result().text();
  if (!game_.result().detail.empty()) out_ << " (" << game_.result().detail << ")";
  out_ << "\n";
}

void PlaySession::after_change() { show(); }

void PlaySession::show_moves(const std::string& square) {
  const Variant& v = game_.variant();
  Square from = NO_SQUARE;
  if (!square.empty() && v.parse_square(square, from) != int(square.size())) {
    err_ << "moves: '" << square << "' is not a square\n";
    return;
  }
  const MoveList list = game_.legal_moves();
  std::string line;
  int n = 0;
  for (Move m : list) {
    if (from != NO_SQUARE && (m.is_drop() || m.from() != from)) continue;
    if (!line.empty()) line += ' ';
    line += move_to_text(game_.position(), m);
    ++n;
  }
  if (game_.over())
    out_ << "no moves: the game is over (" << game_.result().text() << ")\n";
  else if (!n)
    out_ << (from == NO_SQUARE ? "no legal moves\n" : "no legal moves from " + square + "\n");
  else
    out_ << n << (n == 1 ? " move: " : " moves: ") << line << "\n";
}

void PlaySession::save(const std::string& path, const std::string& format) {
  auto f = save_format(path, format, game_.variant());
  if (!f) {
    err_ << "save: " << f.error() << "\n";
    return;
  }
  std::ofstream file(path, std::ios::binary);
  if (!(file << write_record(game_, *f)) || !file.flush()) {
    err_ << "save: cannot write '" << path << "'\n";
    return;
  }
  out_ << "saved " << game_.ply() << " moves to " << path << "\n";
}

void PlaySession::load(const std::string& path) {
  auto text = read_record_file(path);
  if (!text) {
    err_ << "load: " << text.error() << "\n";
    return;
  }
  auto g = read_record_game(game_.variant_ptr(), *text, 1);  // of a match's file, the first game
  if (!g) {
    err_ << "load: " << path << ": " << g.error() << "\n";
    return;
  }
  game_ = std::move(*g);
  out_ << "loaded " << game_.ply() << " moves from " << path << "\n";
  for (const std::string& note : record_notes(game_)) out_ << note << "\n";
  show();
}

void PlaySession::undo() {
  if (!opt_.engine) {
    game_.undo() ? show() : void(err_ << "undo: nothing to take back\n");
    return;
  }
  // Against Kirin, taking back only its reply would make it play the reply again: take back the
  // user's last move too (with any resignation that ended the game after it).
  const Color kirin = *opt_.engine;
  const int ply = game_.ply();
  auto mover = [&](int i) { return game_.position_at(i).side_to_move(); };
  const int plies = ply >= 1 && mover(ply - 1) != kirin ? 1 : ply >= 2 ? 2 : 0;
  if (!plies) {
    if (ply == 0 && game_.undo())
      show();  // a resignation before any move
    else
      err_ << "undo: no move of yours to take back\n";
    return;
  }
  std::string taken;
  for (int i = ply - plies; i < ply; ++i) {
    const std::string text = move_to_text(game_.position_at(i), game_.moves()[i]);
    taken += taken.empty() ? "your move " + text : " and Kirin's reply " + text;
  }
  for (int i = 0; i < plies; ++i) game_.undo();
  out_ << "took back " << taken << "\n";
  show();
}

void PlaySession::redo() {
  if (!game_.redo()) {
    err_ << "redo: nothing to play again\n";
    return;
  }
  // Against Kirin, its reply comes back with the user's move, without a new search.
  if (opt_.engine && game_.side_to_move() == *opt_.engine && game_.can_redo()) game_.redo();
  show();
}

void PlaySession::draw(const std::string& cmd, std::optional<Color> offer) {
  const Variant& v = game_.variant();
  const Color us = game_.side_to_move();
  if (offer) {
    if (auto r = game_.agree_draw(); !r)
      err_ << r.error() << "\n";
    else
      show();
  } else if (cmd == "draw" && game_.can_claim_repetition()) {
    // repetition=vary: a third occurrence is a draw on a claim, no agreement needed.
    if (auto r = game_.claim_repetition(); !r)
      err_ << r.error() << "\n";
    else
      show();
  } else if (cmd == "accept") {
    err_ << "accept: no draw offer to accept\n";
  } else if (game_.over()) {
    err_ << "the game is over: " << game_.result().text() << "\n";
  } else if (opt_.engine) {
    out_ << "Kirin declines the draw offer; play on\n";  // as on the web platform: Kirin accepts no draws
  } else {
    draw_offer_ = us;
    out_ << v.color_name(us) << " offers a draw: " << v.color_name(~us)
         << ", type 'accept' to agree; anything else declines\n";
  }
}

bool PlaySession::command(const std::string& line) {
  std::istringstream words(line);
  std::string cmd, arg, extra;
  words >> cmd >> arg >> extra;
  if (cmd.empty()) return true;
  const Color us = game_.side_to_move();
  // A draw offer stands for one line: the other player's answer; anything but agreeing declines.
  const std::optional<Color> offer = std::exchange(draw_offer_, std::nullopt);
  if (offer && cmd != "accept" && cmd != "draw") out_ << game_.variant().color_name(~*offer) << " declines the draw\n";
  auto claim = [&](const Result<GameResult>& r) {
    if (!r)
      err_ << r.error() << "\n";
    else
      show();
  };
  if (cmd == "quit" || cmd == "exit") return false;
  if (cmd == "help" || cmd == "?")
    out_ << HELP;
  else if (cmd == "board")
    show();
  else if (cmd == "moves")
    show_moves(arg);
  else if (cmd == "flip")
    opt_.flipped = !opt_.flipped, show();
  else if (cmd == "undo")
    undo();
  else if (cmd == "redo")
    redo();
  else if (cmd == "save") {
    std::string more;
    if (arg.empty() || words >> more)
      err_ << "save: expected a file name and maybe a format\n";
    else
      save(arg, extra);
  } else if (cmd == "load") {
    if (arg.empty() || !extra.empty())
      err_ << "load: expected one file name\n";
    else
      load(arg);
  } else if (cmd == "resign")
    claim(game_.resign(us));
  else if (cmd == "draw" || cmd == "accept")
    draw(cmd, offer);
  else if (cmd == "impasse")
    claim(game_.claim_impasse(us));
  else {
    auto m = parse_typed_move(game_, line);
    if (!m) {
      err_ << m.error() << "\n";
      return true;
    }
    auto r = game_.play(*m);
    if (!r)
      err_ << r.error() << "\n";
    else
      show();
  }
  return true;
}

void PlaySession::run(std::istream& in) {
  show();
  if (opt_.prompt) out_ << "Type a move, or 'help'.\n";
  std::string line;
  while (true) {
    if (opt_.prompt) {
      const Variant& v = game_.variant();
      out_ << (game_.over() ? std::string("game over") : v.color_name(game_.side_to_move()) + " to move") << "> "
           << std::flush;
    }
    if (!std::getline(in, line)) break;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!command(line)) break;
  }
  if (opt_.prompt) out_ << "\n";
}

}  // namespace kirin::cli
