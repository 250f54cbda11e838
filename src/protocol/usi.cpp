#include "protocol/protocols.h"
#include "protocol/uci_like.h"

namespace kirin::protocol {

namespace {

// In USI, "chushogi" is lishogi's variant key, and means lishogi's rules: its server decides what
// is legal in the games a USI engine plays there (through Lishogi-Bot). The seed's rules, and the
// JCSA's, have names of their own. UCI and the rest of Kirin keep the seed's rules as "chushogi".
const std::vector<VariantName> kChuSeireigi = {{"chuseireigi", "chuseireigi", ""},
                                               {"chuseireigi-legacy", "chuseireigi", "rules=legacy"}};
const Dialect usi{"usi",
                  "usiok",
                  "USI_Variant",
                  [] {
                    std::vector<VariantName> v = {{"chushogi", "chushogi", "rules=lishogi"},
                                                  {"chushogi-seed", "chushogi", "rules=seed"},
                                                  {"chushogi-lishogi", "chushogi", "rules=lishogi"},
                                                  {"chushogi-jcsa", "chushogi", "rules=jcsa"}};
                    v.insert(v.end(), kChuSeireigi.begin(), kChuSeireigi.end());
                    return v;
                  }(),
                  "usinewgame",
                  "sfen",
                  "btime",
                  "binc",
                  "wtime",
                  "winc",
                  true,
                  "resign",
                  true};
const Dialect uci{"uci",
                  "uciok",
                  "UCI_Variant",
                  [] {
                    // The xiangqi repetition rule sets other than the default (docs/xiangqi-repetition.md),
                    // for a GUI that referees by them: the search judges cycles as they do.
                    std::vector<VariantName> v = {{"xiangqi", "xiangqi", ""},
                                                  {"xiangqi-axf-hk", "xiangqi", "repetition=axf-hk"},
                                                  {"xiangqi-simple", "xiangqi", "repetition=simple"},
                                                  {"chushogi", "chushogi", ""},
                                                  {"chushogi-seed", "chushogi", "rules=seed"},
                                                  {"chushogi-lishogi", "chushogi", "rules=lishogi"},
                                                  {"chushogi-jcsa", "chushogi", "rules=jcsa"}};
                    v.insert(v.end(), kChuSeireigi.begin(), kChuSeireigi.end());
                    return v;
                  }(),
                  "ucinewgame",
                  "fen",
                  "wtime",
                  "winc",
                  "btime",
                  "binc",
                  false,
                  "(none)",
                  false};

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
