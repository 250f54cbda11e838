// The server's JSON API (docs/api.md), one function per request, typed by api/types.ts, all
// through the one fetch wrapper (http.ts). The event streams are read by event_stream.ts.
import { ApiError, call, getText } from './http';
import { movementDiagramUrl } from './urls';
import type {
  Account, Analysis, ChatLine, GameAnalysis, GameLine, GameState, MadeProblem, PieceGuideData, Player, PositionsAlong,
  Preferences, Problem, Puzzle, RatingEntry, RecentGame, Solution, Tournament, TournamentEvent, TournamentList, VariantInfo, Verdict,
  YourTurnGame,
} from './types';

export { ApiError };

// `?notation=N` on a GET whose answer writes moves, where the page has chosen one.
const inNotation = (notation: string, more = false) => (notation ? `${more ? '&' : '?'}notation=${encodeURIComponent(notation)}` : '');

// The games, asked once per page: they do not change while it lives.
let variantsCache: Promise<VariantInfo[]> | undefined;
export function variants(): Promise<VariantInfo[]> {
  variantsCache ??= call<{ games: VariantInfo[] }>('GET', '/api/variants').then((r) => r.games);
  return variantsCache;
}

// Games (docs/api.md, "Games"): `spec` is the new-game form's, as the server takes it.
export const createGame = (spec: Record<string, unknown>) => call<GameState>('POST', '/api/games', spec);
// `notation`: the state's `notation` moves written in it (the pages' old default without).
export const getGame = (id: string, token: string, notation = '') => call<GameState>('GET', `/api/games/${id}${inNotation(notation)}`, undefined, token);
// The home page's recent games: finished ones only (a game still on, or aborted, is not one).
export const listGames = () => call<{ games: RecentGame[] }>('GET', '/api/games?limit=20&status=finished');
export const act = (id: string, verb: string, token: string, extra: object = {}) =>
  call<GameState>('POST', `/api/games/${id}/${verb}`, { ...extra }, token);
export const getRecord = (id: string, format: string) =>
  call<{ format: string; text: string }>('GET', `/api/games/${id}/record?format=${format}`);
export const analyse = (spec: unknown) => call<Analysis>('POST', '/api/analyse', spec);
// A finished game's computer analysis: asked for (its state, or the result once done), or read
// (null while none was asked for).
export const requestGameAnalysis = (id: string) => call<GameAnalysis>('POST', `/api/games/${id}/analysis`, {});
export const getGameAnalysis = (id: string, notation = '') => call<GameAnalysis>('GET', `/api/games/${id}/analysis${inNotation(notation)}`)
  .catch((e) => { if (e instanceof ApiError && e.status === 404) return null; throw e; });
// The position before the first move and after each, as the server plays them, the moves as the
// game page writes them, and the legal moves at the end: a 400 (ApiError) says which move is not legal.
// `problem`: the start is a problem's, whose attacker's royal may be missing (setup=problem).
export const positionsAlong = (spec: { game: string; fen: string; moves: string[]; options: string[]; problem?: boolean }, notation = '') => {
  const q = new URLSearchParams({ game: spec.game, fen: spec.fen, moves: spec.moves.join(','), options: spec.options.join(',') });
  if (notation) q.set('notation', notation);
  if (spec.problem) q.set('setup', 'problem');
  return call<PositionsAlong>('GET', `/api/positions?${q}`);
};

// Players (docs/api.md, "Players"): a player, a page of a player's games, the leaderboard.
export const getPlayer = (name: string) => call<Player>('GET', `/api/players/${encodeURIComponent(name)}`);
export const getPlayerGames = (name: string, q: { page: number; game: string; result: string }) =>
  call<{ games: GameLine[]; page: number; more: boolean }>('GET', `/api/players/${encodeURIComponent(name)}/games?${new URLSearchParams({ page: String(q.page), game: q.game, result: q.result })}`);
export const getLeaderboard = (game: string, speed: string) =>
  call<{ game: string; speed: string; players: (RatingEntry & { name: string })[] }>('GET', `/api/players?${new URLSearchParams({ game, speed })}`);

// A game's chat (docs/api.md, Chat): a room's lines (the players' room with a player's token or
// session), a line written, a line reported.
export const getChat = (id: string, room: string, token: string) =>
  call<{ room: string; lines: ChatLine[] }>('GET', `/api/games/${id}/chat?room=${room}`, undefined, token);
export const postChat = (id: string, room: string, text: string) =>
  call<{ line: ChatLine }>('POST', `/api/games/${id}/chat`, { room, text });
export const reportChat = (id: string, line: number) =>
  call<{ reported: boolean }>('POST', `/api/games/${id}/chat/${line}/report`, {});

// Accounts (docs/api.md, Accounts): who is logged in (the server's session cookie, which no
// script can read), asked once per page; and the account's POSTs.
let account: Promise<Account | null> | undefined;
export function currentAccount(): Promise<Account | null> {
  account ??= call<{ account?: Account | null }>('GET', '/api/account').then((d) => d.account ?? null, () => null);
  return account;
}
export type AccountAction = 'signup' | 'login' | 'logout' | 'password' | 'close';
export const accountPost = (action: AccountAction, body: object) =>
  call<{ account: Account | null }>('POST', `/api/account/${action}`, body);
// The logged-in player's preferences (the notations), asked once per page; null when nobody is
// logged in or the server could not say.
let preferences: Promise<Preferences | null> | undefined;
export function accountPreferences(): Promise<Preferences | null> {
  preferences ??= currentAccount().then((a) => (a ? call<Preferences>('GET', '/api/account/preferences') : null)).catch(() => null);
  return preferences;
}
export const setPreferences = (change: { notation?: Partial<Preferences['notation']>; language?: string | null }) =>
  call<Preferences>('POST', '/api/account/preferences', change);
// What waits for the logged-in player: the games where it is their move.
export const yourTurn = () => call<{ games: YourTurnGame[] }>('GET', '/api/account/games?turn=mine');

// Tournaments (docs/api.md, Tournaments): `spec` is the creation form's, as the server takes it;
// join, withdraw and start act with the session.
export const createTournament = (spec: Record<string, unknown>) => call<{ id: string }>('POST', '/api/tournaments', spec);
export const listTournaments = () => call<TournamentList>('GET', '/api/tournaments');
export const getTournament = (id: string) => call<TournamentEvent>('GET', `/api/tournaments/${id}`);
// The logged-in account's events not finished, each with its game under way (null when none).
export const myTournaments = () => call<{ tournaments: (Tournament & { your_game: string | null })[] }>('GET', '/api/account/tournaments');
export const tournamentAction = (id: string, verb: 'join' | 'withdraw' | 'start' | 'berserk') =>
  call<TournamentEvent | { joined: true } | { withdrawn: true }>('POST', `/api/tournaments/${id}/${verb}`, {});

// Problems and puzzles (docs/api.md). `restToDefender`: tsume's convention, the defender holds
// every piece not on the board or in the attacker's hand.
export const makeProblem = (game: string, fen: string, options: string[], restToDefender = false) =>
  call<MadeProblem>('POST', '/api/problems', { game, fen, options, rest_to_defender: restToDefender });
export const getProblem = (id: string) => call<Problem>('GET', `/api/problems/${id}`);
export const tryProblem = (id: string, moves: string[], notation = '') =>
  call<Verdict>('POST', `/api/problems/${id}/try`, notation ? { moves, notation } : { moves });
export const problemSolution = (id: string, notation = '') =>
  call<Solution>('GET', `/api/problems/${id}/solution${notation ? `?notation=${encodeURIComponent(notation)}` : ''}`);
export const getPuzzle = (game: string, n: number) => call<Puzzle>('GET', `/api/puzzles/${game}/${n}`);
export const tryPuzzle = (game: string, n: number, moves: string[], notation = '') =>
  call<Verdict>('POST', `/api/puzzles/${game}/${n}/move`, notation ? { moves, notation } : { moves });
export const puzzleSolution = (game: string, n: number) => call<Solution>('GET', `/api/puzzles/${game}/${n}/solution`);

// The piece guide's data, fetched once per game and rule options (the Lion Hawk, legacy Chu
// Seireigi change pieces); a failure is asked again next time.
const guideData = new Map<string, Promise<PieceGuideData>>();
export function pieceGuideData(game: string, options: string[] = []): Promise<PieceGuideData> {
  const url = `/api/rules/${game}/pieces?${new URLSearchParams({ options: options.join(',') })}`;
  let p = guideData.get(url);
  if (!p) {
    p = call<PieceGuideData>('GET', url);
    p.catch(() => guideData.delete(url));
    guideData.set(url, p);
  }
  return p;
}

// One piece's movement diagram as the print set draws it (GET /api/rules/GAME/diagram, kept by the
// server and not rate-limited): the boards cut the piece out of it for the print set's styles.
// Fetched once per page; a failure is asked again next time.
const drawings = new Map<string, Promise<string>>();
export function movementDrawing(game: string, token: string, pieces: string): Promise<string> {
  const url = movementDiagramUrl(game, token, [], pieces);
  let p = drawings.get(url);
  if (!p) {
    p = getText(url);
    p.catch(() => drawings.delete(url));
    drawings.set(url, p);
  }
  return p;
}
