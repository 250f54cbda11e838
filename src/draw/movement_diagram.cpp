#include "draw/movement_diagram.h"

#include <algorithm>
#include <cstdlib>

#include "rules/betza.h"

namespace kirin::draw {
namespace {

// When a square is reached in several ways, the diagram shows the one that says most: a jump
// over a slide's square reaches it even when the slide is blocked, a Lion step is more than a step.
int strength(Reach r) {
  switch (r) {
    case Reach::NONE:
      return 0;
    case Reach::STEP:
      return 1;
    case Reach::SLIDE:
      return 2;
    case Reach::LAME_LEAP:
      return 3;
    case Reach::JUMP:
      return 4;
    case Reach::STING:
      return 5;
    case Reach::LION_JUMP:
      return 6;
    case Reach::LION_STEP:
      return 7;
  }
  return 0;
}

void mark(MoveDiagram& d, int dx, int dy, Reach r, const MoveRule* rule) {
  if (std::abs(dx) > d.radius || std::abs(dy) > d.radius) return;
  Cell& c = d.at(dx, dy);
  const bool conditional = rule && rule->from != Region::ANYWHERE;
  const bool stronger = strength(r) > strength(c.reach);
  if (stronger || (strength(r) == strength(c.reach) && c.conditional && !conditional)) {
    c.reach = r;
    c.conditional = conditional;  // reached unconditionally by one of the ways, if any
    c.to = rule ? rule->to : Region::ANYWHERE;
    c.from = rule ? rule->from : Region::ANYWHERE;
  }
}

std::string region_note(const MoveRule& r) {
  if (r.to == Region::PALACE) return "stays inside the palace";
  if (r.to == Region::OWN_HALF) return "never crosses the river";
  if (r.to == Region::ENEMY_HALF) return "only into the enemy half";
  if (r.from == Region::ENEMY_HALF) return "grey moves: only once across the river";
  if (r.from == Region::OWN_HALF) return "grey moves: only from its own half";
  if (r.from == Region::PALACE) return "grey moves: only from the palace";
  return "";
}

// Betza of each direction a power acts along, as unit vectors.
std::vector<std::pair<int, int>> directions(const std::string& betza) {
  std::vector<std::pair<int, int>> out;
  auto atoms = parse_betza(betza);
  if (!atoms) return out;
  for (const Atom& a : *atoms) out.push_back({a.dx, a.dy});
  return out;
}

}  // namespace

bool MoveDiagram::uses(Reach r) const {
  return std::any_of(cells.begin(), cells.end(), [&](const Cell& c) { return c.reach == r; });
}

bool MoveDiagram::uses(Ray::Kind k) const {
  return std::any_of(rays.begin(), rays.end(), [&](const Ray& r) { return r.kind == k; });
}

MoveDiagram movement_diagram(const Variant& v, Kind k, int radius) {
  const PieceKind& pk = v.kind(k);
  MoveDiagram d;
  d.radius = radius;
  d.cells.assign(d.width() * d.width(), Cell{});
  d.royal = pk.royal;
  d.promoted = v.demoted(k) != k;
  for (const MoveRule& rule : pk.moves) {
    auto atoms = parse_betza(rule.betza);
    if (!atoms) continue;  // Variant::build refused such a definition already
    if (std::string note = region_note(rule);
        !note.empty() && std::find(d.notes.begin(), d.notes.end(), note) == d.notes.end())
      d.notes.push_back(note);
    for (const Atom& a : *atoms) {
      if (a.slide) {
        Ray::Kind kind = a.hop ? Ray::HOP : a.mode == Mode::QUIET ? Ray::MOVE_ONLY : Ray::SLIDE;
        d.rays.push_back({kind, a.dx, a.dy, rule.to, rule.from});
        if (kind != Ray::HOP)
          for (int i = 1; i <= radius; ++i) mark(d, a.dx * i, a.dy * i, Reach::SLIDE, &rule);
        continue;
      }
      const int dist = std::max(std::abs(a.dx), std::abs(a.dy));
      if (a.lame) {
        mark(d, a.dx, a.dy, Reach::LAME_LEAP, &rule);
        if (std::abs(a.dx) <= radius && std::abs(a.dy) <= radius) {
          d.at(a.dx, a.dy).leg_dx = a.leg_dx;
          d.at(a.dx, a.dy).leg_dy = a.leg_dy;
        }
      } else {
        mark(d, a.dx, a.dy, dist == 1 ? Reach::STEP : Reach::JUMP, &rule);
      }
    }
  }
  if (pk.lion == LionPower::AREA) {
    for (int dy = -2; dy <= 2; ++dy)
      for (int dx = -2; dx <= 2; ++dx)
        if (dx || dy)
          mark(d, dx, dy, std::max(std::abs(dx), std::abs(dy)) == 1 ? Reach::LION_STEP : Reach::LION_JUMP, nullptr);
  } else if (pk.lion == LionPower::LINE) {
    for (auto [dx, dy] : directions(pk.lion_line)) {
      mark(d, dx, dy, Reach::LION_STEP, nullptr);
      mark(d, 2 * dx, 2 * dy, Reach::LION_JUMP, nullptr);
    }
  }
  if (!pk.sting.empty())
    for (auto [dx, dy] : directions(pk.sting)) mark(d, dx, dy, Reach::STING, nullptr);
  return d;
}

}  // namespace kirin::draw
