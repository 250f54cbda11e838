// The code an error of an HTTP status carries when it has no reason of its own (docs/api.md,
// "Refusals"): the transport's (a body too big, a stream refused) and the API's (a bad body, a
// method the route does not take). The kinds of a concern's refusal have the same codes
// (server/replies.h's code_of), which a test holds to these through api's http_status.
#pragma once

namespace kirin::server::http {

constexpr const char* code_of_status(unsigned status) {
  switch (status) {
    case 400:
      return "bad_request";
    case 401:
      return "not_logged_in";
    case 403:
      return "not_yours";
    case 404:
      return "not_found";
    case 405:
      return "method_not_allowed";
    case 409:
      return "not_now";
    case 413:
    case 431:
      return "too_long";
    case 415:
      return "unsupported_media_type";
    case 422:
      return "unprocessable";
    case 429:
      return "too_often";
    case 503:
      return "busy";
  }
  return "failure";
}

}  // namespace kirin::server::http
