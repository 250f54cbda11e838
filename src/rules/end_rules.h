// Position tests behind the game-end rules: royals, mate, the Chu Shogi bare-King and
// impossible-to-win rules, the Chu Seireigi impasse count. Game (game.h) applies them.
#pragma once
#include "rules/position.h"

namespace kirin {

// Does c still have a royal piece (King, Prince, General) on the board?
bool has_royal(const Position& pos, Color c);
// How many royal pieces c has on the board (Chu Shogi: King and Prince).
int royal_count(const Position& pos, Color c);
// Is at least one royal piece of c not attacked? (Chu Shogi: with two royals one may be lost.)
bool has_safe_royal(const Position& pos, Color c);

// Chu Shogi (chu_shogi.md section 6): only a single royal per side remains, besides Pawns and
// Lances standing immobile on their last rank, and neither royal is attacked.
bool impossible_to_win(const Position& pos);
// Chu Shogi option bareking, with c's King bared: c has nothing left but a single King (and
// immobile Pawns/Lances) and the opponent a single King that c's King does not attack.
// lishogi: the opponent has more than a King and Pawns/Go-Betweens/immobile Lances -- unless
// that is just one piece which c's King could take at once (it would bare the opponent in turn).
// JCSA: the opponent has exactly one other piece, not an unpromoted Pawn or Go-Between, that
// c's King cannot take at once; against two or more (Pawns included) play goes on.
bool king_bared(const Position& pos, Color c, RuleOptions::BareKing rule);

// Whether c cannot win whatever happens, so that its opponent's time running out is a draw.
// Xiangqi (xiangqi.md section 5): c has no piece able to cross the river, only pieces whose
// every move stays in its palace or its own half. Shogi games: c has a single royal, nothing
// else that can move, and nothing in hand.
bool cannot_win(const Position& pos, Color c);

// Chu Seireigi impasse (chu_seireigi.md 5.5): is c's King in c's promotion zone, and c's points
// on the board and in hand.
bool royal_in_zone(const Position& pos, Color c);
int impasse_points(const Position& pos, Color c);

}  // namespace kirin
