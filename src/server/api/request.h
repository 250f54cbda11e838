// Reading a request: its query, its JSON body, the caller's token.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "server/http/exchange.h"

namespace kirin::server {

// A query parameter of the request target, decoded; "" if absent.
std::string query_param(std::string_view target, std::string_view name);
// The request body as a JSON object; `error` set if it is not one.
nlohmann::json parse_body(const http::Request& req, std::string& error);
// The caller's token: "Authorization: Bearer T", else a "token" field, else ?token=.
std::string token_of(const http::Request& req, const nlohmann::json& body);
// The value of cookie `name` in the request's Cookie headers; "" if absent.
std::string cookie_of(const http::Request& req, std::string_view name);
// What /api/account's POSTs carry: a name, a password, and a change's new password ("" for each
// absent; a field that is not a string is refused).
struct AccountRequest {
  std::string name, password, new_password;
};
Result<AccountRequest> parse_account_request(const nlohmann::json& body);
// Whether the body is declared JSON (POSTs must be).
bool is_json(const http::Request& req);
// "a,b,c" as a list; empty items are skipped.
std::vector<std::string> comma_list(const std::string& text);

}  // namespace kirin::server
