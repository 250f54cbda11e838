// Between a game on the server and the header of its record: a record written of a game names
// its players (Kirin by its level) and the day it began; a record imported names the players of
// the game made from it, and its other headers go back out in the records written of that game.
#pragma once
#include <ctime>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "game/game.h"
#include "server/security/invisible_text.h"
#include "server/store/game_record.h"

namespace kirin::server {

// The headers an imported record brings (its date among them), as the game keeps them: at most
// MAX_TAGS, names and values cut to a size a header may have, without control characters.
constexpr size_t MAX_TAGS = 32, MAX_TAG_NAME = 40, MAX_TAG_VALUE = 200;

inline std::string header_text(std::string_view text, size_t max_bytes) {
  std::string out;
  for (unsigned char ch : text) {
    if (ch < 0x20 || ch == 0x7f) continue;
    // Cut at a character's start, so that UTF-8 stays whole.
    if (out.size() >= max_bytes && (ch & 0xC0) != 0x80) break;
    out += char(ch);
  }
  while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xC0) == 0xC0) out.pop_back();
  return out;
}

inline std::vector<std::pair<std::string, std::string>> tags_of(const Game::RecordHeader& h) {
  std::vector<std::pair<std::string, std::string>> tags;
  if (!h.date.empty()) tags.emplace_back("Date", h.date);
  for (const auto& [name, value] : h.tags) {
    if (tags.size() >= MAX_TAGS) break;
    std::string n = header_text(name, MAX_TAG_NAME), v = header_text(value, MAX_TAG_VALUE);
    if (!n.empty() && !v.empty() && n != "Date") tags.emplace_back(std::move(n), std::move(v));
  }
  return tags;
}

// The record's header: the seats' players, the imported record's date and tags, else the day
// the game began here.
inline Game::RecordHeader record_header_of(const GameRecord& rec) {
  Game::RecordHeader h;
  for (const auto& [name, value] : rec.tags)
    if (name == "Date")
      h.date = value;
    else
      h.tags.emplace_back(name, value);
  for (int c = 0; c < 2; ++c) {
    const Seat& s = rec.seats[c];
    h.players[c] = s.kirin ? "Kirin (level " + std::to_string(s.strength) + ")" : s.player;
  }
  if (h.date.empty() && rec.created > 0) {
    const std::time_t t = std::time_t(rec.created / 1000);
    std::tm utc{};
    gmtime_r(&t, &utc);
    char day[16];
    std::strftime(day, sizeof day, "%Y-%m-%d", &utc);
    h.date = day;
  }
  return h;
}

// The record's players take the seats of people: all of them for a finished game (history, as
// recorded), only those with no name given for a game still to be played. Names are cut to the
// 30 characters a display name may have, and without bidirectional controls and zero-width
// characters (security/invisible_text.h).
inline void name_seats(const Game::RecordHeader& h, bool finished, GameRecord& rec) {
  for (int c = 0; c < 2; ++c) {
    Seat& s = rec.seats[c];
    if (s.kirin || h.players[c].empty() || (!finished && !s.player.empty())) continue;
    std::string name;
    size_t chars = 0;
    // A name in a record is history, kept, but without what would make it look like another.
    for (unsigned char ch : without_bidi_controls(h.players[c], true)) {
      if (ch < 0x20 || ch == 0x7f) continue;
      if ((ch & 0xC0) != 0x80 && ++chars > 30) break;
      name += char(ch);
    }
    s.player = name;
  }
}

}  // namespace kirin::server
