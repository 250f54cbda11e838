// The answer of an API route to a fuzz target: given at once, or awaited from the request
// workers (for a while), so that no input's work still runs under the next one's.
#pragma once
#include <chrono>
#include <future>
#include <memory>
#include <optional>

#include "server/http/exchange.h"

namespace kirin::fuzz {

// nullopt when the work did not answer within `wait` (it is cancelled) or the route is a stream.
inline std::optional<server::http::Response> answer_of(server::http::RouteResult result,
                                                       std::chrono::seconds wait = std::chrono::seconds(5)) {
  if (auto* res = std::get_if<server::http::Response>(&result)) return std::move(*res);
  auto* pending = std::get_if<std::shared_ptr<server::http::PendingReply>>(&result);
  if (!pending) return std::nullopt;
  auto answered = std::make_shared<std::promise<std::optional<server::http::Response>>>();
  (*pending)->on_response([answered](server::http::Answer a) {
    auto* res = std::get_if<server::http::Response>(&a);
    answered->set_value(res ? std::optional(std::move(*res)) : std::nullopt);
  });
  auto response = answered->get_future();
  if (response.wait_for(wait) != std::future_status::ready) {
    (*pending)->cancel();
    return std::nullopt;
  }
  return response.get();
}

}  // namespace kirin::fuzz
