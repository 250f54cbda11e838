#include "protocol/protocols.h"
#include "protocol/uci_like.h"

namespace kirin::protocol {

namespace {

const Dialect usi{"usi",  "usiok", "USI_Variant", {"chushogi", "chushogi-lishogi", "chushogi-jcsa", "chuseireigi", "chuseireigi-legacy"}, "usinewgame", "sfen",
                  "btime", "binc", "wtime", "winc", true, "resign", true};
const Dialect uci{"uci",  "uciok", "UCI_Variant", {"xiangqi", "chushogi", "chushogi-lishogi", "chushogi-jcsa", "chuseireigi", "chuseireigi-legacy"}, "ucinewgame",
                  "fen",  "wtime", "winc", "btime", "binc", false, "(none)", false};

}  // namespace

int run_usi(std::istream& in, std::ostream& out) { return run_uci_like(usi, in, out); }

int run_uci(std::istream& in, std::ostream& out) { return run_uci_like(uci, in, out); }

std::unique_ptr<LineSession> usi_session(std::ostream& out, std::function<void(bool waiting)> yield) {
  return uci_like_session(usi, out, std::move(yield));
}

std::unique_ptr<LineSession> uci_session(std::ostream& out, std::function<void(bool waiting)> yield) {
  return uci_like_session(uci, out, std::move(yield));
}

}  // namespace kirin::protocol
