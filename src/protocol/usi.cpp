#include "protocol/protocols.h"
#include "protocol/uci_like.h"

namespace kirin::protocol {

int run_usi(std::istream& in, std::ostream& out) {
  static const Dialect usi{"usi",  "usiok", "USI_Variant", {"chushogi", "chushogi-lishogi", "chushogi-jcsa", "chuseireigi", "chuseireigi-legacy"}, "usinewgame", "sfen",
                           "btime", "binc", "wtime", "winc", true, "resign", true};
  return run_uci_like(usi, in, out);
}

int run_uci(std::istream& in, std::ostream& out) {
  static const Dialect uci{"uci",  "uciok", "UCI_Variant", {"xiangqi", "chushogi", "chushogi-lishogi", "chushogi-jcsa", "chuseireigi", "chuseireigi-legacy"}, "ucinewgame",
                           "fen",  "wtime", "winc", "btime", "binc", false, "(none)", false};
  return run_uci_like(uci, in, out);
}

}  // namespace kirin::protocol
