// A player's rating history as a chart (Chart.js, a chunk fetched with the chart), said in words
// for those who cannot see it.
import type { Player } from '../api/types';
import { currentLanguage, t } from '../i18n';
import { gameName } from '../model/games';
import { speedName, START_RATING } from '../model/players';

const COLOURS = ['#b33c2e', '#2e6db3', '#3b8c3a', '#8c5a2e', '#6d3bb3', '#b38f2e', '#2e9ab3', '#555'];

// One line per game and speed the player was rated in, along the dates of all the rated games;
// each line starts at 1500 at a point of its own just before its first game.
export async function drawRatingHistory(canvas: HTMLCanvasElement, p: Player) {
  const { Chart } = await import('./line_chart');
  const key = (pt: { game: string; speed: string }) => `${pt.game}/${pt.speed}`;
  const series = [...new Set(p.history.map(key))];
  // The chart's points in order: each rated game, and before the first of each line its start.
  const points: { key: string; at: number; rating: number }[] = [];
  const started = new Set<string>();
  for (const pt of p.history) {
    if (!started.has(key(pt))) points.push({ key: key(pt), at: pt.at, rating: START_RATING });
    started.add(key(pt));
    points.push({ key: key(pt), at: pt.at, rating: pt.rating });
  }
  const label = (line: string) => {
    const [game, speed] = line.split('/');
    return t('player.chartLine', { game: gameName(game), speed: speedName(speed) });
  };
  // What the chart shows, in words, for those who cannot see it: "Xiangqi Blitz: 1500 → 1662".
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', series.map((line) =>
    `${label(line)}: ${points.filter((pt) => pt.key === line).map((pt) => pt.rating).join(' → ')}`).join('; '));
  // A date under its first game only: a day of many games is not one label many times over.
  const dates = points.map((pt) => new Date(pt.at).toLocaleDateString(currentLanguage()));
  new Chart(canvas, {
    type: 'line',
    data: {
      labels: dates,
      datasets: series.map((line, i) => ({
        label: label(line),
        data: points.map((pt) => (pt.key === line ? pt.rating : null)),
        borderColor: COLOURS[i % COLOURS.length],
        backgroundColor: COLOURS[i % COLOURS.length],
        spanGaps: true,
        tension: 0,
        pointRadius: 3,
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: { legend: { display: series.length > 1 } },
      scales: { x: { ticks: { autoSkip: false, callback: (_value: unknown, i: number) => (i > 0 && dates[i] === dates[i - 1] ? '' : dates[i]) } } },
    },
  });
}
