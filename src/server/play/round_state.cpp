#include "server/play/round_state.h"

#include "core/unix_time.h"
#include "server/refusals.h"

namespace kirin::server {

void RoundState::touch() { rec.updated = now_ms(); }

Reply RoundState::refuse_if_over() const {
  if (rec.over()) return refuse(Refusal::GAME_OVER, {{"reason", rec.reason}});
  if (rec.waiting()) return refuse(Refusal::CHALLENGE_WAITING);
  return {};
}

}  // namespace kirin::server
