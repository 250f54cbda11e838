// kirin bench serve --attack: the victim's latencies beside each attack on a server (issue 45).
#pragma once
#include <string>
#include <vector>

namespace kirin::cli {

struct AttackArgs {
  std::vector<std::string> kinds;  // of attack_kinds(), each on a server of its own
  double seconds = 10;             // the victim alone, then as long under the attack
  int attackers = 32;              // the attacker's connections at once
};

// import, positions, analyses, games.
const std::vector<std::string>& attack_kinds();
// Prints each attack's figures and the command that reproduces them; 1 when the victim was
// refused or got no answer.
int bench_attack(const AttackArgs& a);

}  // namespace kirin::cli
