// /api/print and /api/diagram: print-and-play sets and position diagrams (src/draw), drawn on
// the I/O thread: a diagram takes a few ms, a set a few hundred, so sets are kept once drawn.
#include <charconv>

#include "draw/diagram_image.h"
#include "draw/print_set.h"
#include "server/api/api.h"
#include "server/api/request.h"
#include "server/api/responses.h"

namespace kirin::server {

namespace bh = boost::beast::http;

http::Response Api::print_set(const http::Request& req) {
  const std::string_view target = req.target();
  draw::PrintOptions o;
  o.game = query_param(target, "game");
  o.rule_options = comma_list(query_param(target, "options"));
  const std::string pieces = query_param(target, "pieces"), paper = query_param(target, "paper");
  if (!pieces.empty()) {
    auto p = draw::parse_piece_style(pieces);
    if (!p) return error_response(400, p.error());
    o.pieces = *p;
  }
  if (!paper.empty()) {
    auto p = draw::parse_paper(paper);
    if (!p) return error_response(400, p.error());
    o.paper = *p;
  }
  o.black_and_white = query_param(target, "bw") == "1";
  const std::string key = o.game + "|" + query_param(target, "options") + "|" + pieces + "|" + paper + "|" +
                          (o.black_and_white ? "bw" : "");
  std::shared_ptr<const std::string> pdf;
  {
    std::lock_guard lock(sets_mu_);
    if (auto it = sets_.find(key); it != sets_.end()) pdf = it->second;
  }
  if (!pdf) {
    auto drawn = draw::render_print_set(o);
    if (!drawn) return error_response(400, drawn.error());
    pdf = std::make_shared<const std::string>(std::move(*drawn));
    std::lock_guard lock(sets_mu_);
    if (sets_.size() >= 32) sets_.erase(sets_.begin());  // a handful of sets is all anyone asks for
    sets_[key] = pdf;
  }
  return file_response("application/pdf", *pdf, "kirin-" + o.game + "-set.pdf");
}

http::Response Api::diagram(const http::Request& req) {
  const std::string_view target = req.target();
  draw::DiagramOptions o;
  o.game = query_param(target, "game");
  o.rule_options = comma_list(query_param(target, "options"));
  o.fen = query_param(target, "fen");
  o.moves = comma_list(query_param(target, "moves"));
  o.highlight = comma_list(query_param(target, "highlight"));
  o.flip = query_param(target, "flip") == "1";
  o.black_and_white = query_param(target, "bw") == "1";
  if (std::string p = query_param(target, "pieces"); !p.empty()) {
    auto style = draw::parse_piece_style(p);
    if (!style) return error_response(400, style.error());
    o.pieces = *style;
  }
  if (std::string f = query_param(target, "format"); !f.empty()) {
    auto format = draw::parse_image_format(f);
    if (!format) return error_response(400, format.error());
    o.format = *format;
  }
  if (std::string size = query_param(target, "size"); !size.empty()) {
    auto [p, ec] = std::from_chars(size.data(), size.data() + size.size(), o.size);
    if (ec != std::errc() || p != size.data() + size.size())
      return error_response(400, "size must be a number of pixels");
  }
  auto drawn = draw::render_diagram(o);
  if (!drawn) return error_response(400, drawn.error());
  return file_response(o.format == draw::ImageFormat::PNG ? "image/png" : "image/svg+xml", std::move(*drawn));
}

}  // namespace kirin::server
