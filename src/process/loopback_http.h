// Plain HTTP/1.1 with a server on 127.0.0.1 from a chosen loopback address (127.0.0.2, ...), so
// that the server's per-address limits see each address as a visitor of its own: for the attack
// benchmark and the tests that attack the server. Nothing leaves this machine.
#pragma once
#include <string>
#include <vector>

namespace kirin {

// A TCP connection to 127.0.0.1:port from `from` (TCP_NODELAY), or -1.
int connect_from(int port, const char* from);

struct LoopbackReply {
  int status = 0;  // 0: no answer (refused, closed, or none within the time)
  std::string body;
  double ms = 0;  // from connecting to the whole answer
};

// One request on a connection of its own, closed after the answer. `headers`: whole lines
// ("Authorization: Bearer ..."); a body is sent as JSON.
LoopbackReply loopback_request(int port, const std::string& from, const std::string& method, const std::string& path,
                               const std::string& body = "", const std::vector<std::string>& headers = {},
                               int timeout_ms = 30'000);

}  // namespace kirin
