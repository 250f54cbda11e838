// A finished game's evaluation graph, as lichess draws its own: the first player's winning chances
// after each ply, the judged moves coloured, a click on a point showing that move.
import type { Chart } from 'chart.js';
import type { AnalysedPly, Judgement } from '../api/types';
import { t } from '../i18n';
import { GLYPHS, mateCount } from '../model/notation';

const COLOURS: Record<Judgement, string> = { inaccuracy: '#56b4e9', mistake: '#e69f00', blunder: '#df5353' };

// The first player's winning chances (-1..1) after a ply, as lichess draws its graph: a mate is
// all; centipawns through lichess's curve (the graph shows the course, the judgements were made
// on the game's own curve).
function chances(p: AnalysedPly, firstMovedAt: (ply: number) => boolean): number {
  if (p.mate !== undefined) return p.mate > 0 || (p.mate === 0 && firstMovedAt(p.ply)) ? 1 : -1;
  return 2 / (1 + Math.exp(-0.00368208 * (p.score_cp ?? 0))) - 1;
}

export function evaluationChart(ChartClass: typeof Chart, canvas: HTMLCanvasElement, plies: AnalysedPly[],
  firstMovedAt: (ply: number) => boolean, go: (ply: number) => void): Chart<'line'> {
  const values = plies.map((p) => chances(p, firstMovedAt));
  return new ChartClass(canvas, {
    type: 'line',
    data: {
      labels: plies.map((p) => String(p.ply)),
      datasets: [{
        data: values,
        borderColor: '#3b2f1e',
        borderWidth: 1.5,
        backgroundColor: 'rgba(255, 255, 255, 0.75)',
        fill: { value: 0, above: 'rgba(255, 255, 255, 0.75)', below: 'rgba(40, 30, 20, 0.55)' },
        pointBackgroundColor: plies.map((p) => (p.judgement ? COLOURS[p.judgement] : '#3b2f1e')),
        pointRadius: plies.map((p) => (p.judgement ? 4 : 0)),
        pointHoverRadius: 6,
        tension: 0,
      }],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: 'index', intersect: false },
      layout: { padding: 7 },  // the points at the top and bottom whole
      scales: { y: { min: -1, max: 1, display: false }, x: { display: false } },
      plugins: {
        legend: { display: false },  // one unnamed line: Chart.js would label it "undefined"
        tooltip: {
          displayColors: false,
          callbacks: {
            title: () => '',
            label: (item) => {
              const p = plies[item.dataIndex];
              const score = p.mate !== undefined ? (p.mate === 0 ? t('analysis.mate') : t('analysis.computer.mateIn', mateCount(Math.abs(p.mate)))) : (p.score_cp! / 100).toFixed(2);
              return `${p.ply}. ${score}${p.judgement ? ` ${GLYPHS[p.judgement]}` : ''}`;
            },
          },
        },
      },
      onClick: (_e, elements) => {
        if (elements.length) go(elements[0].index + 1);
      },
    },
    // Where each point is drawn, for the browser test's clicks.
    plugins: [{ id: 'points', afterRender: (c) => { canvas.dataset.points = JSON.stringify(c.getDatasetMeta(0).data.map((p) => [Math.round(p.x), Math.round(p.y)])); } }],
  });
}
