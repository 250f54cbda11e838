// Lists lishogi's (shogiops) legal Chu Shogi moves for each SFEN read from stdin, one output
// line per input line: the SFEN's moves as effects, sorted, separated by spaces, or
// "error: ..." if shogiops rejects the SFEN.
//
// Effects, so that two programs that write the same move differently agree:
//   7g7f, 7g7f+   a single move (a Lion double step through an empty square lands like a step
//                 or a jump, so it is written as one);
//   7g7f7e        a double move whose first step captures (igui when it returns to 7g);
//   pass          any pass, whichever piece makes it.
import { createInterface } from 'node:readline';
import { parseSfen } from 'shogiops/sfen';
import { makeSquareName, squareDist } from 'shogiops/util';
import { secondLionStepDests } from 'shogiops/variant/chushogi';
import { pieceCanPromote } from 'shogiops/variant/util';

const canPromote = pieceCanPromote('chushogi');

function effects(pos) {
  const out = new Set();
  const name = makeSquareName;
  for (const from of pos.board.color(pos.turn)) {
    const piece = pos.board.get(from);
    // moveDests and secondLionStepDests are exactly what shogiops's isLegal checks (plus the
    // promotion condition), without recomputing the destinations for every move.
    for (const to of pos.moveDests(from)) {
      out.add(name(from) + name(to));
      if (canPromote(piece, from, to, pos.board.get(to))) out.add(name(from) + name(to) + '+');
      if (squareDist(from, to) !== 1) continue;
      // A first step the piece may continue from (Lion anywhere, Falcon/Eagle in their
      // Lion directions; for other pieces the set is empty).
      for (const second of secondLionStepDests(pos, from, to)) {
        if (pos.board.get(to)) out.add(name(from) + name(to) + name(second));
        else if (second === from) out.add('pass');
        else out.add(name(from) + name(second));
      }
    }
  }
  return [...out].sort();
}

const lines = createInterface({ input: process.stdin, terminal: false });
for await (const line of lines) {
  const sfen = line.trim();
  if (!sfen) continue;
  const pos = parseSfen('chushogi', sfen, false);
  if (pos.isErr) {
    console.log('error: ' + pos.error.message);
    continue;
  }
  console.log(effects(pos.value).join(' '));
}
