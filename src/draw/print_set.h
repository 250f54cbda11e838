// A print-and-play set as one PDF: a title page (setup, contents, printing note, assembly), the
// board (split over pages with glue tabs where it does not fit one), the hands for games with
// drops, piece sheets (fold-over tiles: front and promoted back line up without double-sided
// printing) and the movement diagrams of every piece and promoted piece, built from the
// variant's definition.
#pragma once
#include <string>
#include <vector>

#include "core/result.h"
#include "draw/style.h"

namespace kirin::draw {

struct PrintOptions {
  std::string game = "chuseireigi";       // xiangqi, chushogi or chuseireigi
  std::vector<std::string> rule_options;  // "lion=hawk", "rules=legacy"
  PieceStyle pieces = PieceStyle::KANJI;
  Paper paper = Paper::A4;
  bool black_and_white = false;
};

// The PDF file's bytes, or a one-line error (unknown game or rule option).
Result<std::string> render_print_set(const PrintOptions& options);

// The pages' captions in order, as the title page lists them.
Result<std::vector<std::string>> print_set_contents(const PrintOptions& options);

}  // namespace kirin::draw
