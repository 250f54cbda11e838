// Addresses the pages hand to the browser rather than fetch as JSON: files Kirin draws
// (src/draw: a print-and-play set as PDF, position and movement diagrams as SVG/PNG, which the
// server answers with the file itself) and the event streams (event_stream.ts reads them).
import type { Side } from './types';

export type Paper = 'a4' | 'letter';
export type PrintStyle = 'kanji' | 'mnemonic' | 'letters' | 'westernized';

export function printUrl(game: string, pieces: PrintStyle, paper: Paper, bw: boolean): string {
  const q = new URLSearchParams({ game, pieces, paper, bw: bw ? '1' : '0' });
  return `/api/print?${q}`;
}

export interface DiagramSpec {
  game: string;
  fen: string;         // the start of the moves
  moves: string[];     // the last one is marked
  pieces: string;
  orientation: Side;   // the side at the bottom
  options: string[];   // rule options, "lion=hawk"
}

export function diagramUrl(d: DiagramSpec, format: 'svg' | 'png'): string {
  const q = new URLSearchParams({
    game: d.game, fen: d.fen, moves: d.moves.join(','), pieces: d.pieces,
    flip: d.orientation === 'second' ? '1' : '0', format, options: d.options.join(','),
  });
  return `/api/diagram?${q}`;
}

// The movement diagram `kirin print` draws, with the piece in the player's style.
export const movementDiagramUrl = (game: string, token: string, options: string[] = [], pieces = 'kanji') =>
  `/api/rules/${game}/diagram?${new URLSearchParams({ piece: token, options: options.join(','), pieces })}`;

// Kirin's live analysis. `of`: the game the position is from, if any (the server refuses it to
// that game's players while it is being played between two people).
// `notation`: the lines' `pv_notation` and the best move's written in it.
export function analysisEventsUrl(game: string, fen: string, moves: string[], options: string[], multipv: number, of?: string | null, notation = '') {
  const q = new URLSearchParams({ game, fen, moves: moves.join(','), options: options.join(','), multipv: String(multipv) });
  if (of) q.set('of', of);
  if (notation) q.set('notation', notation);
  return `/api/analysis/events?${q}`;
}

// `notation`: each state's `notation` moves written in it.
export const gameEventsUrl = (id: string, notation = '') => `/api/games/${id}/events${notation ? `?notation=${encodeURIComponent(notation)}` : ''}`;
export const LOBBY_EVENTS = '/api/lobby/events';
export const ACCOUNT_EVENTS = '/api/account/events';
// An event's stream (its whole state at each change) and a Swiss's FIDE TRF report (a download).
export const tournamentEventsUrl = (id: string) => `/api/tournaments/${id}/events`;
export const tournamentTrfUrl = (id: string) => `/api/tournaments/${id}/trf`;
