// Between a game on the server and the header of its record: a record written of a game names
// its players (Kirin by its level) and the day it began; a record imported names the players of
// the game made from it.
#pragma once
#include <ctime>
#include <string>

#include "game/game.h"
#include "server/store/game_record.h"

namespace kirin::server {

inline Game::RecordHeader record_header_of(const GameRecord& rec) {
  Game::RecordHeader h;
  for (int c = 0; c < 2; ++c) {
    const Seat& s = rec.seats[c];
    h.players[c] = s.kirin ? "Kirin (level " + std::to_string(s.strength) + ")" : s.player;
  }
  if (rec.created > 0) {
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
// 30 characters a display name may have.
inline void name_seats(const Game::RecordHeader& h, bool finished, GameRecord& rec) {
  for (int c = 0; c < 2; ++c) {
    Seat& s = rec.seats[c];
    if (s.kirin || h.players[c].empty() || (!finished && !s.player.empty())) continue;
    std::string name;
    size_t chars = 0;
    for (unsigned char ch : h.players[c]) {
      if (ch < 0x20 || ch == 0x7f) continue;
      if ((ch & 0xC0) != 0x80 && ++chars > 30) break;
      name += char(ch);
    }
    s.player = name;
  }
}

}  // namespace kirin::server
