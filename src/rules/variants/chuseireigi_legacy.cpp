// Legacy Chu Seireigi's pieces: ../shared/rules/chu_seireigi.md section 9 (seed 001, the
// Game Courier page marked "OUTDATED PRESET"), on the tokens of the primary start position.
// Where seed 001 has no piece for a start square the primary piece stays: the Running Rabbit
// (J) keeps its primary moves and promotion. The Great Leopard's square (Y) holds seed 001's
// Running Leopard, which moves the same (sRbWfF) but promotes to the legacy Flying Ox.
#include "rules/variant.h"

namespace kirin {

std::vector<PieceKind> chuseireigi_legacy_kinds() {
  std::vector<PieceKind> kinds;
  auto piece = [&](std::string name, std::string token, std::string betza, std::string promotes, int value,
                   std::string sting = "") {
    kinds.push_back(piece_kind(std::move(name), std::move(token), std::move(betza), std::move(promotes), value));
    kinds.back().sting = std::move(sting);
    return kinds.size() - 1;
  };
  kinds.reserve(MAX_KINDS);
  kinds[piece("King", "K", "K", "", 0)].royal = true;
  const size_t pawn = piece("Pawn", "P", "fW", "+P", 100);
  kinds[pawn].forced_promotion_ranks = 1;
  kinds[pawn].nifu = true;
  kinds[pawn].no_drop_mate = true;
  piece("Tokin", "+P", "WfF", "", 400);
  kinds[piece("Lance", "L", "fR", "+L", 300)].forced_promotion_ranks = 1;
  piece("Free Tiger", "+L", "sRvWsN", "", 700);
  kinds[piece("Ram's-Head Soldier", "A", "fB", "+A", 300)].forced_promotion_ranks = 1;
  piece("Great Stag", "+A", "vRsWvN", "", 700);
  kinds[piece("Running Rabbit", "J", "fRfB", "+J", 400)].forced_promotion_ranks = 1;
  piece("Prancing Stag", "+J", "vWsRfB", "", 700);
  kinds[piece("Knight", "N", "ffN", "+N", 300)].forced_promotion_ranks = 2;
  piece("Heavenly Horse", "+N", "FfWfAfDbbN", "", 600);
  kinds[piece("Flying Swallow", "F", "fAfD", "+F", 300)].forced_promotion_ranks = 2;
  piece("Golden Bird", "+F", "vWfFsDbDbAfN", "", 700);
  piece("Copper General", "C", "vWfF", "+C", 350);
  piece("Running Leopard-mover", "+C", "sRbWfF", "", 500);
  piece("Silver General", "S", "FfW", "+S", 400);
  piece("Running Wolf-mover", "+S", "vRsWfF", "", 600);
  piece("Gold General", "G", "WfF", "+G", 450);
  piece("Great Elephant-mover", "+G", "fBfWsWbF", "", 650);
  piece("Strong Bear", "U", "fsNFsWbW", "+U", 450);
  piece("Treacherous Fox", "+U", "fRfBbKbDfsN", "", 800);
  piece("Running Leopard", "Y", "sRbWfF", "+Y", 500);
  piece("Flying Ox", "+Y", "vRfBbFbA", "", 850);
  piece("Running Wolf", "W", "vRsWfF", "+W", 600);
  piece("Free Boar", "+W", "sRfBbFbA", "", 850);
  piece("Great Elephant", "E", "fBfWsWbF", "", 650);  // does not promote in seed 001
  piece("Kirin", "O", "FDA", "+O", 550);
  piece("Lion-mover", "+O", "KNAD", "", 1700, "K");
  piece("Phoenix", "X", "WN", "+X", 500);
  piece("Queen-mover", "+X", "Q", "", 1500);
  piece("Bishop", "B", "B", "+B", 800);
  piece("Dragon Horse-mover", "+B", "BW", "", 1050);
  piece("Rook", "R", "R", "+R", 1000);
  piece("Dragon King-mover", "+R", "RF", "", 1250);
  // Starting pieces of seed 001 that the primary start position does not use: a FEN may.
  piece("Dragon Horse", "H", "BW", "+H", 1050);
  piece("Horned Falcon", "+H", "BsRbRfDfW", "", 1300, "fW");
  piece("Dragon King", "D", "RF", "+D", 1250);
  piece("Soaring Eagle", "+D", "RbBfAfF", "", 1400, "fF");
  piece("Queen", "Q", "Q", "", 1500);
  piece("Lion", "I", "KNAD", "", 1700, "K");
  return kinds;
}

}  // namespace kirin
