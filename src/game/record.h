// Game records, read and written:
// * USI   -- the engines' format: "position sfen <SFEN> moves 7i7h 7d7e" (xiangqi: "position fen
//            <FEN> moves h2e2 ..."), "startpos" for the standard start; claims (resign, draw,
//            impasse) as trailing tokens; lines starting with '#' are comments.
// * GAME_COURIER -- full algebraic notation for the shogi games as Game Courier logs it:
//            "1. P 7i-7h", White's pieces in lower case, promotion as a second clause
//            "P 7b-7a; +P-7a", drops "P*5e", Lion double moves as two clauses "N 7g-7f; N 7f-7e".
// * KIF   -- Chu Shogi as lishogi exports it: "7八歩兵 （←7九）", Lion double moves on two lines
//            "一歩目 ..." / "二歩目 ...", igui "（居食い）", pass "(じっと)", same square "仝".
// * PGN   -- xiangqi with [Variant "xiangqi"]; moves in WXF (C2=5, H8+7) or ICCS (h2e2).
// Every importer plays the moves through Game, so a record that breaks a rule is refused, and
// every error names the line and column of the fault: "line 3, column 5: ...".
#pragma once
#include <string>
#include <string_view>

#include "core/result.h"
#include "game/game.h"

namespace kirin {

enum class RecordFormat { AUTO, USI, GAME_COURIER, KIF, PGN };

struct RecordOptions {
  bool wxf = true;  // PGN: moves in WXF notation (false: ICCS)
};

// "usi", "gc" (or "gamecourier"), "kif", "pgn"; "auto".
Result<RecordFormat> parse_record_format(std::string_view name);
// Guesses from the text: PGN tags, KIF keywords, Game Courier move numbers, else USI.
RecordFormat detect_record_format(std::string_view text);

// "" if `f` can hold a game of `v`, else why not: PGN is for xiangqi, KIF and Game Courier for
// the shogi games (USI fits all).
std::string record_format_misfit(RecordFormat f, const Variant& v);

Result<Game> read_record(const VariantPtr& v, std::string_view text, RecordFormat f = RecordFormat::AUTO);
// Texts holding several games, as `kirin match` appends them (record_games.cpp): a game starts
// at a line that only opens one (a PGN tag, a USI "position", a KIF header or board, a Game
// Courier move 1 or start comment) after the previous game's moves. How many games there are,
// and game `n` (from 1), with errors naming the lines of the whole text.
int count_record_games(std::string_view text, RecordFormat f = RecordFormat::AUTO);
Result<Game> read_record_game(const VariantPtr& v, std::string_view text, int n, RecordFormat f = RecordFormat::AUTO);
std::string write_record(const Game& g, RecordFormat f, const RecordOptions& o = {});

// The readers, one per format (record_*.cpp).
Result<Game> read_usi_record(const VariantPtr& v, std::string_view text);
Result<Game> read_game_courier(const VariantPtr& v, std::string_view text);
Result<Game> read_kif(const VariantPtr& v, std::string_view text);
Result<Game> read_pgn(const VariantPtr& v, std::string_view text);
std::string write_usi_record(const Game& g);
std::string write_game_courier(const Game& g);
std::string write_kif(const Game& g);
std::string write_pgn(const Game& g, bool wxf);

}  // namespace kirin
