#include "server/tournaments/swiss_colours.h"

#include <cstdlib>
#include <vector>

namespace kirin::server {

namespace {

Color other(Color c) { return c == FIRST ? SECOND : FIRST; }

std::vector<Color> colours_played(const SwissPlayer& p) {
  std::vector<Color> seq;
  for (const SwissGame& g : p.games) {
    if (played(g)) seq.push_back(g.color);
  }
  return seq;
}

}  // namespace

int colour_difference(const SwissPlayer& p) {
  int d = 0;
  for (Color c : colours_played(p)) d += c == FIRST ? 1 : -1;
  return d;
}

ColourPreference colour_preference(const SwissPlayer& p) {
  const std::vector<Color> seq = colours_played(p);
  if (seq.empty()) return {};
  const int d = colour_difference(p);
  const Color last = seq.back();
  if (d > 1 || d < -1) return {Strength::ABSOLUTE, d > 0 ? SECOND : FIRST};
  if (seq.size() >= 2 && seq[seq.size() - 2] == last) return {Strength::ABSOLUTE, other(last)};
  if (d != 0) return {Strength::STRONG, d > 0 ? SECOND : FIRST};
  return {Strength::MILD, other(last)};
}

bool breaks_absolute(const SwissPlayer& p, Color c) {
  const std::vector<Color> seq = colours_played(p);
  const int d = colour_difference(p) + (c == FIRST ? 1 : -1);
  if (d > 2 || d < -2) return true;
  const size_t n = seq.size();
  return n >= 2 && seq[n - 1] == c && seq[n - 2] == c;
}

Color allocate_colour(const SwissPlayer& higher, const SwissPlayer& lower, Color initial) {
  const ColourPreference h = colour_preference(higher), l = colour_preference(lower);
  // E.1
  if (h.strength == Strength::NONE && l.strength != Strength::NONE) return other(l.color);
  if (h.strength != Strength::NONE && (l.strength == Strength::NONE || h.color != l.color)) return h.color;
  if (h.strength != Strength::NONE) {
    // E.2: the same colour wanted by both
    if (h.strength != l.strength) return h.strength > l.strength ? h.color : other(l.color);
    if (h.strength == Strength::ABSOLUTE) {
      const int dh = std::abs(colour_difference(higher)), dl = std::abs(colour_difference(lower));
      if (dh != dl) return dh > dl ? h.color : other(l.color);
    }
  }
  // E.3
  const std::vector<Color> a = colours_played(higher), b = colours_played(lower);
  for (size_t i = 1; i <= a.size() && i <= b.size(); ++i) {
    const Color ca = a[a.size() - i], cb = b[b.size() - i];
    if (ca != cb) return other(ca);
  }
  // E.4, then E.5
  if (h.strength != Strength::NONE) return h.color;
  return higher.pairing_number % 2 == 1 ? initial : other(initial);
}

}  // namespace kirin::server
