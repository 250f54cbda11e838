// FIDE's Tournament Report File (TRF16, C.04 Annex 2) for a Swiss: the tournament's lines 012
// (name), 022 (city), 032 (federation), 042 and 052 (start and end dates), 062 (players) and 092
// (type), then one 001 line per player by starting rank, in TRF16's fixed columns:
//   1-3 "001", 5-8 starting rank, 10 sex, 11-13 title, 15-47 name, 49-52 rating, 54-56
//   federation, 58-68 FIDE id, 70-79 birth date, 81-84 points ("11.5"), 86-89 rank,
// and for each round from column 92, ten columns apart: 92-95 the opponent's starting rank
// ("0000" for none), 97 the colour (w, b, or - for none), 99 the result (1 = 0 win, draw, loss;
// + - forfeits; U the pairing-allocated bye, H a half-point bye, Z an absence).
// Numbers are right-aligned, text left-aligned, titles right-aligned as FIDE's example writes them;
// a name longer than its 33 columns is cut. Lines end in "\n" (the specification says CR; FIDE's
// own files and the pairing programs read either).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "server/tournaments/swiss_history.h"

namespace kirin::server {

struct TrfPlayer {
  SwissPlayer player;  // its pairing number is the starting rank
  std::string name;    // "Lastname, Firstname"
  char sex = ' ';      // 'm', 'w' or ' '
  std::string title;   // "GM", "IM", ... or ""
  std::string federation;
  int64_t fide_id = 0;  // 0 for none
  std::string birth;    // "YYYY/MM/DD" or ""
  int rank = 0;         // in the standings
};

struct TrfEvent {
  std::string name, city, federation, start, end, type;
  std::vector<TrfPlayer> players;
};

std::string trf_player_line(const TrfPlayer& p, const std::vector<TrfPlayer>& field);

// Errors: a starting rank twice, or an opponent who is not in the field.
Result<std::string> trf_file(const TrfEvent& event);

}  // namespace kirin::server
