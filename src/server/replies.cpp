#include "server/replies.h"

#include <spdlog/logger.h>

namespace kirin::server {

Reply Failures::operator()(const std::string& what, const std::string& error) const {
  if (log_) log_->error("{}: {}", what, error);
  return refusal(Reply::FAILURE, error);
}

}  // namespace kirin::server
