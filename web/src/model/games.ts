// The three games by name, their two sides, and what a page reads off a game without knowing
// its rules: whose move a position is, whether engine help is open.
import type { GameState, Side } from '../api/types';
import { nameKey, t } from '../i18n';

export const GAMES = ['chushogi', 'chuseireigi', 'xiangqi'];

// A game's name in the page's language ("Chu Shogi", "中将棋"); the server's id for a game the
// pages do not know.
export const gameName = (id: string) => (GAMES.includes(id) ? t(`games.${id}`) : id);

// A start position's name ("Two Lions", a Chu Shogi handicap) as the server gives it, translated.
export const setupName = (name: string) => t(`setups.${nameKey(name)}`, { defaultValue: name });

export const SIDES: Side[] = ['first', 'second'];
export const other = (s: Side): Side => (s === 'first' ? 'second' : 'first');
// The side as the game names it: Black and White (先手, 後手) in the shogi games, Red and Black
// (红方, 黑方) in xiangqi.
export const sideName = (game: string, s: Side) => t(`sides.${game === 'xiangqi' ? 'xiangqi' : 'shogi'}.${s}`);
export const colorOf = (v: { id: string }, s: Side) => sideName(v.id, s);

// A SFEN says "b" for the first side (Black, sente) to move; a xiangqi FEN "w" for Red.
export const sideToMove = (game: string, fen: string): Side =>
  (fen.split(' ')[1] === (game === 'xiangqi' ? 'w' : 'b') ? 'first' : 'second');

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

// The account a challenge by name is for: its free seat names the account, with no display name
// yet (docs/api.md); undefined for any other game.
export const challengedAccount = (g: GameState) =>
  SIDES.map((s) => g.players[s]).find((p) => p.kind === 'human' && p.account && !p.player)?.account ?? undefined;
