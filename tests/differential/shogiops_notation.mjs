// lishogi's (shogiops) Western and Japanese notation of Chu Shogi moves, for Kirin's own writer
// to be compared with. Each input line: an SFEN, a tab, a move in USI (Kirin's move text: a Lion's
// two steps as three squares), a tab, the square the previous move went to or "-". Each output
// line: the Western text, a tab, the Japanese text (or "error: ...").
import { createInterface } from 'node:readline';
import { makeJapaneseMoveOrDrop } from 'shogiops/notation/japanese';
import { makeWesternMoveOrDrop } from 'shogiops/notation/western';
import { parseSfen } from 'shogiops/sfen';
import { parseSquareName, parseUsi } from 'shogiops/util';

const lines = createInterface({ input: process.stdin, terminal: false });
for await (const line of lines) {
  if (!line.trim()) continue;
  const [sfen, usi, last] = line.split('\t');
  const pos = parseSfen('chushogi', sfen, false);
  const md = parseUsi(usi);
  if (pos.isErr || !md) {
    console.log('error: ' + (pos.isErr ? pos.error.message : 'bad move ' + usi));
    continue;
  }
  const lastDest = last === '-' ? undefined : parseSquareName(last);
  console.log(makeWesternMoveOrDrop(pos.value, md) + '\t' + makeJapaneseMoveOrDrop(pos.value, md, lastDest));
}
