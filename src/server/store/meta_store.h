// The server's own facts, by key (when it was last alive), in the meta table: one SQL for both
// stores (sql.h).
#pragma once
#include <string>

#include "server/store/sql.h"

namespace kirin::server {

class MetaStore {
 public:
  explicit MetaStore(Sql sql) : sql_(std::move(sql)) {}
  // "" when never set.
  Result<std::string> get(const std::string& key) const;
  Result<void> set(const std::string& key, const std::string& value) const;

 private:
  Sql sql_;
};

}  // namespace kirin::server
