// kirin replay --game G [--fen F] [--record FILE [--record-game N]] [MOVES...]: the scriptable
// referee. Plays a move list or a record (of a file with several games, such as `kirin match`
// writes, the first or game N), prints the final position and, as its last line,
// "result <1-0|0-1|1/2-1/2|*> <reason>"; with --explain, a xiangqi repetition's cycle before it,
// each move with its class and why (game/repetition_explain.h). Claims are tokens among the
// moves: resign, draw (agreed), impasse. A move the rules forbid stops the replay: exit code 2
// and an error on stderr naming the move, its number and the rule.
#include <cstdio>
#include <fstream>
#include <memory>

#include "cli/commands.h"
#include "cli/common.h"
#include "game/game.h"
#include "game/record.h"
#include "game/repetition_explain.h"
#include "notation/diagram.h"
#include "notation/fen.h"

namespace kirin::cli {

namespace {

// Plays one token: a move or a claim, or says why it cannot.
Result<void> play_token(Game& g, const std::string& token) {
  const Color us = g.side_to_move();
  Result<GameResult> claim = Error{""};
  if (token == "resign")
    claim = g.resign(us);
  else if (token == "draw")
    claim = g.can_claim_repetition() ? g.claim_repetition() : g.agree_draw();
  else if (token == "impasse")
    claim = g.claim_impasse(us);
  else {
    auto m = g.play(token);
    if (!m) return Error{m.error()};
    return {};
  }
  if (!claim) return Error{claim.error()};
  return {};
}

}  // namespace

std::function<int()> add_replay(CLI::App& app) {
  auto* cmd = app.add_subcommand("replay", "Referee a move list or record: final position and result");
  auto args = std::make_shared<GameArgs>();
  auto record = std::make_shared<std::string>();
  auto played = std::make_shared<std::vector<std::string>>();
  auto kanji = std::make_shared<bool>(false);
  cmd->add_option("--game,-g", args->game, "xiangqi, chushogi or chuseireigi")->required();
  auto* fen = cmd->add_option("--fen,-f", args->fen, "FEN/SFEN of the start position (default: the standard start)");
  cmd->add_option("--option,-o", args->options, "rule option such as bareking=lishogi (repeatable)");
  cmd->add_option("--record,-r", *record,
                  "a record file (SFEN/FEN + moves, Game Courier, KIF, PGN with WXF/ICCS/Chinese/SAN moves, DhtmlXQ; "
                  "UTF-8, GBK or Big5) played before MOVES");
  auto game_number = std::make_shared<int>(1);
  auto* nth =
      cmd->add_option("--record-game", *game_number, "which game of a record file with several (default: the first)")
          ->check(CLI::PositiveNumber);
  cmd->add_flag("--kanji", *kanji, "draw the board with kanji");
  auto explain = std::make_shared<bool>(false);
  cmd->add_flag("--explain", *explain,
                "xiangqi: print the repetition cycle that ended the game, each move with its class (check, chase, "
                "idle) and why");
  auto save = std::make_shared<std::string>(), save_as = std::make_shared<std::string>();
  cmd->add_option("--save", *save, "write the game's record to this file");
  cmd->add_option(
      "--save-format", *save_as,
      "its format: usi, gc, kif, pgn, iccs, chinese, chinese-traditional, dhtmlxq (default: by the file's ending)");
  cmd->add_option("moves", *played, "moves (USI/ICCS) and claims (resign, draw, impasse)");
  return [=] {
    args->fen_given = fen->count() > 0;
    auto v = load_variant(args->game, args->options);
    if (!v) {
      std::fprintf(stderr, "kirin replay: %s\n", v.error().c_str());
      return EXIT_USAGE;
    }
    Result<Game> game = Error{""};
    if (nth->count() && record->empty()) {
      std::fprintf(stderr, "kirin replay: --record-game needs --record\n");
      return EXIT_USAGE;
    }
    if (!record->empty()) {
      auto text = read_record_file(*record);
      if (!text) {
        std::fprintf(stderr, "kirin replay: %s\n", text.error().c_str());
        return EXIT_USAGE;
      }
      if (args->fen_given) {
        std::fprintf(stderr, "kirin replay: --fen and --record exclude each other (a record has its own start)\n");
        return EXIT_USAGE;
      }
      game = read_record_game(*v, *text, *game_number);
      if (!game) {
        std::fprintf(stderr, "kirin replay: %s: %s\n", record->c_str(), game.error().c_str());
        return EXIT_USAGE;
      }
    } else {
      game = args->fen_given ? Game::from_fen(*v, args->fen) : Result<Game>(Game(*v));
      if (!game) {
        std::fprintf(stderr, "kirin replay: bad --fen: %s\n", game.error().c_str());
        return EXIT_USAGE;
      }
    }
    Game& g = *game;
    const int before = g.ply();
    int n = 0;
    for (const auto& token : *played) {
      ++n;
      if (auto played_one = play_token(g, token); !played_one) {
        std::fprintf(stderr, "kirin replay: move %d '%s' (%s): %s\n", before + n, token.c_str(),
                     g.variant().color_name(g.side_to_move()).c_str(), played_one.error().c_str());
        return EXIT_USAGE;
      }
    }
    DiagramStyle style;
    style.kanji = *kanji;
    if (g.ply()) style.last = g.moves().back();
    if (!save->empty()) {
      auto f = save_format(*save, *save_as, g.variant());
      if (!f) {
        std::fprintf(stderr, "kirin replay: --save: %s\n", f.error().c_str());
        return EXIT_USAGE;
      }
      std::ofstream file(*save, std::ios::binary);
      if (!(file << write_record(g, *f)) || !file.flush()) {
        std::fprintf(stderr, "kirin replay: cannot write '%s'\n", save->c_str());
        return EXIT_FAIL;
      }
    }
    std::printf("%s\n%s", to_fen(g.position()).c_str(), draw_diagram(g.position(), style).c_str());
    for (const std::string& note : record_notes(g)) std::printf("%s\n", note.c_str());
    if (*explain)
      for (const std::string& line : explain_repetition(g)) std::printf("%s\n", line.c_str());
    std::printf("result %s\n", g.over() ? g.result().text().c_str() : "* ongoing");
    return EXIT_OK;
  };
}

}  // namespace kirin::cli
