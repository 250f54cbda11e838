#include "server/api/shares.h"

#include <algorithm>

namespace kirin::server {

std::optional<std::vector<std::string>> PendingShares::ask(const std::vector<std::string>& keys,
                                                           const std::string& item,
                                                           const std::function<bool(const std::string&)>& finished,
                                                           const std::function<bool()>& ask) {
  // One lock for the whole question, so that two requests at once cannot both take the last
  // place: these requests are few (rate-limited per address) and each checks at most `cap`.
  std::lock_guard lock(mu_);
  for (const std::string& key : keys) {
    auto it = held_.find(key);
    if (it == held_.end()) continue;
    std::erase_if(it->second, finished);
    if (it->second.empty()) {
      held_.erase(it);
      continue;
    }
    const bool holds = std::ranges::find(it->second, item) != it->second.end();
    if (cap_ > 0 && !holds && int(it->second.size()) >= cap_) return it->second;
  }
  if (ask())
    for (const std::string& key : keys) {
      auto& items = held_[key];
      if (std::ranges::find(items, item) == items.end()) items.push_back(item);
    }
  return std::nullopt;
}

bool CountedShares::take(const std::vector<std::string>& keys) {
  std::lock_guard lock(mu_);
  if (cap_ > 0)
    for (const std::string& key : keys)
      if (auto it = held_.find(key); it != held_.end() && it->second >= cap_) return false;
  for (const std::string& key : keys) ++held_[key];
  return true;
}

void CountedShares::give_back(const std::vector<std::string>& keys) {
  std::lock_guard lock(mu_);
  for (const std::string& key : keys)
    if (auto it = held_.find(key); it != held_.end() && --it->second <= 0) held_.erase(it);
}

}  // namespace kirin::server
