// The PostgreSQL store's engine jobs (GameStore's *_engine_job, store.h: Kirin's moves on a shared
// store), each call on the connection the store leased for it or inside its transaction: a job
// per game whose record has kirin_turn, claimed with SKIP LOCKED and held by a lease on the
// database's clock, and announced (kirin_jobs) to the claimers.
#pragma once
#include <libpq-fe.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "server/store/store.h"

namespace kirin::server {

Result<std::optional<EngineJob>> pg_claim_engine_job(PGconn* c, const std::string& worker, int64_t lease_ms);
Result<void> pg_renew_engine_jobs(PGconn* c, const std::string& worker, const std::vector<std::string>& game_ids,
                                  int64_t lease_ms);
Result<void> pg_release_engine_job(PGconn* c, const EngineJob& job, const std::string& worker);
Result<void> pg_ensure_engine_job(PGconn* c, const GameRecord& g);
// Within a create or save: the game's job is replaced by one for its new version if Kirin is
// to move, so a claim on an older version can no longer be saved.
Result<void> pg_set_engine_job(PGconn* c, const GameRecord& g, int64_t version);

}  // namespace kirin::server
