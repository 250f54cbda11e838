#include "server/store/sql.h"

#include <cstdio>
#include <string_view>

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

std::string sql_error(const std::string& what, const std::string& error) {
  constexpr std::string_view prefix = "database: ";
  const std::string_view why = std::string_view(error).starts_with(prefix)
                                   ? std::string_view(error).substr(prefix.size())
                                   : std::string_view(error);
  return "database: " + what + ": " + std::string(why);
}

}  // namespace kirin::server
