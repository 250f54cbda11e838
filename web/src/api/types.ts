// The server's JSON (docs/api.md), typed once: what every request answers and every event stream
// sends. Nothing here acts; every layer may import these types.

export type Side = 'first' | 'second';

// GET /api/variants: the games as the server plays them.
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

// A rated game's seat has its player's rating before the game and, once rated, the change;
// account_closed: its account was closed since.
export interface Seat {
  kind: 'kirin' | 'human'; strength: number; player?: string | null; account?: string | null; account_closed?: boolean;
  rating?: number | null; provisional?: boolean; rating_diff?: number | null;
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

// A game's state (docs/api.md, "Game state"): the answer to GET /api/games/ID and to every
// action, and each event of its stream. The positions after each ply come with it, so that the
// page never replays a move itself.
export interface GameState {
  id: string;
  tournament: { id: string; name: string } | null;  // the event it was paired in
  game: string;
  options: string[];
  setup: string;
  start_fen: string;
  casual: boolean;
  rated: boolean;  // changes the players' ratings (each seat has its rating, and rating_diff once rated)
  players: Record<Side, Seat & { name: string }>;  // name: the colour's ("Black"); player: the person's
  moves: string[];
  notation: string[];
  fen: string;
  // The position (as `fen` writes it) after each ply from `positions_from` on: positions[i] is the
  // position after ply positions_from + i. A whole state has them all (positions_from 0, the start
  // first); an action's answer and a later event carry those from the ply before the last move.
  positions_from: number;
  positions: string[];
  ply: number;
  side_to_move: Side;
  check: boolean;
  last_move: string | null;
  status: 'waiting' | 'playing' | 'over' | 'cancelled' | 'aborted';
  abortable?: boolean;  // before each side has moved
  result: string;
  reason: string;
  detail?: string;  // the ending in words, e.g. "Red chased the Horse perpetually"
  draw_offer: Side | null;
  repetition_claimable: boolean;
  impasse_claim: Side | null;
  impasse_claimable: boolean;  // a claim of impasse would stand now
  takeback_request: Side | null;
  rematch: { offer: Side | null; game: string | null };
  legal_moves: string[];
  clock: Clock | null;
  created: number;
  updated: number;
  you?: Side | null;
  token?: string;
  opponent_token?: string;
  version?: number;
  notes?: string[];
}

// GET /api/games: the recent games.
export interface RecentGame {
  id: string;
  game: string;
  names: Record<Side, Seat>;
  plies: number;
  result: string;
}

// GET /api/account/games?turn=mine: a game where it is the player's move.
export interface YourTurnGame {
  id: string;
  game: string;
  opponent: Seat;
  plies: number;
  days_per_move: number | null;
}

// What every challenge says of the game it offers (the lobby's, and those to one player).
export interface ChallengeTerms {
  id: string;
  game: string;
  options: string[];
  setup: string;
  clock: Clock | null;
  days_per_move: number | null;
}

// GET /api/lobby and the lobby's event stream.
export interface Challenge extends ChallengeTerms {
  color: Side | 'random';
  name: string | null;
  account: string | null;  // the challenger's account, for a link to its page
  rated: boolean;
  rating: number | null;  // the challenger's, in a rated challenge
  provisional: boolean;
  created: string | number;
}

export interface LiveGame {
  id: string;
  game: string;
  players: Record<Side, Seat>;
  ply: number;
  clock: Clock | null;
  updated: string | number;
}

export interface Lobby { challenges: Challenge[]; playing: LiveGame[] }

// A challenge to the logged-in player by name (the account's event stream).
export interface NamedChallenge extends ChallengeTerms {
  color: 'first' | 'second';
  from: string;
}

// Accounts (docs/api.md, Accounts).
export interface Account { name: string; created: number; closed: boolean }

// GET/POST /api/account/preferences: what the player chose for the pages (null: nothing chosen).
export interface Preferences {
  language: string | null;
  notation: { xiangqi: string | null; shogi: string | null };
}

// Players (docs/api.md, "Players").
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

// A game's chat (docs/api.md, Chat).
export interface ChatLine { id: number; room: 'players' | 'spectators'; name: string; text: string; at: number }

// Kirin's analyses as the server and the engine in the browser give them: one answer (POST
// /api/analyse), or a line after each depth of a live analysis.
export interface Analysis {
  best: string | null;
  best_notation?: string | null;  // in the notation asked for
  score: number;
  depth: number;
  line: string[];
}

export interface AnalysisInfo {
  depth: number;
  multipv: number;
  score: number;
  mate: number | null;
  nodes: number;
  nps: number;
  time_ms: number;
  pv: string[];
  pv_notation?: string[];  // the server's: the line in the notation asked for
}

// A finished game's computer analysis (docs/api.md, "Game analysis").
export type Judgement = 'inaccuracy' | 'mistake' | 'blunder';

export interface AnalysedPly {
  ply: number;
  move: string;
  score_cp?: number;
  mate?: number;  // moves to mate, positive when the first player mates; 0: the move mated on the board
  best: string | null;
  best_notation: string | null;
  judgement: Judgement | null;
  line?: string[];
}

interface Counts { inaccuracy: number; mistake: number; blunder: number }

export interface GameAnalysis {
  status: 'queued' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
  plies?: AnalysedPly[];
  accuracy?: { first: number; second: number };
  counts?: { first: Counts; second: Counts };
}

// GET /api/positions: the position before the first move and after each, as the server plays
// them, the moves as the game page writes them, and the legal moves at the end.
// legal_notation: the legal moves in the notation asked for (only when one was).
export interface PositionsAlong { positions: string[]; notation: string[]; legal_moves: string[]; legal_notation?: string[] }

// Problems and puzzles: a position to solve, the server's verdict on each move, and the solution
// only when asked for.
export interface ToSolve {
  game: string;
  fen: string;
  side: Side;
  plies: number;            // the solution's length
  legal_moves: string[];
}
export interface Problem extends ToSolve {
  id: string;
  url: string;
  options: string[];        // the rule options it is judged under ("rules=jcsa")
  checks_only: boolean;
  key_unique: boolean | null;
  alternatives: number;
}
export interface MadeProblem extends Problem {
  solution: string[];
  alternative_moves: { move: string; plies: number }[];
}
export interface Puzzle extends ToSolve {
  index: number;
  count: number;
  theme: string;
}
// A solution, and the position before its first move and after each (the server's).
export interface Solution {
  solution: string[];
  positions: string[];
  solution_notation?: string[];  // a problem's, in the notation asked for
  alternative_moves?: { move: string; plies: number; move_notation?: string }[];
}
export interface Verdict {
  verdict: 'correct' | 'solved' | 'wrong' | 'unknown';
  move: string;
  reply: string | null;        // Kirin's answer to a right move
  move_notation?: string;        // the move and the answers in the notation asked for
  reply_notation?: string | null;
  refutation?: string | null;  // a problem's defence that beats a wrong move
  refutation_notation?: string | null;
  reason?: string;
  fen: string;                 // after the move and the answer (a puzzle: as it was, if wrong)
  legal_moves: string[];
}

// GET /api/rules/GAME/pieces: each piece's names, promotion and moves, from the same movement
// diagrams `kirin print` draws.
// A square the piece reaches from its own, from the mover's side: +dy forward, +dx its right.
export interface GuideMove {
  dx: number;
  dy: number;
  reach: 'step' | 'jump' | 'lame_leap' | 'lion_step' | 'lion_jump' | 'sting';
  to?: Region;    // the move must end there (xiangqi's palace, its own half)
  from?: Region;  // the move is made only from there (the Soldier's sideways step)
  leg?: [number, number];  // lame_leap: the square that blocks it
}
export interface GuideRay {
  dx: number;
  dy: number;
  ray: 'slide' | 'move_only' | 'hop';
  to?: Region;
  from?: Region;
}
export type Region = 'palace' | 'own_half' | 'enemy_half';

export interface PieceInfo {
  token: string;
  name: string;
  kanji: string;          // the full name (獅子); xiangqi: Red's character
  kanji_board: string;    // as written on a piece (獅)
  kanji_second?: string;  // xiangqi: Black's character
  promotes_to: string;
  promoted_from: string;
  royal: boolean;
  moves: GuideMove[];
  rays: GuideRay[];
  notes: string[];
}

export interface PieceGuideData {
  game: string;
  legend: { mark: string; text: string }[];
  pieces: PieceInfo[];
}

// Tournaments (docs/api.md, "Tournaments"): an event as GET /api/tournaments lists it.
export type TournamentKind = 'arena' | 'swiss' | 'round-robin';
export interface Tournament {
  id: string;
  kind: TournamentKind;
  name: string;
  game: string;
  rules: string[];
  clock: Pick<Clock, 'initial_ms' | 'increment_ms' | 'byoyomi_ms' | 'days_per_move'>;
  position: string;
  rated: boolean;
  minutes?: number;   // an arena's length
  rounds?: number;    // a Swiss's
  double?: boolean;   // a round robin's: each pair meets twice
  max_players: number;
  starts_at: number;  // unix ms
  ends_at: number | null;   // an arena's end; by correspondence, the deadline of what is being played
  deadline_days: number | null;  // by correspondence: a round robin's for all its games, a Swiss's per round
  status: 'created' | 'started' | 'finished';
  round: number;      // the last round paired, an arena's last wave
  creator: string;    // the name of the account that made it (it may start it early)
}
// A player's line in the standings: a Swiss's and a round robin's tie-breaks, an arena's sheet
// (each game's points as digits, the latest first, as lichess writes it) and whether it is on fire
// (two wins in a row).
export interface Standing {
  rank: number; name: string; rating: number; points: number; games: number; withdrawn: boolean;
  buchholz?: number; buchholz_cut1?: number; sonneborn_berger?: number;
  sheet?: string; fire?: boolean;
}
// A game of a round ("" while it is played), a bye ("bye", `game` and `second` null), a round off
// ("off") or a forfeit ("+-", "-+").
export interface Pairing {
  round: number; board: number; game: string | null; first: string; second: string | null; result: string;
  berserk: { first: boolean; second: boolean };  // an arena's: who halved their time for a point more
}
// GET /api/tournaments/ID and each event of its stream.
export interface TournamentEvent extends Tournament { standings: Standing[]; pairings: Pairing[] }
export interface TournamentList { created: Tournament[]; started: Tournament[]; finished: Tournament[] }
