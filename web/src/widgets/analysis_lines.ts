// Kirin's best lines on the analysis board, one per `multipv`, each with its score and depth; a
// click on a move of a line tries the line up to it. The moves are written as the server wrote
// them (`pv_notation`), or as `written` has them (the engine in the browser's lines).
import type { AnalysisInfo } from '../api/types';
import { t } from '../i18n';
import { scoreText } from '../model/notation';
import { h, view } from './view';

export function analysisLines(tryLine: (moves: string[]) => void, written: (pv: string[]) => string[]) {
  const infos = new Map<number, AnalysisInfo>();
  const line = (n: number, i: AnalysisInfo) => {
    const text = i.pv_notation?.length === i.pv.length ? i.pv_notation : written(i.pv);
    return h('div.pv-line', { key: n, attrs: { 'data-testid': 'pv-line', 'data-multipv': n } }, [
      h('span.score', scoreText(i)), h('span.depth', t('analysis.depthShort', { depth: i.depth })),
      h('span.pv', i.pv.flatMap((m, k) => [h('a', { attrs: { href: '#', 'data-move': m }, on: { click: (e: Event) => { e.preventDefault(); tryLine(i.pv.slice(0, k + 1)); } } }, text[k] ?? m), ' '])),
    ]);
  };
  const lines = view(() => h('div.pv-lines', { attrs: { 'data-testid': 'pv-lines' } }, [...infos].sort((a, b) => a[0] - b[0]).map(([n, i]) => line(n, i))));
  return {
    el: lines.el,
    // A line after a depth: the top line (multipv 1) is returned, for the status.
    add(i: AnalysisInfo): AnalysisInfo {
      infos.set(i.multipv ?? 1, i);
      lines.redraw();
      return infos.get(1) ?? i;
    },
    clear() {
      infos.clear();
      lines.redraw();
    },
    // More of the lines' moves are written.
    redraw: () => lines.redraw(),
  };
}
