// The variants the games of a server are played on, built once each and shared: a compiled Chu
// Shogi variant is 400 KiB and takes a millisecond to build, where a loaded game is 12 KiB, and
// a Variant never changes once built. Keyed by the game and its rule options as the record
// names them; at most MAX_VARIANTS kept (the options have a few values each, so real sites need
// a handful), past which a variant is built for its game alone.
#pragma once
#include <map>
#include <mutex>
#include <string>

#include "rules/variant.h"

namespace kirin::server {

class VariantCache {
 public:
  static constexpr size_t MAX_VARIANTS = 64;
  // The variant of `game` under `options` (as parsed from the record's words `key`).
  VariantPtr get(const std::string& key, GameId game, const RuleOptions& options) {
    std::lock_guard lock(mu_);
    if (auto it = variants_.find(key); it != variants_.end()) return it->second;
    VariantPtr v = make_variant(game, options);
    if (variants_.size() < MAX_VARIANTS) variants_.emplace(key, v);
    return v;
  }

 private:
  std::mutex mu_;
  std::map<std::string, VariantPtr> variants_;
};

}  // namespace kirin::server
