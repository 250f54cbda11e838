// "Ask Kirin" on the game page: Kirin's move for the shown position, thought about for two
// seconds in the player's browser (api/browser_engine.ts), or asked of the server where it cannot run,
// written in the player's notation by the server (api/move_writer.ts for the browser's move).
import { browserEngine, EngineRefusal, type EngineSpec, type EngineWhere } from '../api/browser_engine';
import { analyse } from '../api/client';
import { writeLine } from '../api/move_writer';
import type { AnalysisInfo } from '../api/types';
import { t } from '../i18n';
import { errorText } from '../model/error_words';

const HINT_MS = 2000;

export async function askKirin(spec: EngineSpec, out: HTMLElement, notation: string) {
  out.textContent = t('common.thinking');
  // `written`: the best move in the player's notation.
  const show = (best: string | null, written: string | null, score: number, depth: number, where: EngineWhere) => {
    out.dataset.where = where;
    out.dataset.best = best ?? '';
    const engine = t(`game.engine.${where}`);
    out.textContent = best
      ? t('game.hint.suggests', { move: written ?? best, score: `${score >= 0 ? '+' : ''}${(score / 100).toFixed(2)}`, depth, where: engine })
      : t('game.hint.noLegal', { where: engine });
  };
  const onServer = async () => {
    try {
      const a = await analyse({ ...spec, notation });
      show(a.best, a.best_notation ?? null, a.score, a.depth, 'server');
    } catch (e) {
      out.textContent = errorText(e);
    }
  };
  const engine = await browserEngine();
  if (!engine) return onServer();
  let last: AnalysisInfo | null = null;
  engine.search(spec, `go movetime ${HINT_MS}`, 1, {
    onInfo: (i) => { last = i; },
    onDone: async (best) => {
      const written = best ? (await writeLine(spec, [best], notation))[0] : null;
      show(best, written, last?.score ?? 0, last?.depth ?? 0, 'browser');
    },
    onError: (e) => (e instanceof EngineRefusal ? (out.textContent = errorText(e)) : onServer()),
  });
}
