// The server's JSON API (docs/api.md), typed for the UI.
export type Side = 'first' | 'second';

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

export interface GameState {
  id: string;
  game: string;
  options: string[];
  setup: string;
  start_fen: string;
  casual: boolean;
  players: Record<Side, { kind: 'kirin' | 'human'; strength: number; name: string }>;
  moves: string[];
  notation: string[];
  fen: string;
  ply: number;
  side_to_move: Side;
  check: boolean;
  last_move: string | null;
  status: 'playing' | 'over';
  result: string;
  reason: string;
  draw_offer: Side | null;
  impasse_claim: Side | null;
  takeback_request: Side | null;
  legal_moves: string[];
  clock: Clock | null;
  you?: Side | null;
  token?: string;
  opponent_token?: string;
  version?: number;
}

export interface Clock {
  initial_ms: number;
  increment_ms: number;
  byoyomi_ms: number;
  days_per_move: number;
  first_ms: number;   // time left when the state was sent
  second_ms: number;
  first_byoyomi: boolean;
  second_byoyomi: boolean;
  running: Side | null;
}

export interface Analysis {
  best: string | null;
  score: number;
  depth: number;
  line: string[];
}

export class ApiError extends Error {}

// A player's token goes only in the Authorization header: never in a URL (logs, history,
// Referer) and never in a body.
async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body) headers['Content-Type'] = 'application/json';
  if (token) headers['Authorization'] = `Bearer ${token}`;
  const res = await fetch(path, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json();
  if (!res.ok) throw new ApiError(data.error || res.statusText);
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
