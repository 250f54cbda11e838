// USI and UCI/UCCI differ only in words: one session type, configured by a dialect.
#pragma once
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "protocol/protocols.h"

namespace kirin::protocol {

// A name the variant option takes: a game, and the rule set it means ("" the game's default).
struct VariantName {
  std::string name;
  std::string game;
  std::string option;  // the rule option the name stands for ("rules=lishogi"), or ""
};

struct Dialect {
  const char* name;                   // "usi", "uci"
  const char* ok;                     // "usiok"
  const char* variant_option;         // "USI_Variant"
  std::vector<VariantName> variants;  // the first is the default
  const char* new_game;               // "usinewgame"
  const char* fen_word;               // "sfen"
  const char* first_time;             // clock words of the side that moves first
  const char* first_inc;
  const char* second_time;
  const char* second_inc;
  bool mate_in_plies;   // USI counts mates in plies, UCI in moves
  const char* no_move;  // "resign", "(none)"
  bool tsume;           // USI: "go mate <ms>|infinite" is a tsume search; UCI: mate in n moves
};

int run_uci_like(const Dialect& d, std::istream& in, std::ostream& out);
std::unique_ptr<LineSession> uci_like_session(const Dialect& d, std::ostream& out,
                                              std::function<void(bool waiting)> yield);

}  // namespace kirin::protocol
