#include "rules/betza.h"

#include <cstdlib>
#include <string>

namespace kirin {
namespace {

struct Vec {
  int dx, dy;
};

std::vector<Vec> symmetric(int a, int b) {
  std::vector<Vec> out;
  for (int sx : {1, -1})
    for (int sy : {1, -1}) {
      out.push_back({a * sx, b * sy});
      if (a != b) out.push_back({b * sx, a * sy});
    }
  // (a,0) generates duplicates when a or b is zero
  std::vector<Vec> unique;
  for (auto v : out) {
    bool seen = false;
    for (auto u : unique) seen |= u.dx == v.dx && u.dy == v.dy;
    if (!seen) unique.push_back(v);
  }
  return unique;
}

bool single_direction(char c, Vec v, bool oblique) {
  int ax = std::abs(v.dx), ay = std::abs(v.dy);
  switch (c) {
    case 'f':
      return v.dy > 0;
    case 'b':
      return v.dy < 0;
    case 'l':
      return v.dx < 0;
    case 'r':
      return v.dx > 0;
    case 's':
      return oblique ? ax > ay : v.dy == 0;
    case 'v':
      return oblique ? ay > ax : v.dx == 0;
  }
  return false;
}

bool allowed(const std::string& dirs, Vec v, bool oblique) {
  if (dirs.empty()) return true;
  int ax = std::abs(v.dx), ay = std::abs(v.dy);
  if (oblique && dirs.size() == 2 && (dirs[0] == 'f' || dirs[0] == 'b')) {
    // ff = narrow forward, fs = wide forward (and bb, bs backward)
    if (!single_direction(dirs[0], v, true)) return false;
    if (dirs[1] == dirs[0]) return ay > ax;
    if (dirs[1] == 's') return ax > ay;
  }
  for (char c : dirs)
    if (single_direction(c, v, oblique)) return true;
  return false;
}

}  // namespace

Result<std::vector<Atom>> parse_betza(std::string_view text) {
  std::vector<Atom> atoms;
  std::string mods;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (std::string_view("fbslrvmcpn").find(c) != std::string_view::npos) {
      mods += c;
      continue;
    }
    std::string dirs;
    Mode mode = Mode::BOTH;
    bool hop = false, lame = false;
    for (char m : mods) {
      if (m == 'm')
        mode = Mode::QUIET;
      else if (m == 'c')
        mode = Mode::CAPTURE;
      else if (m == 'p')
        hop = true;
      else if (m == 'n')
        lame = true;
      else
        dirs += m;
    }
    mods.clear();
    std::vector<std::pair<Vec, bool>> base;  // vector, slides
    auto add = [&](int a, int b, bool slide) {
      for (auto v : symmetric(a, b)) base.push_back({v, slide});
    };
    switch (c) {
      case 'W':
        add(1, 0, false);
        break;
      case 'F':
        add(1, 1, false);
        break;
      case 'D':
        add(2, 0, false);
        break;
      case 'A':
        add(2, 2, false);
        break;
      case 'N':
        add(1, 2, false);
        break;
      case 'K':
        add(1, 0, false);
        add(1, 1, false);
        break;
      case 'R':
        add(1, 0, true);
        break;
      case 'B':
        add(1, 1, true);
        break;
      case 'Q':
        add(1, 0, true);
        add(1, 1, true);
        break;
      default:
        return Error{"betza: unknown atom '" + std::string(1, c) + "' at " + std::to_string(i)};
    }
    bool oblique = c == 'N';
    for (auto [v, slide] : base) {
      if (!allowed(dirs, v, oblique)) continue;
      Atom a;
      a.dx = int8_t(v.dx);
      a.dy = int8_t(v.dy);
      a.slide = slide;
      a.hop = hop;
      a.mode = mode;
      a.lame = lame;
      if (lame) {  // the first orthogonal (or diagonal, for A) step towards the target
        int ax = std::abs(v.dx), ay = std::abs(v.dy);
        a.leg_dx = int8_t(ax >= ay ? (v.dx > 0) - (v.dx < 0) : 0);
        a.leg_dy = int8_t(ay >= ax ? (v.dy > 0) - (v.dy < 0) : 0);
      }
      atoms.push_back(a);
    }
  }
  if (!mods.empty()) return Error{"betza: modifiers '" + mods + "' without an atom"};
  return atoms;
}

}  // namespace kirin
