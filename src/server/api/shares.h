// One visitor's share of something everyone waits for: what each key (a client address, and
// "account N" wherever it logs in from) holds now, at most `cap` each. Holding is counted by
// item (a computer analysis of a game, waiting or running: PendingShares) or by number (live
// analyses, each an open stream: CountedShares).
#pragma once
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace kirin::server {

class PendingShares {
 public:
  explicit PendingShares(int cap) : cap_(cap) {}
  // Under one lock: forgets the items `finished` says are done; then, if no key holds `cap`
  // unfinished items other than `item`, runs `ask`, and counts `item` for every key if `ask`
  // says it now waits. Else the items of the first full key, and `ask` does not run (asking
  // again for what one holds is never refused). A `cap` of 0 holds no limit.
  std::optional<std::vector<std::string>> ask(const std::vector<std::string>& keys, const std::string& item,
                                              const std::function<bool(const std::string& item)>& finished,
                                              const std::function<bool()>& ask);

 private:
  const int cap_;
  std::mutex mu_;
  std::unordered_map<std::string, std::vector<std::string>> held_;
};

class CountedShares {
 public:
  explicit CountedShares(int cap) : cap_(cap) {}
  // One more for every key, if none holds `cap`; false (nothing counted) if one does.
  bool take(const std::vector<std::string>& keys);
  // One fewer for every key (after a take that succeeded).
  void give_back(const std::vector<std::string>& keys);

 private:
  const int cap_;
  std::mutex mu_;
  std::unordered_map<std::string, int> held_;
};

}  // namespace kirin::server
