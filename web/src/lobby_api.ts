// The parts of the server's API that came with issue 14 (lobby, challenges, rematch, live
// analysis), typed for the UI; requests go through api.ts's `act` where a game is concerned.
import type { Clock, GameState, Side } from './api';
import type { Seat } from './players';

export interface PlayState extends Omit<GameState, 'players' | 'status'> {
  players: Record<Side, Seat & { name: string }>;
  status: 'waiting' | 'playing' | 'over' | 'cancelled';
  rematch?: { offer: Side | null; game: string | null } | null;
  repetition_claimable?: boolean;
}

export interface Challenge {
  id: string;
  game: string;
  options: string[];
  setup: string;
  clock: Clock | null;
  days_per_move: number | null;
  color: Side | 'random';
  name: string | null;
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

export interface AnalysisInfo {
  depth: number;
  multipv: number;
  score: number;
  mate: number | null;
  nodes: number;
  nps: number;
  time_ms: number;
  pv: string[];
}

export function analysisUrl(game: string, fen: string, moves: string[], options: string[], multipv: number) {
  const q = new URLSearchParams({ game, fen, moves: moves.join(','), options: options.join(','), multipv: String(multipv) });
  return `/api/analysis/events?${q}`;
}

// "5+3", "10 min | 30 s", "1 day a move", "no clock"
export function timeControlText(clock: Clock | null, days?: number | null): string {
  const d = days ?? clock?.days_per_move;
  if (d) return `${d} day${d > 1 ? 's' : ''} a move`;
  if (!clock) return 'No clock';
  const min = clock.initial_ms / 60000;
  const main = min >= 1 ? `${min} min` : `${clock.initial_ms / 1000} s`;
  if (clock.byoyomi_ms) return `${main} | ${clock.byoyomi_ms / 1000} s`;
  return `${main} + ${clock.increment_ms / 1000} s`;
}
