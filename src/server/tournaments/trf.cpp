#include "server/tournaments/trf.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

namespace kirin::server {

namespace {

std::string right(const std::string& s, size_t width) {
  return s.size() >= width ? s.substr(0, width) : std::string(width - s.size(), ' ') + s;
}
std::string left(const std::string& s, size_t width) {
  return s.size() >= width ? s.substr(0, width) : s + std::string(width - s.size(), ' ');
}
// A zero is a field left blank (no rating, no FIDE id).
std::string number(int64_t n, size_t width) { return right(n == 0 ? "" : std::to_string(n), width); }

char result_letter(Outcome o) {
  switch (o) {
    case Outcome::WIN:
      return '1';
    case Outcome::DRAW:
      return '=';
    case Outcome::LOSS:
      return '0';
    case Outcome::FORFEIT_WIN:
      return '+';
    case Outcome::FORFEIT_LOSS:
      return '-';
    case Outcome::PAIRING_BYE:
      return 'U';
    case Outcome::HALF_BYE:
      return 'H';
    case Outcome::ZERO_BYE:
      return 'Z';
  }
  return 'Z';
}

const TrfPlayer* find(const std::vector<TrfPlayer>& field, int id) {
  for (const TrfPlayer& p : field) {
    if (p.player.id == id) return &p;
  }
  return nullptr;
}

}  // namespace

std::string trf_player_line(const TrfPlayer& p, const std::vector<TrfPlayer>& field) {
  char points[8];
  std::snprintf(points, sizeof points, "%4.1f", score_after(p.player) / 2.0);
  std::string line = "001 " + number(p.player.pairing_number, 4) + " " + std::string(1, p.sex) + right(p.title, 3) +
                     " " + left(p.name, 33) + " " + number(p.player.rating, 4) + " " + left(p.federation, 3) + " " +
                     number(p.fide_id, 11) + " " + left(p.birth, 10) + " " + points + " " + number(p.rank, 4);
  for (const SwissGame& g : p.player.games) {
    const TrfPlayer* opponent = g.opponent ? find(field, g.opponent) : nullptr;
    const int start_rank = opponent ? opponent->player.pairing_number : 0;
    const char colour = g.opponent == 0 ? '-' : g.color == FIRST ? 'w' : 'b';
    line += "  " + (start_rank ? right(std::to_string(start_rank), 4) : "0000") + " " + colour + " " +
            result_letter(g.outcome);
  }
  return line;
}

Result<std::string> trf_file(const TrfEvent& event) {
  std::set<int> ranks;
  for (const TrfPlayer& p : event.players) {
    if (!ranks.insert(p.player.pairing_number).second) {
      return Error{"starting rank " + std::to_string(p.player.pairing_number) + " twice"};
    }
    for (const SwissGame& g : p.player.games) {
      if (g.opponent != 0 && !find(event.players, g.opponent)) {
        return Error{"player " + std::to_string(p.player.id) + " met " + std::to_string(g.opponent) +
                     ", who is not in the field"};
      }
    }
  }
  std::string out = "012 " + event.name + "\n022 " + event.city + "\n032 " + event.federation + "\n042 " + event.start +
                    "\n052 " + event.end + "\n062 " + std::to_string(event.players.size()) + "\n092 " + event.type +
                    "\n";
  std::vector<const TrfPlayer*> order;
  for (const TrfPlayer& p : event.players) order.push_back(&p);
  std::sort(order.begin(), order.end(),
            [](auto a, auto b) { return a->player.pairing_number < b->player.pairing_number; });
  for (const TrfPlayer* p : order) out += trf_player_line(*p, event.players) + "\n";
  return out;
}

}  // namespace kirin::server
