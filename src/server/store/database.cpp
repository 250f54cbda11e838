#include "server/store/database.h"

namespace kirin::server {

std::string Dialect::lock_table(const std::string& table) const {
  return postgresql ? "LOCK TABLE " + table + " IN SHARE ROW EXCLUSIVE MODE" : "";
}

std::string Dialect::seat_account(int seat) const {
  const std::string at = std::to_string(seat);
  return postgresql ? "((seats::jsonb)->" + at + "->>'account')::bigint"
                    : "json_extract(seats, '$[" + at + "].account')";
}

std::string Dialect::clock_since_plus(const std::string& by) const {
  return postgresql
             ? "jsonb_set(clock::jsonb, '{since}', to_jsonb((clock::jsonb->>'since')::bigint + " + by + "))::text"
             : "json_set(clock, '$.since', json_extract(clock, '$.since') + " + by + ")";
}

std::string Dialect::clock_running() const {
  return postgresql ? "(clock::jsonb->>'running')::int >= 0" : "json_extract(clock, '$.running') >= 0";
}

Result<void> Database::notify(const Sql& sql, const std::string& channel, const std::string& payload) const {
  if (!dialect().postgresql) return {};
  auto r = sql("SELECT pg_notify($1, $2)", {channel, payload});
  if (!r) return Error{sql_error("announcing on " + channel, r.error())};
  return {};
}

}  // namespace kirin::server
