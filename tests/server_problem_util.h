// What the problem tests share: a server that makes problems quickly, a try of a line, and a
// Chu Shogi problem sound under every rule set.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "server_test_util.h"

namespace kirin::test {

// Chu Shogi, mate in 1: only the Dragon King's check along the top rank mates (the Gold on 2c
// guards 1b and 2b).
constexpr const char* CHU_1 = "11k/12/10G1/7+R4/12/12/12/12/12/12/12/12 b - 1";

inline ServerSetup quick_problems() {
  ServerSetup s;
  s.api.problems_per_minute = 0;  // the tests make many
  s.service.problem_ms = 5000;
  s.service.problem_move_ms = 10000;  // judging a move stops when it is proved: a budget, not a wait
  return s;
}

inline std::pair<int, nlohmann::json> attempt(const TestServer& s, const std::string& id, const nlohmann::json& moves) {
  return s.post("/api/problems/" + id + "/try", nlohmann::json{{"moves", moves}}.dump());
}

}  // namespace kirin::test
