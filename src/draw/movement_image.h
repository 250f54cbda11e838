// One piece's movement diagram as an SVG file, drawn as the print set's diagram pages draw it (the
// grid, the marks, the piece in the middle): what the web's /learn pages show for each piece.
#pragma once
#include <string>

#include "core/result.h"
#include "draw/style.h"
#include "rules/variant.h"

namespace kirin::draw {

// The file's bytes: a square `size` pixels wide (64 to 1024), or a one-line error.
Result<std::string> render_movement_svg(const Variant& v, Kind k, PieceStyle pieces, int size = 240);

// What the drawing depends on (the piece's moves, names and face): the same key, the same file.
// However a variant's options are spelled, there are only as many keys as pieces and styles.
std::string movement_svg_key(const Variant& v, Kind k, PieceStyle pieces);

}  // namespace kirin::draw
