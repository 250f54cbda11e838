// The move list as a way through the game: click a move, or step with the buttons and the arrow
// keys (left, right, Home, End). `shown` is the ply on the board; following the game means
// being at its last ply, and a new move then moves the board along; looking back, it does not.
import { t } from '../i18n';
import { h, type VNode, view } from './view';

// A move's mark from a computer analysis: its glyph ("??"), the judgement's name as a class, and
// the better move as the page writes moves.
export type MoveMark = { glyph: string; kind: string; better: string | null } | null;

export interface HistoryView {
  el: HTMLElement;
  nav: HTMLElement;
  // `triedFrom`: the first move of a line tried on the analysis board, marked as tried.
  update(moves: string[], notation: string[], triedFrom?: number): void;
  // The marks of the moves (marks[i] for ply i + 1), kept across updates.
  setMarks(marks: MoveMark[]): void;
  shown(): number;
  live(): boolean;
  go(ply: number): void;
}

// `variation`: the analysis board's list, a line of moves rather than a game's. `number`: the
// number written before move i (model/notations.ts: xiangqi's by move pairs, "" for Black's).
export function historyView(onShow: (ply: number) => void, variation = false, number = (i: number) => `${i + 1}.`): HistoryView {
  let moves: string[] = [], notation: string[] = [], marks: MoveMark[] = [], shown = 0, following = true, triedFrom = Infinity;

  const move = (m: string, i: number): VNode => {
    const note = marks[i];
    return h('li', {
      key: i,
      // A list that starts with the second side's move leaves the first column of its pair empty.
      class: { current: i + 1 === shown, tried: i >= triedFrom, 'second-first': i === 0 && number(0).endsWith('...') },
      attrs: { value: i + 1, title: m, 'data-move': m, 'data-ply': i + 1, 'data-number': number(i), ...(note ? { 'data-judgement': note.kind } : {}) },
      on: { click: () => go(i + 1) },
    }, [
      notation[i] ?? m,
      note ? h('span', { class: { glyph: true, [note.kind]: true }, attrs: { 'data-testid': 'glyph' } }, note.glyph) : '',
      note?.better ? h('span.better', { attrs: { title: t('history.better') } }, ` ${note.better}`) : '',
    ]);
  };
  const list = view(() => h(variation ? 'ol.moves.variation' : 'ol.moves', { attrs: { 'data-testid': variation ? 'variation' : 'moves', 'data-empty': t('history.noMoves') } }, moves.map(move)));

  const button = (label: string, title: string, testid: string, to: () => number) =>
    h('button', { attrs: { title, 'aria-label': title, 'data-testid': testid }, on: { click: () => go(to()) } }, label);
  const nav = view(() => h('div.history-nav', { attrs: { 'data-shown': shown } }, [
    button('«', t('history.first'), 'history-first', () => 0),
    button('‹', t('history.previous'), 'history-prev', () => shown - 1),
    button('›', t('history.next'), 'history-next', () => shown + 1),
    button('»', t('history.last'), 'history-last', () => moves.length),
    h('button.back-to-game', { attrs: { 'data-testid': 'back-to-game' }, props: { hidden: following }, on: { click: () => go(moves.length) } }, t('history.backToGame')),
  ]));

  // The list and the buttons as they now are, the shown move scrolled into sight.
  function redraw() {
    list.redraw();
    nav.redraw();
    const current = list.el.querySelector('li.current') as HTMLElement | null;
    if (current) current.scrollIntoView({ block: 'nearest' });
    else if (shown === 0) list.el.scrollTop = 0;
  }

  function go(ply: number) {
    shown = Math.max(0, Math.min(moves.length, ply));
    following = shown === moves.length;
    redraw();
    onShow(shown);
  }

  document.addEventListener('keydown', (e) => {
    const t = e.target as HTMLElement;
    if (t.closest('input, textarea, select') || e.altKey || e.ctrlKey || e.metaKey) return;
    const to = { ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: moves.length }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  });

  return {
    el: list.el,
    nav: nav.el,
    update(next, written, tried = Infinity) {
      moves = next;
      notation = written;
      triedFrom = tried;
      if (following || shown > next.length) shown = next.length;
      following = shown === next.length;
      redraw();
    },
    setMarks(next) {
      marks = next;
      redraw();
    },
    shown: () => shown,
    live: () => following,
    go,
  };
}
