#include "cli/common.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "game/record_encoding.h"
#include "notation/fen.h"

namespace kirin::cli {

Result<VariantPtr> load_variant(const std::string& game, const std::vector<std::string>& options) {
  return make_variant(game, options);
}

Result<Position> load_position(const GameArgs& args) {
  auto v = load_variant(args.game, args.options);
  if (!v) return Error{v.error()};
  auto pos = parse_fen(*v, args.fen_given ? args.fen : (*v)->start_fen(), args.setup);
  if (!pos) return Error{"bad --fen: " + pos.error()};
  return pos;
}

Result<std::string> read_file(const std::string& path) {
  // A directory opens as a stream that reads as empty: say so instead of an empty file.
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return Error{"cannot read '" + path + "': it is a directory"};
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"cannot read '" + path + "'"};
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) return Error{"cannot read '" + path + "'"};
  return ss.str();
}

Result<std::string> read_record_file(const std::string& path) {
  auto bytes = read_file(path);
  if (!bytes) return bytes;
  auto text = decode_record_bytes(*bytes);
  if (!text) return Error{path + ": " + text.error()};
  return text;
}

Result<RecordFormat> save_format(const std::string& path, const std::string& name, const Variant& v) {
  RecordFormat f = RecordFormat::USI;
  if (!name.empty()) {
    auto given = parse_record_format(name);
    if (!given || *given == RecordFormat::AUTO)
      return Error{given ? "choose a record format, not auto" : given.error()};
    f = *given;
  } else {
    const size_t dot = path.rfind('.');
    const std::string ext = dot == std::string::npos ? "" : path.substr(dot + 1);
    if (ext == "kif") f = RecordFormat::KIF;
    if (ext == "gc") f = RecordFormat::GAME_COURIER;
    if (ext == "pgn") f = RecordFormat::PGN;
    if (ext == "dhtmlxq") f = RecordFormat::DHTMLXQ;
  }
  if (auto fits = record_format_misfit(f, v); !fits) return Error{fits.error()};
  return f;
}

}  // namespace kirin::cli
