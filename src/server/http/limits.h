// What one client, and all of them together, may cost the server. Each is a `kirin serve`
// option (docs/api.md lists them); the defaults suit a public site on one small machine.
#pragma once
#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace kirin::server::http {

struct Limits {
  size_t body_bytes = 1 << 20;                        // a request body, chunked or not
  size_t header_bytes = 16 * 1024;                    // the request line and all header lines together
  size_t header_count = 100;                          // header fields in one request
  std::chrono::milliseconds request_timeout{10'000};  // first byte of a request to its last
  std::chrono::milliseconds idle_timeout{60'000};     // a kept-alive connection between requests
  std::chrono::milliseconds write_timeout{30'000};    // a client that does not read its answer
  size_t connections = 16'000;                        // open connections in all (kept below the fd limit)
  size_t connections_per_client = 256;                // from one client address (0: no limit)
  size_t streams = 12'000;                            // event streams in all
  size_t streams_per_game = 2'000;                    // event streams on one game
  size_t streams_per_client = 128;                    // event streams from one client address (0: no limit)
  std::chrono::seconds retry_after{5};                // said with every 503 for load
  std::chrono::seconds stream_keepalive{15};          // a comment on an idle event stream
  size_t stream_backlog = 8;                          // events queued for a slow reader before older ones go
  // Reverse proxies whose X-Forwarded-For names the client (per-client connection counts still
  // see the proxy: it enforces its own).
  std::vector<std::string> trusted_proxies;
};

}  // namespace kirin::server::http
