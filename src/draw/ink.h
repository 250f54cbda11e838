// Small drawing helpers over a cairo context: text placed by its centre or edge, lines, shapes.
// Units are whatever the context's matrix makes them (millimetres on paper, pixels on screen).
#pragma once
#include <cairo.h>

#include <string_view>

#include "draw/style.h"

namespace kirin::draw {

enum class Font { SANS, SANS_BOLD, KANJI };  // KANJI: a brush-like serif for piece characters
enum class Align { LEFT, CENTRE, RIGHT };

void set_colour(cairo_t* cr, Rgb c);
// Text whose baseline box is centred vertically on y; x is its left edge, centre or right edge.
void text(cairo_t* cr, std::string_view s, double x, double y, double size, Font f, Align a = Align::CENTRE);
// Width of the text at that size.
double text_width(cairo_t* cr, std::string_view s, double size, Font f);
// Text as an outline only (Red's characters on a black-and-white xiangqi piece).
void outlined_text(cairo_t* cr, std::string_view s, double x, double y, double size, Font f, double line);

// Words wrapped to `width`, lines `size * 1.35` apart from y (the first line's centre); returns
// the height used.
double paragraph(cairo_t* cr, std::string_view s, double x, double y, double width, double size, Font f = Font::SANS);

void line(cairo_t* cr, double x0, double y0, double x1, double y1, double width);
void dashed_line(cairo_t* cr, double x0, double y0, double x1, double y1, double width, double dash);
void circle(cairo_t* cr, double cx, double cy, double r);                             // a path: fill or stroke it
void arrow_head(cairo_t* cr, double x, double y, double dx, double dy, double size);  // filled, pointing along (dx,dy)
void star(cairo_t* cr, double cx, double cy, double r);                               // a five-pointed star path
// A cross of two short lines: alignment and corner marks.
void cross_mark(cairo_t* cr, double x, double y, double size, double width);

}  // namespace kirin::draw
