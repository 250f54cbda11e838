#include "server/store/sql.h"

#include <cstdio>

namespace kirin::server {

std::string sql_param_text(const SqlParam& p) {
  if (const auto* i = std::get_if<int64_t>(&p)) return std::to_string(*i);
  if (const auto* d = std::get_if<double>(&p)) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", *d);
    return buf;
  }
  return std::get<std::string>(p);
}

}  // namespace kirin::server
