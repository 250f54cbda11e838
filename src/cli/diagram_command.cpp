// kirin diagram --game G [--fen F] [MOVES...] [--pieces STYLE] [--flip] [--size PX]
// [--highlight SQ,...] --out FILE.svg|FILE.png: a position diagram (src/draw/diagram_image.h).
#include <cstdio>
#include <fstream>
#include <memory>

#include "cli/commands.h"
#include "cli/common.h"
#include "draw/diagram_image.h"

namespace kirin::cli {

std::function<int()> add_diagram(CLI::App& app) {
  auto* cmd = app.add_subcommand("diagram", "Draw a position as SVG or PNG (last move and check marked)");
  struct Args {
    draw::DiagramOptions o;
    std::string pieces = "kanji", out;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("--game,-g", a->o.game, "xiangqi, chushogi or chuseireigi")->required();
  cmd->add_option("--fen,-f", a->o.fen, "FEN/SFEN of the position (default: start position)");
  cmd->add_option("--option,-o", a->o.rule_options, "rule option such as lion=hawk (repeatable)");
  cmd->add_option("moves", a->o.moves, "moves to play first; the last one is marked");
  cmd->add_option("--pieces", a->pieces, "kanji, mnemonic, letters or westernized (default kanji)");
  cmd->add_flag("--flip", a->o.flip, "seen from the second side");
  cmd->add_flag("--bw", a->o.black_and_white, "black and white");
  cmd->add_option("--size", a->o.size, "width in pixels (default 480)");
  cmd->add_option("--highlight", a->o.highlight, "squares to mark, e.g. 7g,6f")->delimiter(',');
  cmd->add_option("--out", a->out, "FILE.svg or FILE.png")->required();
  return [a] {
    auto style = draw::parse_piece_style(a->pieces);
    if (!style) {
      std::fprintf(stderr, "kirin diagram: %s\n", style.error().c_str());
      return EXIT_USAGE;
    }
    a->o.pieces = *style;
    const std::string& out = a->out;
    const auto dot = out.rfind('.');
    auto format = draw::parse_image_format(dot == std::string::npos ? "" : out.substr(dot + 1));
    if (!format) {
      std::fprintf(stderr, "kirin diagram: --out '%s' must end in .svg or .png\n", out.c_str());
      return EXIT_USAGE;
    }
    a->o.format = *format;
    auto bytes = draw::render_diagram(a->o);
    if (!bytes) {
      std::fprintf(stderr, "kirin diagram: %s\n", bytes.error().c_str());
      return EXIT_USAGE;
    }
    std::ofstream f(out, std::ios::binary);
    f << *bytes;
    if (!f.flush()) {
      std::fprintf(stderr, "kirin diagram: cannot write '%s'\n", out.c_str());
      return EXIT_FAIL;
    }
    return EXIT_OK;
  };
}

}  // namespace kirin::cli
