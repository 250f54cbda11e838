#include "cli/common.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "notation/fen.h"

namespace kirin::cli {

Result<VariantPtr> load_variant(const std::string& game, const std::vector<std::string>& options) {
  auto g = parse_game(game);
  if (!g) return Error{g.error()};
  RuleOptions ro;
  for (const auto& o : options) {
    auto r = parse_rule_option(*g, ro, o);
    if (!r) return Error{r.error()};
    ro = *r;
  }
  return make_variant(*g, ro);
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

}  // namespace kirin::cli
