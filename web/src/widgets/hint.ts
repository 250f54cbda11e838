// "Ask Kirin" on the game page: Kirin's move for the shown position, thought about for two
// seconds in the player's browser (api/browser_engine.ts), or asked of the server where it cannot run.
import { browserEngine, ENGINE_LABEL, EngineRefusal, type EngineSpec, type EngineWhere } from '../api/browser_engine';
import { analyse } from '../api/client';
import type { AnalysisInfo } from '../api/types';

const HINT_MS = 2000;

export async function askKirin(spec: EngineSpec, out: HTMLElement) {
  out.textContent = 'Kirin is thinking…';
  const show = (best: string | null, score: number, depth: number, where: EngineWhere) => {
    out.dataset.where = where;
    out.dataset.best = best ?? '';
    out.textContent = best
      ? `Kirin suggests ${best} (${score >= 0 ? '+' : ''}${(score / 100).toFixed(2)}, depth ${depth}) · ${ENGINE_LABEL[where]}`
      : `No legal move · ${ENGINE_LABEL[where]}`;
  };
  const onServer = async () => {
    try {
      const a = await analyse(spec);
      show(a.best, a.score, a.depth, 'server');
    } catch (e) {
      out.textContent = (e as Error).message;
    }
  };
  const engine = await browserEngine();
  if (!engine) return onServer();
  let last: AnalysisInfo | null = null;
  engine.search(spec, `go movetime ${HINT_MS}`, 1, {
    onInfo: (i) => { last = i; },
    onDone: (best) => show(best, last?.score ?? 0, last?.depth ?? 0, 'browser'),
    onError: (e) => (e instanceof EngineRefusal ? (out.textContent = e.message) : onServer()),
  });
}
