// The server's JSON API (docs/api.md): the requests, and the games it plays as it describes them.
// What the requests answer is typed beside what it is about: game_state.ts, analysis.ts, the lobby
// in lobby.ts, problems and puzzles in solve_api.ts, a game's computer analysis in game_analysis.ts.
import type { Analysis } from './analysis';
import type { GameAnalysis } from '../widgets/game_analysis';
import type { GameState } from '../model/game_state';
import type { Seat } from '../widgets/players';

export type Side = 'first' | 'second';

export interface RatingEntry { rating: number; rd: number; provisional: boolean; games: number; wins: number; draws: number; losses: number }
export interface Player {
  name: string;
  closed: boolean;
  created: number;
  ratings: Record<string, Record<string, RatingEntry>>;  // by game, then speed
  results: { wins: number; draws: number; losses: number };
  history: { game: string; speed: string; at: number; rating: number }[];
}
// A line of a player's games.
export interface GameLine {
  id: string; game: string; rated: boolean; result: string; reason: string; plies: number; created: number; updated: number;
  players: Record<Side, Seat>;
}

export interface Kind {
  token: string;
  name: string;
  promotes_to: string;
  royal: boolean;
}

export interface VariantInfo {
  id: string;
  name: string;
  files: number;
  ranks: number;
  start_fen: string;
  colors: [string, string];
  drops: boolean;
  hand_kinds: string[];  // tokens that may be in hand, in the SFEN's order
  impasse: boolean;
  setups: { name: string; fen: string }[];
  kinds: Kind[];
}

// The server's one-line reason, and the HTTP status it came with (0 for a fault of the page's own).
export class ApiError extends Error {
  constructor(message: string, readonly status = 0) {
    super(message);
  }
}

// A fresh Idempotency-Key for each POST: a request sent again (a retry, a double click that got
// through) is answered as the first was and acts once (docs/api.md). Random bytes rather than
// crypto.randomUUID(), which a page served over plain HTTP lacks.
function idempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

// A player's token goes only in the Authorization header: never in a URL (logs, history,
// Referer) and never in a body.
async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body) headers['Content-Type'] = 'application/json';
  if (method === 'POST') headers['Idempotency-Key'] = idempotencyKey();
  if (token) headers['Authorization'] = `Bearer ${token}`;
  const res = await fetch(path, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json();
  if (!res.ok) throw new ApiError(data.error || res.statusText, res.status);
  return data as T;
}

let variantsCache: Promise<VariantInfo[]> | undefined;
export function variants(): Promise<VariantInfo[]> {
  variantsCache ??= call<{ games: VariantInfo[] }>('GET', '/api/variants').then((r) => r.games);
  return variantsCache;
}

export const createGame = (spec: unknown) => call<GameState>('POST', '/api/games', spec);
export const getGame = (id: string, token: string) => call<GameState>('GET', `/api/games/${id}`, undefined, token);
export const listGames = () => call<{ games: any[] }>('GET', '/api/games?limit=20');
export const act = (id: string, verb: string, token: string, extra: object = {}) =>
  call<GameState>('POST', `/api/games/${id}/${verb}`, { ...extra }, token);
export const getRecord = (id: string, format: string) =>
  call<{ format: string; text: string }>('GET', `/api/games/${id}/record?format=${format}`);
export const analyse = (spec: unknown) => call<Analysis>('POST', '/api/analyse', spec);
// A finished game's computer analysis: asked for (its state, or the result once done), or read
// (null while none was asked for).
export const requestGameAnalysis = (id: string) => call<GameAnalysis>('POST', `/api/games/${id}/analysis`, {});
export const getGameAnalysis = (id: string) => call<GameAnalysis>('GET', `/api/games/${id}/analysis`)
  .catch((e) => { if (e instanceof ApiError && e.status === 404) return null; throw e; });
// Players (docs/api.md, "Players"): a player, a page of a player's games, the leaderboard.
export const getPlayer = (name: string) => call<Player>('GET', `/api/players/${encodeURIComponent(name)}`);
export const getPlayerGames = (name: string, q: { page: number; game: string; result: string }) =>
  call<{ games: GameLine[]; page: number; more: boolean }>('GET', `/api/players/${encodeURIComponent(name)}/games?${new URLSearchParams({ page: String(q.page), game: q.game, result: q.result })}`);
export const getLeaderboard = (game: string, speed: string) =>
  call<{ game: string; speed: string; players: (RatingEntry & { name: string })[] }>('GET', `/api/players?${new URLSearchParams({ game, speed })}`);
// A game's chat (docs/api.md, Chat): a room's lines (the players' room with a player's token or
// session), a line written, a line reported.
export interface ChatLine { id: number; room: 'players' | 'spectators'; name: string; text: string; at: number }
export const getChat = (id: string, room: string, token: string) =>
  call<{ room: string; lines: ChatLine[] }>('GET', `/api/games/${id}/chat?room=${room}`, undefined, token);
export const postChat = (id: string, room: string, text: string) =>
  call<{ line: ChatLine }>('POST', `/api/games/${id}/chat`, { room, text });
export const reportChat = (id: string, line: number) =>
  call<{ reported: boolean }>('POST', `/api/games/${id}/chat/${line}/report`, {});
// What waits for the logged-in player: the games where it is their move.
export const yourTurn = () => call<{ games: any[] }>('GET', '/api/account/games?turn=mine');
// The position before the first move and after each, as the server plays them, the moves as the
// game page writes them, and the legal moves at the end: a 400 (ApiError) says which move is not legal.
export const positionsAlong = (spec: { game: string; fen: string; moves: string[]; options: string[] }) => {
  const q = new URLSearchParams({ game: spec.game, fen: spec.fen, moves: spec.moves.join(','), options: spec.options.join(',') });
  return call<{ positions: string[]; notation: string[]; legal_moves: string[] }>('GET', `/api/positions?${q}`);
};
