// A composed problem as the store keeps it: the position, the convention it is set in, and what
// Kirin proved when it was made (the solution, other first moves that also mate).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace kirin::server {

// A first move other than the key that mates as fast (a "cook" in problem terms).
struct ProblemAlternative {
  std::string move;
  int plies = 0;
};

struct ProblemRecord {
  std::string id;
  std::string game;                   // chushogi, chuseireigi, xiangqi
  std::vector<std::string> options;   // rule options ("rules=jcsa"); every judgement is made under them
  std::string fen;                    // the attacker to move; its royal may be missing
  bool checks_only = true;            // every attacking move checks (tsume)
  std::vector<std::string> solution;  // shortest attack, longest defence; the key move first
  std::vector<ProblemAlternative> alternatives;
  int key_unique = -1;  // 1: no other first move mates as fast, 0: alternatives listed, -1: not proven in time
  int64_t created = 0;  // unix ms
};

}  // namespace kirin::server
