// Game records, read and written:
// * USI   -- the engines' format: "position sfen <SFEN> moves 7i7h 7d7e" (xiangqi: "position fen
//            <FEN> moves h2e2 ..."), "startpos" for the standard start; claims (resign, draw,
//            impasse) as trailing tokens; lines starting with '#' are comments.
// * GAME_COURIER -- full algebraic notation for the shogi games as Game Courier logs it:
//            "1. P 7i-7h", White's pieces in lower case, promotion as a second clause
//            "P 7b-7a; +P-7a", drops "P*5e", Lion double moves as two clauses "N 7g-7f; N 7f-7e".
// * KIF   -- Chu Shogi as lishogi exports it: "7八歩兵 （←7九）", Lion double moves on two lines
//            "一歩目 ..." / "二歩目 ...", igui "（居食い）", pass "(じっと)", same square "仝".
// * PGN   -- xiangqi with [Variant "xiangqi"]; read with moves in any notation of
//            notation/xiangqi_moves.h (WXF in all its forms, ICCS, Chinese, XBoard SAN); written
//            with WXF (PGN), ICCS (PGN_ICCS) or Chinese (CHINESE: [Format "Chinese"], 炮二平五).
// * DHTMLXQ -- the web boards' [DhtmlXQ_binit]/[DhtmlXQ_movelist] (record_dhtmlxq.cpp).
// Records are history, read as played (Game::set_as_played): an ending the rules find in the
// game's history (a repetition, the move limit) does not stop the reading; Game::rules_ended()
// keeps it and record_notes() words it. The record's own result, when it gives one, is the
// game's result.
// Every importer plays the moves through Game, so a record that breaks a rule is refused, and
// every error names the line and column of the fault: "line 3, column 5: ...".
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "game/game.h"

namespace kirin {

enum class RecordFormat { AUTO, USI, GAME_COURIER, KIF, PGN, PGN_ICCS, CHINESE, CHINESE_TRADITIONAL, DHTMLXQ };

struct RecordOptions {
  bool wxf = true;  // PGN: moves in WXF notation (false: ICCS)
};

// "usi", "gc" (or "gamecourier"), "kif", "pgn" (or "wxf"), "iccs", "chinese",
// "chinese-traditional", "dhtmlxq"; "auto". Case does not matter.
Result<RecordFormat> parse_record_format(std::string_view name);
// Guesses from the text: DhtmlXQ tags, PGN tags, KIF keywords, Game Courier move numbers, a
// Chinese or WXF move list without tags (PGN), else USI.
RecordFormat detect_record_format(std::string_view text);

// PGN with WXF, ICCS or Chinese moves.
bool is_pgn(RecordFormat f);

// "" if `f` can hold a game of `v`, else why not: PGN, ICCS, Chinese and DhtmlXQ are for xiangqi,
// KIF and Game Courier for the shogi games (USI fits all).
std::string record_format_misfit(RecordFormat f, const Variant& v);

Result<Game> read_record(const VariantPtr& v, std::string_view text, RecordFormat f = RecordFormat::AUTO);
// Texts holding several games, as `kirin match` appends them (record_games.cpp): a game starts
// at a line that only opens one (a PGN tag, a USI "position", a KIF header or board, a Game
// Courier move 1 or start comment) after the previous game's moves. How many games there are,
// and game `n` (from 1), with errors naming the lines of the whole text.
int count_record_games(std::string_view text, RecordFormat f = RecordFormat::AUTO);
Result<Game> read_record_game(const VariantPtr& v, std::string_view text, int n, RecordFormat f = RecordFormat::AUTO);
std::string write_record(const Game& g, RecordFormat f, const RecordOptions& o = {});

// What an analysis says of one move, for an annotated record (kirin analyse).
struct MoveNote {
  std::string glyph;         // "?!", "?", "??" or ""
  std::string comment;       // one line, such as "[%eval -3.20] Blunder."
  std::vector<Move> better;  // a better line from the position before the move; empty for none
};
// Can records of format `f` carry notes? PGN (in any of its notations) and KIF can.
bool takes_notes(RecordFormat f);
// The record with notes[i] on move i + 1 (`notes` may be shorter than the game): in PGN the glyph
// glued to the move ("C2.5??"), the comment in braces and the better line as a variation; in KIF
// "*" comment lines after the move, the better line as "*Better: ...". Readers skip both, so the
// record reads back with the same moves. Formats that cannot carry notes get the plain record.
std::string write_annotated_record(const Game& g, RecordFormat f, const std::vector<MoveNote>& notes);

// The readers, one per format (record_*.cpp).
Result<Game> read_usi_record(const VariantPtr& v, std::string_view text);
Result<Game> read_game_courier(const VariantPtr& v, std::string_view text);
Result<Game> read_kif(const VariantPtr& v, std::string_view text);
Result<Game> read_pgn(const VariantPtr& v, std::string_view text);
std::string write_usi_record(const Game& g);
std::string write_game_courier(const Game& g);
std::string write_kif(const Game& g, const std::vector<MoveNote>& notes = {});
enum class PgnMoves { WXF, ICCS, CHINESE, CHINESE_TRADITIONAL };
std::string write_pgn(const Game& g, PgnMoves moves, const std::vector<MoveNote>& notes = {});
Result<Game> read_dhtmlxq(const VariantPtr& v, std::string_view text);
std::string write_dhtmlxq(const Game& g);

// What a reader read past: "note: by the rules the game ended after move 77: 1/2-1/2 threefold
// repetition" when the record went on after the rules' end, or its result differs from the
// rules' verdict; empty otherwise.
std::vector<std::string> record_notes(const Game& g);

}  // namespace kirin
