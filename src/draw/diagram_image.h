// A position diagram as an SVG or PNG file, for books, forums and the web: the position of a
// FEN/SFEN after some moves, the last move and check marked, hands shown where the game has drops.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "draw/style.h"

namespace kirin::draw {

enum class ImageFormat { SVG, PNG };
Result<ImageFormat> parse_image_format(std::string_view name);  // "svg" or "png"

struct DiagramOptions {
  std::string game = "chuseireigi";
  std::vector<std::string> rule_options;  // "lion=hawk"
  std::string fen;                        // empty: the start position
  std::vector<std::string> moves;         // played from the FEN, in the engine notation (7g7f, h2e2)
  PieceStyle pieces = PieceStyle::KANJI;
  bool flip = false;                   // the second side at the bottom
  int size = 480;                      // width in pixels, 64 to 4096
  std::vector<std::string> highlight;  // square names ("7g", "e4") to mark
  ImageFormat format = ImageFormat::SVG;
  bool black_and_white = false;
};

// The file's bytes, or a one-line error naming what was wrong ("bad FEN: ...", "move 2 (7g7x): ...").
Result<std::string> render_diagram(const DiagramOptions& options);

}  // namespace kirin::draw
