#include "draw/style.h"

namespace kirin::draw {

Result<PieceStyle> parse_piece_style(std::string_view name) {
  if (name == "kanji") return PieceStyle::KANJI;
  if (name == "mnemonic") return PieceStyle::MNEMONIC;
  if (name == "letters") return PieceStyle::LETTERS;
  if (name == "westernized") return PieceStyle::WESTERNIZED;
  return Error{"unknown piece style '" + std::string(name) + "' (expected kanji, mnemonic, letters or westernized)"};
}

std::string piece_style_name(PieceStyle s) {
  switch (s) {
    case PieceStyle::KANJI:
      return "kanji";
    case PieceStyle::MNEMONIC:
      return "mnemonic";
    case PieceStyle::LETTERS:
      return "letters";
    case PieceStyle::WESTERNIZED:
      return "westernized";
  }
  return "?";
}

Result<Paper> parse_paper(std::string_view name) {
  if (name == "a4" || name == "A4") return Paper::A4;
  if (name == "letter") return Paper::LETTER;
  return Error{"unknown paper '" + std::string(name) + "' (expected a4 or letter)"};
}

PageSize page_size(Paper p) {
  // PDF points are 1/72 inch: A4 is 595 x 842 pt, Letter 612 x 792 pt.
  return p == Paper::A4 ? PageSize{210, 297} : PageSize{215.9, 279.4};
}

Palette palette(bool black_and_white) {
  Palette p;
  if (!black_and_white) return p;
  const Rgb white{1, 1, 1}, black{0, 0, 0};
  p.promoted = black;
  p.board = white;
  p.piece = white;
  p.highlight = {0.8, 0.8, 0.8};
  p.check = black;
  p.mark = black;
  p.faint = {0.45, 0.45, 0.45};
  p.colour = false;
  return p;
}

}  // namespace kirin::draw
