// Composed problems (problem_record.h), written once and never changed: one SQL for both stores
// (sql.h), as the ratings have it.
#pragma once
#include <optional>
#include <string>

#include "server/store/problem_record.h"
#include "server/store/sql.h"

namespace kirin::server {

class ProblemStore {
 public:
  explicit ProblemStore(Sql sql) : sql_(std::move(sql)) {}
  Result<void> create(const ProblemRecord& p) const;
  // nullopt when there is no such problem.
  Result<std::optional<ProblemRecord>> load(const std::string& id) const;

 private:
  Sql sql_;
};

}  // namespace kirin::server
