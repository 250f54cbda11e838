// Reading a request: its query, its JSON body, the caller's token.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "server/http/exchange.h"

namespace kirin::server {

// A query parameter of the request target, decoded; "" if absent.
std::string query_param(std::string_view target, std::string_view name);
// The request body as a JSON object; `error` set if it is not one.
nlohmann::json parse_body(const http::Request& req, std::string& error);
// The caller's token: "Authorization: Bearer T", else a "token" field, else ?token=.
std::string token_of(const http::Request& req, const nlohmann::json& body);
// Whether the body is declared JSON (POSTs must be).
bool is_json(const http::Request& req);
// "a,b,c" as a list; empty items are skipped.
std::vector<std::string> comma_list(const std::string& text);

}  // namespace kirin::server
