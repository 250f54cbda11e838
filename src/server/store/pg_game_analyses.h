// The PostgreSQL store's queue of game analyses (GameStore's *_game_analysis, store.h), each call
// on the connection the store leased for it: a request counted against the queue's bound under a
// table lock, claims taken with SKIP LOCKED and held by a lease on the database's clock, and
// every change announced (kirin_analyses) to the claimers and to the pages that follow the game.
#pragma once
#include <libpq-fe.h>

#include <cstdint>
#include <optional>
#include <string>

#include "core/result.h"
#include "server/store/store.h"

namespace kirin::server {

Result<GameAnalysisRequest> pg_request_game_analysis(PGconn* c, const std::string& id, int total, int queue_limit);
Result<std::optional<GameAnalysisRecord>> pg_load_game_analysis(PGconn* c, const std::string& id);
Result<std::optional<GameAnalysisRecord>> pg_claim_game_analysis(PGconn* c, const std::string& worker,
                                                                 int64_t lease_ms);
Result<bool> pg_hold_game_analysis(PGconn* c, const std::string& id, const std::string& worker, int done,
                                   int64_t lease_ms);
Result<bool> pg_finish_game_analysis(PGconn* c, const std::string& id, const std::string& worker,
                                     const std::string& result);
Result<void> pg_drop_game_analysis(PGconn* c, const std::string& id, const std::string& worker);

}  // namespace kirin::server
