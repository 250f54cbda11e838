// A finished game's computer analysis on its page (docs/api.md, "Game analysis"), as lichess shows
// its own: a button to request it, a progress bar while Kirin works (the game's event stream says
// how far it is), then an evaluation graph under the board (click a point to see that move), the
// glyphs ?! ? ?? and the better move in the move list, each side's counts and accuracy, and the
// annotated record to download. Everyone who opens the game sees it.
import type { Chart } from 'chart.js';
import { getGameAnalysis, requestGameAnalysis } from '../api/client';
import type { AnalysedPly, GameAnalysis, Judgement } from '../api/types';
import { t } from '../i18n';
import { errorText } from '../model/error_words';
import { annotatedFormat, formatName, GLYPHS, mateCount } from '../model/notation';
import { h, oneAtATime } from './dom';
import { evaluationChart } from './evaluation_chart';
import type { MoveMark } from './history';

// The chart library is fetched only when a page first shows an analysis.
let charts: Promise<typeof Chart> | undefined;
const loadChart = () => (charts ??= import('./line_chart').then((m) => m.Chart));

const word = (j: Judgement) => t(`analysis.computer.words.${j}`);

// The record annotated with the analysis, as `kirin analyse` writes it, in the player's notation.
function annotatedRecord(id: string, game: string, notation: string): HTMLElement {
  const format = annotatedFormat(game, notation);
  return h('a', { class: 'button', href: `/api/games/${id}/analysis?format=${format}`, download: '', 'data-testid': 'analysis-download' },
    t('analysis.computer.annotated', { format: formatName(format) }));
}

// How far Kirin is, while it analyses.
function progress(a: GameAnalysis): HTMLElement {
  const text = a.status === 'queued' ? t('analysis.computer.queued') : t('analysis.computer.running', { done: a.done, total: a.total });
  return h('div', { class: 'analysis-progress', 'data-testid': 'analysis-progress', 'data-status': a.status },
    h('span', {}, text), h('progress', { max: String(a.total), value: String(a.done) }));
}

// A side's accuracy and its inaccuracies, mistakes and blunders.
function sideCounts(a: GameAnalysis, side: 'first' | 'second', color: string): HTMLElement {
  const c = a.counts![side];
  return h('div', { class: 'analysis-side', 'data-testid': `analysis-${side}` },
    h('strong', {}, color), t('analysis.computer.accuracy', { value: a.accuracy![side].toFixed(1) }),
    t('analysis.computer.inaccuracies', { count: c.inaccuracy }), ', ', t('analysis.computer.mistakes', { count: c.mistake }), ', ',
    t('analysis.computer.blunders', { count: c.blunder }));
}

// What the analysis says of a ply's move: the evaluation after it, its judgement and the better move.
function plyComment(p: AnalysedPly, colors: [string, string]): (Node | string)[] {
  const score = p.mate === undefined ? `${(p.score_cp! / 100).toFixed(2)}`
    : p.mate === 0 ? t('analysis.computer.gameEnded')
      : t('analysis.computer.mateFor', { ...mateCount(Math.abs(p.mate)), side: colors[p.mate > 0 ? 0 : 1] });
  const out: (Node | string)[] = [h('strong', {}, `${p.ply}. `), t('analysis.computer.evaluation', { score })];
  if (p.judgement) {
    out.push(' ', h('span', { class: `judgement ${p.judgement}` }, t('analysis.computer.judgement', { word: word(p.judgement), glyph: GLYPHS[p.judgement] })),
      p.best_notation ? t('analysis.computer.best', { move: p.best_notation }) : '');
  }
  return out;
}

// A request's answer (as the stream's events) writes no notation: a finished one is read again in it.
async function requestIn(id: string, notation: string) {
  const a = await requestGameAnalysis(id);
  return a.status === 'done' ? getGameAnalysis(id, notation) : a;
}

export interface AnalysisSetup {
  id: string;
  game: string;          // chushogi, chuseireigi, xiangqi
  colors: [string, string];
  firstMovesFirst: boolean;
  notation(): string;    // the player's: the better moves are written in it
  go(ply: number): void;                        // show that ply on the board
  marked(marks: MoveMark[]): void;  // the move list's glyphs and better moves, by ply from 1
}

export interface AnalysisView {
  el: HTMLElement;
  // The game is over (or not): the button is offered (an analysis already made comes on the stream).
  gameOver(over: boolean): void;
  // An "analysis" event of the game's stream.
  onEvent(data: string): void;
  // The board shows `ply`: the graph and the comment follow.
  shown(ply: number): void;
  // The player chose another notation: a finished analysis is read again in it.
  renotate(): void;
}

export function gameAnalysisView(s: AnalysisSetup): AnalysisView {
  const el = h('div', { class: 'analysis-box', 'data-testid': 'analysis', hidden: '' });
  const error = h('div', { class: 'error' });
  let analysis: GameAnalysis | null = null, over = false, chart: Chart<'line'> | null = null, current = 0;
  const firstMovedAt = (ply: number) => (ply % 2 === 1) === s.firstMovesFirst;

  // The analysis asked for (the button) or read (once the game is over), shown when it comes.
  const load = async (ask: () => Promise<GameAnalysis | null>) => {
    try {
      show(await ask());
    } catch (e) {
      error.textContent = errorText(e);
    }
  };
  const fetchIt = () => load(() => getGameAnalysis(s.id, s.notation()));
  const request = oneAtATime(() => load(() => { error.textContent = ''; return requestIn(s.id, s.notation()); }));

  function show(a: GameAnalysis | null) {
    // A progress event after the result (a late echo from another server) changes nothing.
    if (a && analysis?.status === 'done' && a.status !== 'done') return;
    analysis = a;
    render();
  }

  function render() {
    chart?.destroy();
    chart = null;
    el.hidden = !over && !analysis;
    const a = analysis;
    if (!a || a.status === 'failed') {
      el.replaceChildren(h('button', { class: 'primary', onclick: request, 'data-testid': 'request-analysis' }, t('analysis.computer.request')),
        a ? h('p', { class: 'hint' }, t('analysis.computer.failed')) : '', error);
      s.marked([]);
      return;
    }
    if (a.status !== 'done' || !a.plies) {
      el.replaceChildren(progress(a), error);
      return;
    }
    drawResult(a, a.plies);
  }

  async function drawResult(a: GameAnalysis, plies: AnalysedPly[]) {
    const ChartClass = await loadChart();
    if (analysis !== a) return;  // a newer state came meanwhile
    const canvas = h('canvas', { 'aria-label': t('analysis.computer.chart') }) as HTMLCanvasElement;
    const sides = (['first', 'second'] as const).map((side, i) => sideCounts(a, side, s.colors[i]));
    el.replaceChildren(
      h('div', { class: 'analysis-chart', 'data-testid': 'analysis-chart' }, canvas),
      h('div', { class: 'analysis-comment', 'data-testid': 'analysis-comment' }),
      ...sides, annotatedRecord(s.id, s.game, s.notation()), error);
    chart = evaluationChart(ChartClass, canvas, plies, firstMovedAt, (ply) => s.go(ply));
    s.marked(plies.map((p) => (p.judgement ? { glyph: GLYPHS[p.judgement], kind: p.judgement, better: p.best_notation } : null)));
    mark();
  }

  // The shown ply's point drawn larger, and what the analysis says of its move.
  function mark() {
    const plies = analysis?.plies;
    const comment = el.querySelector('.analysis-comment');
    if (!plies || !comment) return;
    if (chart) {
      chart.data.datasets[0].pointRadius = plies.map((p) => (p.ply === current ? 6 : p.judgement ? 4 : 0));
      chart.update('none');
    }
    const p = plies[current - 1];
    comment.replaceChildren(...(p ? plyComment(p, s.colors) : []));
  }

  return {
    el,
    // An analysis already made is not asked for here: the game's stream tells its state at once
    // ("analysis" event), and a page asking for one that does not exist would log a 404.
    gameOver(isOver) {
      if (isOver === over) return;
      over = isOver;
      render();
    },
    onEvent(data) {
      const a = JSON.parse(data) as GameAnalysis;
      // The result is read once, in the player's notation (not the event's).
      if (a.status === 'done') {
        if (analysis?.status !== 'done') fetchIt();
        return;
      }
      show(a);
    },
    shown(ply) {
      current = ply;
      mark();
    },
    renotate() {
      if (analysis?.status === 'done') fetchIt();
    },
  };
}
