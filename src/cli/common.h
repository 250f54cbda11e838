// Shared pieces of the command-line front end.
#pragma once
#include <string>
#include <vector>

#include "core/result.h"
#include "game/record.h"
#include "rules/position.h"

namespace kirin::cli {

// Exit codes: 0 ok, 1 failure, 2 bad usage or input.
constexpr int EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2;

struct GameArgs {
  std::string game;
  std::string fen;
  bool fen_given = false;            // --fen was on the command line (an empty one is an error, not the start)
  std::vector<std::string> options;  // "lion=hawk"
  Setup setup = Setup::GAME;         // PROBLEM: the side to move may have no royal
};

// Builds the variant and position named on the command line, or an error.
Result<Position> load_position(const GameArgs& args);
Result<VariantPtr> load_variant(const std::string& game, const std::vector<std::string>& options);
// The whole file, or an error naming it.
Result<std::string> read_file(const std::string& path);
// A record file as UTF-8, whatever its encoding (game/record_encoding.h).
Result<std::string> read_record_file(const std::string& path);
// The format to save a record in: `name` if given (parse_record_format), else by the file's
// ending (.kif, .gc, .pgn, .dhtmlxq), else USI; an error if it does not fit the game.
Result<RecordFormat> save_format(const std::string& path, const std::string& name, const Variant& v);

}  // namespace kirin::cli
