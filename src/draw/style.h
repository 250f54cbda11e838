// The choices a printed set or a diagram is drawn with: piece style, paper, colour or black ink.
#pragma once
#include <string>
#include <string_view>

#include "core/result.h"

namespace kirin::draw {

// kanji: the pieces' Japanese/Chinese characters; mnemonic: a small picture of the piece's
// moves; letters: the SFEN/FEN letter; westernized: English names (xiangqi: seed 004's letters).
enum class PieceStyle { KANJI, MNEMONIC, LETTERS, WESTERNIZED };
enum class Paper { A4, LETTER };

Result<PieceStyle> parse_piece_style(std::string_view name);
std::string piece_style_name(PieceStyle s);
Result<Paper> parse_paper(std::string_view name);

// Page size in millimetres (portrait).
struct PageSize {
  double width, height;
};
PageSize page_size(Paper p);

// Colours as RGB in 0..1. Black-and-white keeps every distinction in shape, never in colour.
struct Rgb {
  double r, g, b;
};
struct Palette {
  Rgb ink{0, 0, 0};                // lines, text, first-side xiangqi glyphs
  Rgb promoted{0.75, 0.1, 0.1};    // promoted faces' characters (shogi); Red's pieces (xiangqi)
  Rgb board{0.96, 0.87, 0.66};     // board squares
  Rgb piece{0.99, 0.93, 0.78};     // piece faces
  Rgb highlight{0.55, 0.8, 0.45};  // last move, highlighted squares
  Rgb check{0.85, 0.15, 0.15};
  Rgb mark{0.15, 0.35, 0.8};    // squares the reader is asked to look at
  Rgb faint{0.55, 0.55, 0.55};  // guides: fold lines, glue tabs
  bool colour = true;
};
Palette palette(bool black_and_white);

}  // namespace kirin::draw
