// What the analysis board starts from: /analysis?game=VARIANT&fen=START&moves=m1,m2&options=o1&from=GAMEID,
// or ?game=GAMEID (a game's whole record, with the positions the server gave for it); plain
// /analysis (the header's link) is Chu Shogi's start.
import { getGame } from '../../api/client';
import type { VariantInfo } from '../../api/types';
import { t } from '../../i18n';
import { notationFor } from '../../widgets/notation_menu';

// The positions the server gave for a line of moves: fens[i] after moves[0..i); notation[i]
// is moves[i] written in the player's notation.
export interface KnownLine { moves: string[]; fens: string[]; notation: string[] }

export interface AnalysisSetup {
  variant: VariantInfo;
  startFen: string;
  moves: string[];
  options: string[];
  from: string | null;   // the game the position is from
  known: KnownLine;
  notation: string;      // the player's
}

const split = (s: string | null) => (s ?? '').split(',').map((x) => x.trim()).filter(Boolean);

export async function analysisSetup(all: VariantInfo[], q: URLSearchParams): Promise<AnalysisSetup> {
  const named = all.find((x) => x.id === (q.get('game') ?? all[0]?.id));
  if (named) {
    return { variant: named, startFen: q.get('fen') || named.start_fen, moves: split(q.get('moves')), options: split(q.get('options')),
      from: q.get('from'), known: { moves: [], fens: [], notation: [] }, notation: await notationFor(named.id) };
  }
  const refused = () => new Error(t('analysis.noGame', { game: q.get('game') ?? '', games: all.map((x) => x.id).join('|') }));
  // A game's id: analyse its whole record.
  const unwritten = await getGame(q.get('game')!, '');
  const variant = all.find((x) => x.id === unwritten.game);
  if (!variant) throw refused();
  const notation = await notationFor(variant.id);
  const g = await getGame(unwritten.id, '', notation);
  return { variant, startFen: g.start_fen || variant.start_fen, moves: g.moves, options: g.options, from: g.id,
    known: { moves: g.moves, fens: g.positions, notation: g.notation }, notation };
}
