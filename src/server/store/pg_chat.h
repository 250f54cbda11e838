// The PostgreSQL store's chat, each call one statement on a connection of its pool.
#pragma once
#include <memory>

#include "server/store/chat_store.h"
#include "server/store/pg_accounts.h"

namespace kirin::server {

std::unique_ptr<ChatStore> make_pg_chat(PgExec exec);

}  // namespace kirin::server
