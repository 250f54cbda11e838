// The game state as the API shows it to everyone (no tokens): the JSON view of a Round, kept
// apart from the model (as lila's round JsonView).
#pragma once
#include <nlohmann/json.hpp>
#include <optional>

#include "notation/move_notation.h"
#include "server/play/round.h"

namespace kirin::server {

// `notation`: how its moves are written in "notation" (a player's choice), else as the pages
// have written them (written_move).
nlohmann::json round_view(const Round& round, Round::Positions which = Round::Positions::ALL,
                          std::optional<Notation> notation = std::nullopt);

}  // namespace kirin::server
