// Chu Seireigi as data: ../shared/rules/chu_seireigi.md sections 2-5 (primary ruleset), and
// section 9 (rules=legacy) with the kinds of chuseireigi_legacy.cpp.
#include "rules/variant.h"

namespace kirin {

Variant::Definition chuseireigi_definition(const RuleOptions& options) {
  Variant::Definition d;
  d.game = GameId::CHUSEIREIGI;
  d.name = "chuseireigi";
  d.files = 12;
  d.ranks = 12;
  d.zone_depth = 4;
  d.promotion = PromotionRule::ZONE_TOUCH;
  d.drops = true;
  d.impasse_threshold = 56;
  d.hand_order = "QIRBXOEYWUGSCFNJALP";
  d.options = options;
  d.kinds.reserve(MAX_KINDS);  // piece() hands out pointers into the catalogue
  d.start =
      "lacsgekgscal/1n1juxouj1n1/f1w1rqib1y1f/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/F1Y1BIQR1W1F/1N1JUOXUJ1N1/"
      "LACSGKEGSCAL b - 1";
  auto piece = [&](std::string name, std::string token, std::string betza, std::string promotes, int value) {
    d.kinds.push_back(piece_kind(std::move(name), std::move(token), std::move(betza), std::move(promotes), value));
    return &d.kinds.back();
  };
  const bool hawk = options.seireigi_lion == RuleOptions::SeireigiLion::HAWK;
  piece("King", "K", "K", "", 0)->royal = true;
  auto pawn = piece("Pawn", "P", "fW", "+P", 100);
  pawn->forced_promotion_ranks = 1;
  pawn->nifu = true;
  pawn->no_drop_mate = true;
  piece("Tokin", "+P", "WfF", "", 400);
  piece("Lance", "L", "fR", "+L", 300)->forced_promotion_ranks = 1;
  piece("Free Tiger", "+L", "sRvWsN", "", 700);
  piece("Ram's-Head Soldier", "A", "fB", "+A", 300)->forced_promotion_ranks = 1;
  piece("Treacherous Fox", "+A", "vRsWvN", "", 700);
  piece("Running Rabbit", "J", "fRfB", "+J", 400)->forced_promotion_ranks = 1;
  piece("Prancing Stag", "+J", "vWsRfB", "", 700);
  piece("Knight", "N", "ffN", "+N", 300)->forced_promotion_ranks = 2;
  piece("Heavenly Horse", "+N", "FfWfAfDbbN", "", 600);
  piece("Flying Swallow", "F", "fAfD", "+F", 300)->forced_promotion_ranks = 2;
  piece("Golden Bird", "+F", "vWfFsDbDbAfN", "", 700);
  piece("Copper General", "C", "vWfF", "+C", 350);
  piece("Great Leopard-mover", "+C", "sRfFbW", "", 500);
  piece("Silver General", "S", "FfW", "+S", 400);
  piece("Running Wolf-mover", "+S", "vRsWfF", "", 600);
  piece("Gold General", "G", "WfF", "+G", 450);
  piece("Great Elephant-mover", "+G", "fBfWsWbF", "", 650);
  piece("Strong Bear", "U", "FsWfW", "+U", 450);
  piece("Whale", "+U", "fBbRfWbFbsN", "", 750);
  piece("Great Leopard", "Y", "sRfFbW", "+Y", 500);
  piece("Flying Ox", "+Y", "vRB", "", 900);
  piece("Running Wolf", "W", "vRsWfF", "+W", 600);
  piece("Free Boar", "+W", "sRB", "", 900);
  piece("Great Elephant", "E", "fBfWsWbF", "+E", 650);
  piece("Teaching King", "+E", "fBvRsWbF", "", 900);
  piece("Kirin", "O", "FD", "+O", 500);
  piece("Bishop-mover", "+O", "B", "", 800);
  piece("Phoenix", "X", "WA", "+X", 500);
  piece("Rook-mover", "+X", "R", "", 1000);
  piece("Bishop", "B", "B", "+B", 800);
  piece("Dragon Horse", "+B", "BW", "", 1050);
  piece("Rook", "R", "R", "+R", 1000);
  piece("Dragon King", "+R", "RF", "", 1250);
  piece("Queen", "Q", "Q", "", 1500);
  // PROVISIONAL (rules file 8.1): a KNAD leaper by default; the Lion Hawk is an option.
  piece("Lion", "I", hawk ? "BDAN" : "KNAD", "", 1700);
  std::string five_points = "IQRBXO";
  if (options.seireigi_rules == RuleOptions::SeireigiRules::LEGACY) {
    // Section 9: seed 001's pieces on the primary start position (the seed gives none), the
    // 64-point impasse, and no check even between a sting's two steps.
    d.kinds = chuseireigi_legacy_kinds();
    d.impasse_threshold = 64;
    d.hand_order = "QIDHRBXOEYWUGSCFNJALP";
    d.royal_safe_midway = true;
    five_points = "IQDHRBXO";
  }
  for (auto& k : d.kinds) {
    const std::string base = k.token.substr(k.token.size() - 1);
    k.impasse_points = k.royal ? 0 : five_points.find(base[0]) != std::string::npos ? 5 : 1;
  }
  return d;
}

}  // namespace kirin
