// A game's ending in words, in the page's language: "Black wins (checkmate)", "和棋（长捉）". The
// server says why in plain English words (src/game/game_result.h: "checkmate", "perpetual
// chase", "impasse 61-58") and, for a xiangqi repetition, a sentence ("Red chased the Horse
// perpetually"); the pages know those words and translate them, and show any other as it came.
import type { Side } from '../api/types';
import { t } from '../i18n';
import { sideName } from './games';
import { pieceName } from './piece_names';

// The server's reasons, as catalog keys under results.reasons.
const REASONS: Record<string, string> = {
  checkmate: 'checkmate', stalemate: 'stalemate', 'king captured': 'kingCaptured',
  'perpetual check': 'perpetualCheck', 'perpetual chase': 'perpetualChase',
  'mutual perpetual check': 'mutualPerpetualCheck', 'mutual perpetual chase': 'mutualPerpetualChase',
  'fourfold repetition': 'fourfoldRepetition', 'threefold repetition': 'threefoldRepetition',
  resignation: 'resignation', 'agreed draw': 'agreedDraw', 'illegal move': 'illegalMove', 'bare king': 'bareKing',
  'impossible to win': 'impossibleToWin', 'move limit': 'moveLimit', 'time forfeit': 'timeForfeit',
  'time forfeit, the opponent cannot win': 'timeForfeitNoWin', 'adjudicated draw': 'adjudicatedDraw',
  'adjudicated win': 'adjudicatedWin', 'as recorded': 'asRecorded', aborted: 'aborted',
  'challenge declined': 'challengeDeclined', 'challenge withdrawn': 'challengeWithdrawn',
};

export function reasonText(reason: string): string {
  const impasse = /^impasse (\d+)-(\d+)$/.exec(reason);
  if (impasse) return t('results.reasons.impasse', { first: impasse[1], second: impasse[2] });
  return REASONS[reason] ? t(`results.reasons.${REASONS[reason]}`) : reason;
}

// The server's sentence (src/game/repetition_explain.cpp) with the side's and the piece's names
// in the page's language. `colors`: the server's English names of the sides.
export function detailText(detail: string, game: string, colors: [string, string]): string {
  if (detail === 'both sides checked perpetually') return t('results.details.bothChecked');
  if (detail === 'both sides chased perpetually') return t('results.details.bothChased');
  // "Red chased the Horse perpetually", "Black checked and chased the Cannon and the Horse perpetually".
  const m = /^(\w+) (checked and chased|checked|chased)(?: the (.+))? perpetually$/.exec(detail);
  const side: Side | null = m ? (m[1] === colors[0] ? 'first' : m[1] === colors[1] ? 'second' : null) : null;
  if (!m || !side) return detail;
  const who = sideName(game, side);
  if (m[3]) {
    const piece = m[3].split(' and the ').map((p) => pieceName(game, p)).join(t('results.details.pieceJoin'));
    const key = m[2] === 'chased' ? 'results.details.chasedPiece' : 'results.details.checkedChasedPiece';
    return t(key, { side: who, piece });
  }
  return t(m[2] === 'checked' ? 'results.details.checked' : 'results.details.chased', { side: who });
}

// "Black wins (checkmate)", "Draw (perpetual chase: Red chased the Horse perpetually)".
export function resultText(g: { result: string; reason: string; detail?: string }, v: { id: string; colors: [string, string] }): string {
  const reason = reasonText(g.reason);
  const why = g.detail ? t('results.withDetail', { reason, detail: detailText(g.detail, v.id, v.colors) }) : reason;
  if (g.result === '1/2-1/2') return t('results.draw', { why });
  return t('results.wins', { side: sideName(v.id, g.result === '1-0' ? 'first' : 'second'), why });
}
