// Each game's special rules in short, for its /learn page: what a player must know beyond the
// pieces' moves, as the rules files say it (../shared/rules/*.md, the sections named).
export interface RuleSection {
  title: string;
  points: string[];
}

export const LEARN_RULES: Record<string, { intro: string; sections: RuleSection[] }> = {
  chushogi: {
    intro: 'Chu Shogi (中将棋, "middle shogi") is played on 12 × 12 squares with 46 pieces a side. ' +
      'Black (sente) moves first. Captured pieces are out of the game: there are no drops.',
    sections: [
      { title: 'Promotion', points: [
        'The promotion zone is the far four ranks. A move may promote when it enters the zone, or when it starts in the zone and captures.',
        'Promotion is optional. A Pawn (and a Lance, by default) may always promote on reaching the last rank.',
        'King, Queen, Lion and every promoted piece never promote; a promoted piece never promotes again.',
      ] },
      { title: 'The Lion', points: [
        'The Lion (and the promoted Kirin) moves twice a turn: one step in any direction, then a second step. It may capture on both.',
        'It may jump straight to any square two away, over whatever stands between.',
        'Stepping out and back captures without moving (igui); stepping to an empty square and back passes the turn.',
        'The Horned Falcon (forward) and the Soaring Eagle (diagonally forward) have the Lion\'s power along those lines only.',
      ] },
      { title: 'Lion trading', points: [
        'A Lion may not take a Lion that is not next to it when the taking Lion would then stand on a protected square, unless the same move first captured a piece other than a Pawn or a Go-Between.',
        'Counter-strike: after a Lion was taken by a piece that is not a Lion, the next move may not take a Lion with a piece that is not a Lion, except on the square of that capture.',
      ] },
      { title: 'Kings and the end', points: [
        'The King and the Prince (a promoted Drunk Elephant) are royal: a player who has lost every royal piece loses.',
        'Moving into check is legal, though it is usually a blunder. A player whose last royal is mated has lost.',
        'A move that makes the same position, with the same player to move, for the fourth time is forbidden, unless the player is in check. A pass may not answer a pass.',
        'Other communities\' rules (lishogi, the JCSA) are rule options of a new game.',
      ] },
    ],
  },
  chuseireigi: {
    intro: 'Chu Seireigi (中精霊棋) is a 12 × 12 shogi game by Adam DeWitt with drops: a captured piece joins ' +
      'the captor\'s army. Every piece jumps or slides; none has a double move. Black (sente) moves first.',
    sections: [
      { title: 'Drops', points: [
        'A captured piece goes to the captor\'s hand, unpromoted. Instead of moving, a player may drop a piece from hand on any empty square; a drop never captures and never promotes.',
        'No drop where the piece would have no move: a Pawn, Lance, Ram\'s-Head Soldier or Running Rabbit not on the last rank, a Knight or Flying Swallow not on the last two.',
        'No Pawn drop on a file that holds an unpromoted Pawn of one\'s own (nifu), and no Pawn drop that mates at once (uchifuzume).',
      ] },
      { title: 'Promotion', points: [
        'The promotion zone is the far four ranks. A move that starts or ends in the zone may promote.',
        'Promotion is optional, except where the piece would have no move: Pawn, Lance, Ram\'s-Head Soldier and Running Rabbit on the last rank, Knight and Flying Swallow on the last two.',
        'King, Queen, Lion and every promoted piece never promote.',
      ] },
      { title: 'The end', points: [
        'A player may never leave the King in check. A player with no legal move or drop loses, in check or not.',
        'The fourth occurrence of a position (board, hands, player to move) is a draw, but a player who checked with every move of it loses.',
        'Impasse: when both Kings stand in their promotion zones, the players may agree to count. King 0; Lion, Queen, Rook, Bishop, Phoenix and Kirin, promoted or not, 5; every other piece 1, on the board and in hand. Under 56 points loses; otherwise a draw.',
        'The rule options choose the Lion Hawk for the Lion (lion=hawk) or the older, legacy set of pieces.',
      ] },
    ],
  },
  xiangqi: {
    intro: 'Xiangqi (象棋, Chinese chess) is played on the 90 points of a 9 × 10 board. Red moves first. ' +
      'There are no drops and no promotion.',
    sections: [
      { title: 'The river and the palaces', points: [
        'The river runs across the middle. The Elephants never cross it; a Soldier steps sideways too once it has crossed.',
        'Each side\'s palace is the 3 × 3 square marked with diagonals. The General and the Advisors never leave it.',
      ] },
      { title: 'Blocked moves and the Cannon', points: [
        'The Horse is blocked by a piece on the point next to it in the direction it goes (its leg); the Elephant by a piece on the point between (its eye).',
        'The Cannon moves like a Chariot, but captures only by jumping exactly one piece of either side (the screen) on its line.',
      ] },
      { title: 'The Generals and the end', points: [
        'The two Generals may never face each other on a file with nothing between them.',
        'A player may never leave the General in check. A player with no legal move loses, in check or not.',
        'When a position occurs for the third time, a side that checked with every move of the cycle loses; else a side that chased an unprotected piece with every move loses; otherwise the game is drawn.',
      ] },
    ],
  },
};
