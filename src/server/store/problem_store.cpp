#include "server/store/problem_store.h"

#include "server/store/rows.h"

namespace kirin::server {

Result<void> ProblemStore::create(const ProblemRecord& p) const {
  std::vector<SqlParam> params;
  for (std::string& v : problem_values(p)) params.emplace_back(std::move(v));
  auto r =
      sql_(std::string("INSERT INTO problems (") + PROBLEM_COLUMNS + ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
           params);
  if (!r) return Error{sql_error("inserting problem " + p.id, r.error())};
  return {};
}

Result<std::optional<ProblemRecord>> ProblemStore::load(const std::string& id) const {
  auto q = sql_(std::string("SELECT ") + PROBLEM_COLUMNS + " FROM problems WHERE id = $1", {id});
  if (!q) return Error{sql_error("reading problem " + id, q.error())};
  if (q->rows.empty()) return std::optional<ProblemRecord>{};
  ProblemRecord p;
  TextRow row{q->rows[0]};
  if (auto read = read_problem(row, p); !read) return Error{read.error()};
  return std::optional<ProblemRecord>{std::move(p)};
}

}  // namespace kirin::server
