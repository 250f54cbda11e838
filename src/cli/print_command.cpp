// kirin print --game G [--pieces STYLE] [--paper a4|letter] [--bw] --out FILE.pdf: a
// print-and-play set (src/draw/print_set.h).
#include <cstdio>
#include <fstream>
#include <memory>

#include "cli/commands.h"
#include "cli/common.h"
#include "draw/print_set.h"

namespace kirin::cli {

std::function<int()> add_print(CLI::App& app) {
  auto* cmd = app.add_subcommand("print", "Write a print-and-play set (board, pieces, movement diagrams) as PDF");
  struct Args {
    std::string game, pieces = "kanji", paper = "a4", out;
    std::vector<std::string> options;
    bool bw = false;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("--game,-g", a->game, "xiangqi, chushogi or chuseireigi")->required();
  cmd->add_option("--pieces", a->pieces, "kanji, mnemonic, letters or westernized (default kanji)");
  cmd->add_option("--paper", a->paper, "a4 or letter (default a4)");
  cmd->add_flag("--bw", a->bw, "black and white: every distinction in shape, none in colour");
  cmd->add_option("--option,-o", a->options, "rule option such as lion=hawk (repeatable)");
  cmd->add_option("--out", a->out, "the PDF file to write")->required();
  return [a] {
    draw::PrintOptions o;
    o.game = a->game;
    o.rule_options = a->options;
    o.black_and_white = a->bw;
    auto style = draw::parse_piece_style(a->pieces);
    auto paper = draw::parse_paper(a->paper);
    for (const std::string* e : {style ? nullptr : &style.error(), paper ? nullptr : &paper.error()})
      if (e) {
        std::fprintf(stderr, "kirin print: %s\n", e->c_str());
        return EXIT_USAGE;
      }
    o.pieces = *style;
    o.paper = *paper;
    auto pdf = draw::render_print_set(o);
    if (!pdf) {
      std::fprintf(stderr, "kirin print: %s\n", pdf.error().c_str());
      return EXIT_USAGE;
    }
    std::ofstream out(a->out, std::ios::binary);
    out << *pdf;
    if (!out.flush()) {
      std::fprintf(stderr, "kirin print: cannot write '%s'\n", a->out.c_str());
      return EXIT_FAIL;
    }
    return EXIT_OK;
  };
}

}  // namespace kirin::cli
