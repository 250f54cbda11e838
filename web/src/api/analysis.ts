// Kirin's analyses as the server (docs/api.md) and the engine in the browser give them: one
// answer (POST /api/analyse), or a line after each depth of a live analysis.
export interface Analysis {
  best: string | null;
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
}

// `of`: the game the position is from, if any (the server refuses it to that game's players
// while it is being played between two people).
export function analysisUrl(game: string, fen: string, moves: string[], options: string[], multipv: number, of?: string | null) {
  const q = new URLSearchParams({ game, fen, moves: moves.join(','), options: options.join(','), multipv: String(multipv) });
  if (of) q.set('of', of);
  return `/api/analysis/events?${q}`;
}
