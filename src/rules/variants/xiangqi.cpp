// Xiangqi as data: ../shared/rules/xiangqi.md sections 2-4.
#include "rules/variant.h"

namespace kirin {

Variant::Definition xiangqi_definition(const RuleOptions& options) {
  Variant::Definition d;
  d.game = GameId::XIANGQI;
  d.name = "xiangqi";
  d.files = 9;
  d.ranks = 10;
  d.flying_general = true;
  d.options = options;
  d.kinds.reserve(MAX_KINDS);  // piece() hands out pointers into the catalogue
  d.start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
  auto piece = [&](std::string name, std::string token, std::vector<MoveRule> moves, int value) {
    PieceKind k;
    k.name = std::move(name);
    k.token = std::move(token);
    k.moves = std::move(moves);
    k.value = value;
    d.kinds.push_back(std::move(k));
    return &d.kinds.back();
  };
  piece("General", "K", {{"W", Region::PALACE}}, 0)->royal = true;
  piece("Advisor", "A", {{"F", Region::PALACE}}, 200);
  piece("Elephant", "B", {{"nA", Region::OWN_HALF}}, 200);  // blocked by the elephant eye
  piece("Horse", "N", {{"nN"}}, 400);                       // blocked by the horse leg
  piece("Chariot", "R", {{"R"}}, 900);
  piece("Cannon", "C", {{"mRcpR"}}, 450);  // moves as a Chariot, captures over exactly one screen
  piece("Soldier", "P", {{"fW"}, {"sW", Region::ANYWHERE, Region::ENEMY_HALF}}, 100);
  return d;
}

}  // namespace kirin
