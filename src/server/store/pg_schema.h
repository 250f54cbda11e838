// The PostgreSQL store's schema: its tables created when missing and the older versions brought
// up to this one, under an advisory lock so that instances starting together take turns.
#pragma once
#include <libpq-fe.h>

#include "core/result.h"

namespace kirin::server {

Result<void> pg_migrate(PGconn* c);

}  // namespace kirin::server
