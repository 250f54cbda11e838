// /api/rules/GAME/pieces and /api/rules/GAME/diagram: the piece guide's data. Each piece's moves
// come from the movement diagram that `kirin print` draws (src/draw/movement_diagram.h), itself
// built from the rules as data, so that the web's board marks, the /learn pages' pictures and the
// printed set say the same thing.
#include <algorithm>

#include "draw/movement_diagram.h"
#include "draw/movement_image.h"
#include "notation/kanji.h"
#include "server/api/api.h"
#include "server/api/request.h"
#include "server/api/responses.h"

namespace kirin::server {

using nlohmann::json;

namespace {

// A board guide marks squares within two of the piece (the longest leap, the Lion's jump); the
// slides are given as rays, which run to the board's edge.
constexpr int GUIDE_RADIUS = 2;

const char* reach_name(draw::Reach r) {
  switch (r) {
    case draw::Reach::STEP:
      return "step";
    case draw::Reach::SLIDE:
      return "slide";
    case draw::Reach::JUMP:
      return "jump";
    case draw::Reach::LAME_LEAP:
      return "lame_leap";
    case draw::Reach::LION_STEP:
      return "lion_step";
    case draw::Reach::LION_JUMP:
      return "lion_jump";
    case draw::Reach::STING:
      return "sting";
    case draw::Reach::NONE:
      break;
  }
  return "";
}

const char* ray_name(draw::Ray::Kind k) {
  switch (k) {
    case draw::Ray::SLIDE:
      return "slide";
    case draw::Ray::MOVE_ONLY:
      return "move_only";
    case draw::Ray::HOP:
      return "hop";
  }
  return "";
}

const char* region_name(Region r) {
  switch (r) {
    case Region::PALACE:
      return "palace";
    case Region::OWN_HALF:
      return "own_half";
    case Region::ENEMY_HALF:
      return "enemy_half";
    case Region::ANYWHERE:
      break;
  }
  return "";
}

void add_regions(json& out, Region to, Region from) {
  if (to != Region::ANYWHERE) out["to"] = region_name(to);
  if (from != Region::ANYWHERE) out["from"] = region_name(from);
}

// What a player must know of a piece beyond its moves, in a few words each.
std::vector<std::string> piece_notes(const Variant& v, Kind k, const draw::MoveDiagram& d) {
  const PieceKind& pk = v.kind(k);
  std::vector<std::string> notes = d.notes;
  if (pk.royal)
    notes.push_back(v.def().self_check_allowed ? "royal: a player who has lost every royal piece loses"
                                               : "royal: it may never be left in check");
  if (pk.royal && v.def().flying_general)
    notes.push_back("may never face the other General on a file with nothing between them");
  if (pk.trades_as_lion) notes.push_back("a Lion for the Lion-trading rules");
  if (pk.last_rank_promotion) notes.push_back("may promote on reaching the last rank, even without a capture");
  if (pk.forced_promotion_ranks > 0) {
    const std::string ranks = pk.forced_promotion_ranks == 1 ? "the last rank" : "the last two ranks";
    notes.push_back("must promote on reaching " + ranks + (v.def().drops ? ", and may not be dropped there" : ""));
  }
  if (pk.nifu) notes.push_back("may not be dropped on a file that holds an unpromoted one of its side");
  if (pk.no_drop_mate) notes.push_back("may not be dropped to give mate at once");
  return notes;
}

json piece_json(const Variant& v, Kind k) {
  const PieceKind& pk = v.kind(k);
  const draw::MoveDiagram d = draw::movement_diagram(v, k, GUIDE_RADIUS);
  json moves = json::array(), rays = json::array();
  // Row by row from the far side, as the diagram reads: the order is part of the answer.
  for (int dy = GUIDE_RADIUS; dy >= -GUIDE_RADIUS; --dy)
    for (int dx = -GUIDE_RADIUS; dx <= GUIDE_RADIUS; ++dx) {
      const draw::Cell& c = d.at(dx, dy);
      if (c.reach == draw::Reach::NONE || c.reach == draw::Reach::SLIDE) continue;  // slides: the rays
      json m = {{"dx", dx}, {"dy", dy}, {"reach", reach_name(c.reach)}};
      add_regions(m, c.to, c.from);
      if (c.reach == draw::Reach::LAME_LEAP) m["leg"] = {c.leg_dx, c.leg_dy};
      moves.push_back(std::move(m));
    }
  for (const draw::Ray& r : d.rays) {
    json ray = {{"dx", r.dx}, {"dy", r.dy}, {"ray", ray_name(r.kind)}};
    add_regions(ray, r.to, r.from);
    rays.push_back(std::move(ray));
  }
  const KanjiName kanji = kanji_name(v, k, FIRST);
  json out = {{"token", pk.token},
              {"name", pk.name},
              {"kanji", kanji.full},
              {"kanji_board", kanji.board},
              {"promotes_to", pk.promotes_to},
              {"promoted_from", v.demoted(k) != k ? v.kind(v.demoted(k)).token : ""},
              {"royal", pk.royal},
              {"moves", std::move(moves)},
              {"rays", std::move(rays)},
              {"notes", piece_notes(v, k, d)}};
  if (v.game() == GameId::XIANGQI) out["kanji_second"] = kanji_name(v, k, SECOND).full;
  return out;
}

json legend_json(const Variant& v) {
  std::vector<draw::MoveDiagram> all;
  for (int k = 0; k < v.kind_count(); ++k) all.push_back(draw::movement_diagram(v, Kind(k), GUIDE_RADIUS));
  json out = json::array();
  for (const draw::LegendEntry& e : draw::legend_for(all))
    out.push_back({{"mark", e.reach != draw::Reach::NONE ? reach_name(e.reach) : ray_name(e.ray)}, {"text", e.text}});
  return out;
}

}  // namespace

http::RouteResult Api::rules(Call& c) {
  const std::string_view target = c.req.target();
  auto game = parse_game(c.param(0));
  if (!game) return error_response(404, game.error());
  auto variant = make_variant(c.param(0), comma_list(query_param(target, "options")));
  if (!variant) return error_response(400, variant.error());
  const Variant& v = **variant;
  if (c.last() == "pieces") {
    json pieces = json::array();
    for (int k = 0; k < v.kind_count(); ++k) pieces.push_back(piece_json(v, Kind(k)));
    return json_response(
        {Reply::DONE, {{"game", game_name(*game)}, {"legend", legend_json(v)}, {"pieces", std::move(pieces)}}});
  }
  const std::string token = query_param(target, "piece");
  const Kind k = v.kind_by_token(token);
  if (k == NO_KIND) return error_response(400, "no piece '" + token + "' in " + game_name(*game));
  draw::PieceStyle style = draw::PieceStyle::KANJI;
  if (std::string p = query_param(target, "pieces"); !p.empty()) {
    auto s = draw::parse_piece_style(p);
    if (!s) return error_response(400, s.error());
    style = *s;
  }
  const std::string key = draw::movement_svg_key(v, k, style);
  {
    std::lock_guard lock(diagrams_mu_);
    if (auto it = diagrams_.find(key); it != diagrams_.end()) return file_response("image/svg+xml", *it->second);
  }
  auto drawn = draw::render_movement_svg(v, k, style);
  if (!drawn) return error_response(500, drawn.error());
  auto svg = std::make_shared<const std::string>(std::move(*drawn));
  std::lock_guard lock(diagrams_mu_);
  diagrams_[key] = svg;
  return file_response("image/svg+xml", *svg);
}

}  // namespace kirin::server
