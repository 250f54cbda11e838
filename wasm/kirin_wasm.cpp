// Kirin in WebAssembly: the engine behind kirin-worker.js. JavaScript hands in one line at a
// time through kirin_command (called with Asyncify, so a search can pause); the engine's lines
// go to stdout, which the worker posts back. The first line picks the protocol: "uci" or "ucci"
// a UCI session (xiangqi), anything else a USI session, as `kirin usi` and `kirin uci` speak them.
// "bench [depth]" prints what `kirin bench` prints, from the same search.
#include <emscripten.h>

#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>

#include "protocol/protocols.h"
#include "protocol/session.h"
#include "search/bench.h"

namespace {

// The lines posted while a search runs wait in Module.kirinLines. The first of them, or null.
EM_JS(char*, kirin_peek_line, (), {
  const lines = Module["kirinLines"];
  if (!lines || !lines.length) return 0;
  const size = lengthBytesUTF8(lines[0]) + 1;
  const ptr = _malloc(size);
  stringToUTF8(lines[0], ptr, size);
  return ptr;
});

EM_JS(void, kirin_drop_line, (), { Module["kirinLines"].shift(); });

// The bodies below are JavaScript, which clang-format would break ("= >").
// clang-format off
// Back to the worker's event loop, so that posted lines arrive: a message to itself when the
// pause is 0 (setTimeout would wait 4 ms or more each time), a timer otherwise.
EM_ASYNC_JS(void, kirin_pause, (int ms), {
  await new Promise(resolve => {
    if (ms > 0 || typeof MessageChannel === "undefined") return setTimeout(resolve, ms);
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(0);
  });
});
// clang-format on

class Host {
 public:
  void command(std::string_view line) {
    const auto words = kirin::protocol::tokens(line);
    if (!words.empty() && words[0] == "bench") return bench(words);
    if (!words.empty() && kind_of(words[0]) != Kind::NONE) start_session(kind_of(words[0]));
    if (!session_) start_session(Kind::USI);
    if (!session_->feed(line)) {  // quit: the next line starts afresh
      session_.reset();
      kind_ = Kind::NONE;
    }
  }

 private:
  enum class Kind { NONE, USI, UCI };

  // The session a handshake asks for.
  static Kind kind_of(const std::string& word) {
    return word == "usi" ? Kind::USI : word == "uci" || word == "ucci" ? Kind::UCI : Kind::NONE;
  }

  // Only between searches: a handshake for another protocol waits for the search's end (pause).
  void start_session(Kind kind) {
    if (kind == kind_) return;
    auto yield = [this](bool waiting) { pause(waiting); };
    session_ = kind == Kind::USI ? kirin::protocol::usi_session(std::cout, yield)
                                 : kirin::protocol::uci_session(std::cout, yield);
    kind_ = kind;
  }

  // Called by the search every 1024 nodes: every 50 ms it lets the posted lines in.
  void pause(bool waiting) {
    const double now = emscripten_get_now();
    if (!waiting && now - last_pause_ms_ < 50) return;
    kirin_pause(waiting ? 10 : 0);
    last_pause_ms_ = emscripten_get_now();
    // In order, up to the first line that must wait for the search's end: the JavaScript side
    // hands that one in when kirin_command returns.
    while (char* text = kirin_peek_line()) {
      std::string line(text);
      std::free(text);
      const auto words = kirin::protocol::tokens(line);
      if (session_ && session_->waits(line)) break;
      // A handshake for the other protocol starts a new session: like a command that changes
      // the engine, it waits for a finite search (an infinite one's session refuses it).
      const bool other = !words.empty() && kind_of(words[0]) != Kind::NONE && kind_of(words[0]) != kind_;
      if (other && session_ && session_->waits("position startpos")) break;
      kirin_drop_line();
      if (!words.empty() && words[0] == "bench")
        std::cout << "info string error: bench during a search\n" << std::flush;
      else if (session_)
        session_->feed(line);
    }
  }

  void bench(const std::vector<std::string>& words) {
    int64_t depth = 8;
    if (words.size() > 2 || (words.size() == 2 && !kirin::protocol::read_integer(words[1], depth, 1, 30))) {
      std::cout << "info string error: expected 'bench' or 'bench <depth 1-30>'\n" << std::flush;
      return;
    }
    std::string error;
    double seconds = 0;
    const uint64_t nodes = kirin::run_bench(
        int(depth), 16, "",
        [&](const kirin::BenchLine& l) {
          seconds += l.seconds;
          std::cout << kirin::bench_position_text(l) << '\n' << std::flush;
        },
        error);
    if (!error.empty())
      std::cout << "info string error: " << error << '\n';
    else
      std::cout << kirin::bench_totals_text(nodes, seconds) << '\n';
    std::cout << std::flush;
  }

  std::unique_ptr<kirin::protocol::LineSession> session_;
  Kind kind_ = Kind::NONE;
  double last_pause_ms_ = 0;
};

}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE void kirin_command(const char* line) {
  // One engine per module instance: the worker that loads the module is its only user.
  static Host host;
  host.command(line);
}
