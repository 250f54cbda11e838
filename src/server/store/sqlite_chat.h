// The SQLite store's chat, on its connection and under its lock.
#pragma once
#include <sqlite3.h>

#include <memory>
#include <mutex>

#include "server/store/chat_store.h"

namespace kirin::server {

std::unique_ptr<ChatStore> make_sqlite_chat(sqlite3* db, std::mutex& mu);

}  // namespace kirin::server
