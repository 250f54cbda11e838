// The three games by name, their two sides, and what a page reads off a game without knowing
// its rules: whose move a position is, who won, whether engine help is open.
import type { GameState, Side, VariantInfo } from '../api/types';

export const GAME_NAMES: Record<string, string> = { chushogi: 'Chu Shogi', chuseireigi: 'Chu Seireigi', xiangqi: 'Xiangqi' };

// The game's name as the pages write it, the server's where the pages know none.
export const gameName = (v: { id: string; name: string }) => GAME_NAMES[v.id] ?? v.name;

export const SIDES: Side[] = ['first', 'second'];
export const other = (s: Side): Side => (s === 'first' ? 'second' : 'first');
// The side's colour as the game names it ("Black", "Red"): colors[0] is the first side's.
export const colorOf = (v: { colors: [string, string] }, s: Side) => v.colors[s === 'first' ? 0 : 1];

// A SFEN says "b" for the first side (Black, sente) to move; a xiangqi FEN "w" for Red.
export const sideToMove = (game: string, fen: string): Side =>
  (fen.split(' ')[1] === (game === 'xiangqi' ? 'w' : 'b') ? 'first' : 'second');

// `detail`: the ending in a sentence where the reason says too little (a xiangqi repetition:
// "Red chased the Horse perpetually").
export function resultText(g: { result: string; reason: string; detail?: string }, v: VariantInfo): string {
  const why = g.detail ? `${g.reason}: ${g.detail}` : g.reason;
  if (g.result === '1/2-1/2') return `Draw (${why})`;
  const winner = g.result === '1-0' ? 0 : 1;
  return `${v.colors[winner]} wins (${why})`;
}

// Pieces on the board part of a FEN: fewer after a move means it captured.
export const pieceCount = (fen: string) => (fen.split(' ')[0].match(/[A-Za-z]/g) ?? []).length;

// Fair play (as on lishogi): while a game between two people is being played, its players get no
// engine help from the site (Ask Kirin, the analysis board); spectators do, and so do the
// players once it has ended.
export const engineHelpClosed = (g: GameState) =>
  !!g.you && (g.status === 'playing' || g.status === 'waiting') && g.players.first.kind === 'human' && g.players.second.kind === 'human';

// Whether `side` has made a move of the game (what a take-back would take back).
export function movedBy(g: GameState, side: Side): boolean {
  const firstMovesFirst = sideToMove(g.game, g.start_fen) === 'first';
  return g.moves.length >= (firstMovesFirst === (side === 'first') ? 1 : 2);
}
