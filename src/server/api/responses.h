// The HTTP responses the API's route files share (JSON answers, files, errors) and their request readers.
#pragma once
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "server/env.h"
#include "server/http/error_codes.h"
#include "server/http/exchange.h"
#include "server/refusals.h"

namespace kirin::server {

constexpr unsigned HTTP_11 = 11;

// The HTTP status of a concern's answer: the one place the two meet.
constexpr unsigned http_status(Reply::Kind k) {
  switch (k) {
    case Reply::DONE:
      return 200;
    case Reply::MADE:
      return 201;
    case Reply::UNDER_WAY:
      return 202;
    case Reply::LATER:  // never answered as it is: the route waits for the work's answer
      break;
    case Reply::BAD_REQUEST:
      return 400;
    case Reply::NOT_LOGGED_IN:
      return 401;
    case Reply::NOT_YOURS:
      return 403;
    case Reply::NOT_FOUND:
      return 404;
    case Reply::NOT_NOW:
      return 409;
    case Reply::TOO_LONG:
      return 413;
    case Reply::TOO_OFTEN:
      return 429;
    case Reply::FAILURE:
      return 500;
    case Reply::BUSY:
      return 503;
  }
  return 500;
}

inline http::Response json_response(const Reply& r) {
  http::Response res{boost::beast::http::status(http_status(r.kind)), HTTP_11};
  res.set(boost::beast::http::field::content_type, "application/json");
  res.set(boost::beast::http::field::cache_control, "no-store");  // game states and tokens are never cached
  res.body() = r.body.dump();
  // A concern that says when to come back (a 429 of the login or chat limits) says it in the
  // header too, as RFC 9110 asks.
  if (auto after = r.body.find("retry_after"); after != r.body.end() && after->is_number_integer())
    res.set(boost::beast::http::field::retry_after, std::to_string(after->get<int64_t>()));
  return res;
}

// A drawn file (a PDF, an image) as the answer; with a filename, offered as a download.
inline http::Response file_response(std::string_view type, std::string bytes, const std::string& filename = "") {
  http::Response res{boost::beast::http::status::ok, HTTP_11};
  res.set(boost::beast::http::field::content_type, type);
  res.set(boost::beast::http::field::cache_control, "no-store");
  if (!filename.empty())
    res.set(boost::beast::http::field::content_disposition, "attachment; filename=\"" + filename + "\"");
  res.body() = std::move(bytes);
  return res;
}

// A refusal for a reason people meet (refusals.h); `retry_after` (seconds), when given, says
// when to come back, in the body and the header.
inline http::Response refusal_response(Refusal why, nlohmann::json params = nlohmann::json::object(),
                                       int retry_after = -1) {
  Reply r = refuse(why, std::move(params));
  if (retry_after >= 0) r.body["retry_after"] = retry_after;
  return json_response(r);
}

inline http::Response error_response(unsigned status, const std::string& message) {
  http::Response res{boost::beast::http::status(status), HTTP_11};
  res.set(boost::beast::http::field::content_type, "application/json");
  res.set(boost::beast::http::field::cache_control, "no-store");
  res.body() = nlohmann::json{{"error", message}, {"code", http::code_of_status(status)}}.dump();
  return res;
}

inline http::Response method_not_allowed(const char* allow) {
  http::Response res = error_response(405, std::string("method not allowed (allowed: ") + allow + ")");
  res.set(boost::beast::http::field::allow, allow);
  return res;
}

// A field of a request's JSON body that is not what the route takes ("options": 5): a 400
// that names the field.
struct BadField : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A field of a JSON body, or `fallback` when it is missing: json::value's reading, but a field of
// the wrong type ("rounds": "five"), or a number that is not whole or does not fit, is a BadField
// naming it (`name`, where the field is inside another: "opponent.strength").
template <class T>
T field_or(const nlohmann::json& body, const char* key, T fallback, const char* name = nullptr) {
  const std::string field = name ? name : key;
  if (!body.is_object()) throw BadField("expected a JSON object with " + field);
  const auto it = body.find(key);
  if (it == body.end()) return fallback;
  if constexpr (std::is_same_v<T, bool>) {
    if (!it->is_boolean()) throw BadField(field + ": expected true or false");
  } else if constexpr (std::is_integral_v<T>) {
    const bool whole = it->is_number_integer() || (it->is_number_float() && std::isfinite(it->get<double>()) &&
                                                   std::trunc(it->get<double>()) == it->get<double>());
    const double v = whole ? it->get<double>() : 0;
    if (!whole || v < double(std::numeric_limits<T>::min()) || v > double(std::numeric_limits<T>::max()))
      throw BadField(field + ": expected a whole number");
    if (it->is_number_integer())  // exact above 2^53, where the double is not
      return it->is_number_unsigned() ? T(it->get<uint64_t>()) : T(it->get<int64_t>());
    return T(v);
  } else if constexpr (std::is_same_v<T, std::string>) {
    if (!it->is_string()) throw BadField(field + ": expected a string");
  } else {
    try {
      return it->template get<T>();
    } catch (const nlohmann::json::exception&) {
      throw BadField(field + ": not of the expected type");
    }
  }
  return it->template get<T>();
}
inline std::string field_or(const nlohmann::json& body, const char* key, const char* fallback,
                            const char* name = nullptr) {
  return field_or<std::string>(body, key, std::string(fallback), name);
}

// A list of strings in a JSON body ({"moves": [...]}); empty when the key is missing.
inline std::vector<std::string> string_list(const nlohmann::json& body, const char* key) {
  std::vector<std::string> out;
  if (!body.contains(key)) return out;
  const nlohmann::json& list = body.at(key);
  if (!list.is_array()) throw BadField(std::string(key) + ": expected a list of strings");
  for (const auto& v : list) {
    if (!v.is_string()) throw BadField(std::string(key) + ": expected a list of strings");
    out.push_back(v.get<std::string>());
  }
  return out;
}

// A game's (or problem's) id as the server makes them: lowercase letters and digits.
inline bool is_game_id(std::string_view s) {
  return !s.empty() && s.size() <= 64 &&
         s.find_first_not_of("0123456789abcdefghijklmnopqrstuvwxyz") == std::string_view::npos;
}

}  // namespace kirin::server
