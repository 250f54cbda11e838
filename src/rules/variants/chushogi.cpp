// Chu Shogi as data: ../shared/rules/chu_shogi.md sections 2-3 and 8.
#include "rules/variant.h"

namespace kirin {

Variant::Definition chushogi_definition(const RuleOptions& options) {
  Variant::Definition d;
  d.game = GameId::CHUSHOGI;
  d.name = "chushogi";
  d.files = 12;
  d.ranks = 12;
  d.zone_depth = 4;
  d.promotion = PromotionRule::ENTER_OR_CAPTURE;
  d.self_check_allowed = true;
  d.lion_trading = true;
  d.single_royal = false;  // a Prince is a second King
  d.options = options;
  d.kinds.reserve(MAX_KINDS);  // piece() hands out pointers into the catalogue
  d.start =
      "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/"
      "LFCSGKEGSCFL b - 1";
  d.setups = {
      {"Two Kings",
       "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/"
       "LFCSGK+EGSCFL w - 1"},
      {"Two Lions",
       "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1T+OXT1B1A/"
       "LFCSGKEGSCFL w - 1"},
      {"Three Lions",
       "lfcsgekgscfl/a1b1txxt1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1T+O+OT1B1A/"
       "LFCSGKEGSCFL w - 1"},
  };
  auto piece = [&](std::string name, std::string token, std::string betza, std::string promotes, int value) {
    d.kinds.push_back(piece_kind(std::move(name), std::move(token), std::move(betza), std::move(promotes), value));
    return &d.kinds.back();
  };
  piece("King", "K", "K", "", 0)->royal = true;
  piece("Drunk Elephant", "E", "FsfW", "+E", 350);
  piece("Prince", "+E", "K", "", 450)->royal = true;
  piece("Gold General", "G", "WfF", "+G", 350);
  piece("Rook-mover", "+G", "R", "", 650);
  piece("Silver General", "S", "FfW", "+S", 300);
  piece("Vertical Mover-mover", "+S", "vRsW", "", 400);
  piece("Copper General", "C", "fFvW", "+C", 250);
  piece("Side Mover-mover", "+C", "sRvW", "", 350);
  piece("Ferocious Leopard", "F", "FvW", "+F", 300);
  piece("Bishop-mover", "+F", "B", "", 500);
  piece("Blind Tiger", "T", "FsbW", "+T", 300);
  piece("Flying Stag", "+T", "KvR", "", 550);
  piece("Kirin", "O", "FD", "+O", 350);
  piece("Lion-mover", "+O", "KNAD", "", 1800)->lion = LionPower::AREA;
  piece("Phoenix", "X", "WA", "+X", 350);
  piece("Queen-mover", "+X", "Q", "", 1200);
  auto lance = piece("Lance", "L", "fR", "+L", 250);
  lance->last_rank_promotion = options.last_rank == RuleOptions::LastRankPromotion::PAWN_AND_LANCE;
  piece("White Horse", "+L", "vRfB", "", 700);
  piece("Reverse Chariot", "A", "vR", "+A", 300);
  piece("Whale", "+A", "vRbB", "", 650);
  piece("Side Mover", "M", "sRvW", "+M", 350);
  piece("Free Boar", "+M", "sRB", "", 750);
  piece("Vertical Mover", "V", "vRsW", "+V", 400);
  piece("Flying Ox", "+V", "vRB", "", 750);
  piece("Bishop", "B", "B", "+B", 500);
  piece("Dragon Horse-mover", "+B", "BW", "", 700);
  piece("Rook", "R", "R", "+R", 650);
  piece("Dragon King-mover", "+R", "RF", "", 800);
  piece("Dragon Horse", "H", "BW", "+H", 700);
  // Horned Falcon: slides except forward; forward it has the Lion power (step, jump, double step).
  auto falcon = piece("Horned Falcon", "+H", "BsRbRfWfD", "", 1000);
  falcon->lion = LionPower::LINE;
  falcon->lion_line = "fW";
  piece("Dragon King", "D", "RF", "+D", 800);
  // Soaring Eagle: slides except diagonally forward, where it has the Lion power.
  auto eagle = piece("Soaring Eagle", "+D", "RbBfFfA", "", 1100);
  eagle->lion = LionPower::LINE;
  eagle->lion_line = "fF";
  piece("Queen", "Q", "Q", "", 1200);
  auto lion = piece("Lion", "N", "KNAD", "", 1800);
  lion->lion = LionPower::AREA;
  auto pawn = piece("Pawn", "P", "fW", "+P", 100);
  pawn->last_rank_promotion = true;
  pawn->lion_trade_minor = true;
  piece("Tokin", "+P", "WfF", "", 350);
  piece("Go-Between", "I", "vW", "+I", 100)->lion_trade_minor = true;
  piece("Drunk Elephant-mover", "+I", "FsfW", "", 350);
  for (auto& k : d.kinds)
    k.trades_as_lion = k.token == "N" || k.token == "+O";  // a promoted Kirin is a Lion for all Lion rules
  return d;
}

}  // namespace kirin
