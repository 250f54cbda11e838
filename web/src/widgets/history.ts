// The move list as a way through the game: click a move, or step with the buttons and the arrow
// keys (left, right, Home, End). `shown` is the ply on the board; following the game means
// being at its last ply, and a new move then moves the board along; looking back, it does not.
import { h } from './dom';

// A move's mark from a computer analysis: its glyph ("??"), the judgement's name as a class, and
// the better move as the page writes moves.
export type MoveMark = { glyph: string; kind: string; better: string | null } | null;

export interface HistoryView {
  el: HTMLElement;
  nav: HTMLElement;
  update(moves: string[], notation: string[]): void;
  // The marks of the moves (marks[i] for ply i + 1), kept across updates.
  setMarks(marks: MoveMark[]): void;
  shown(): number;
  live(): boolean;
  go(ply: number): void;
}

export function historyView(onShow: (ply: number) => void): HistoryView {
  let moves: string[] = [], notation: string[] = [], marks: MoveMark[] = [], shown = 0, following = true;
  const list = h('ol', { class: 'moves', 'data-testid': 'moves' });
  const back = h('button', { class: 'back-to-game', 'data-testid': 'back-to-game', onclick: () => go(moves.length) }, 'Back to the game »');
  const button = (label: string, title: string, testid: string, to: () => number) =>
    h('button', { title, 'aria-label': title, 'data-testid': testid, onclick: () => go(to()) }, label);
  const nav = h('div', { class: 'history-nav' },
    button('«', 'First position (Home)', 'history-first', () => 0),
    button('‹', 'Previous move (←)', 'history-prev', () => shown - 1),
    button('›', 'Next move (→)', 'history-next', () => shown + 1),
    button('»', 'Last move (End)', 'history-last', () => moves.length),
    back);

  function mark() {
    list.querySelectorAll('li').forEach((li, i) => li.classList.toggle('current', i + 1 === shown));
    back.hidden = following;
    nav.dataset.shown = String(shown);
    const current = list.querySelector('li.current') as HTMLElement | null;
    if (current) current.scrollIntoView({ block: 'nearest' });
    else if (shown === 0) list.scrollTop = 0;
  }

  function go(ply: number) {
    shown = Math.max(0, Math.min(moves.length, ply));
    following = shown === moves.length;
    mark();
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
    el: list,
    nav,
    update(next, written) {
      moves = next;
      notation = written;
      list.innerHTML = '';
      next.forEach((m, i) => {
        const note = marks[i];
        list.append(h('li', { value: String(i + 1), title: m, 'data-move': m, 'data-ply': String(i + 1), onclick: () => go(i + 1), ...(note ? { 'data-judgement': note.kind } : {}) },
          notation[i] ?? m,
          note ? h('span', { class: `glyph ${note.kind}`, 'data-testid': 'glyph' }, note.glyph) : '',
          note?.better ? h('span', { class: 'better', title: 'the better move' }, ` ${note.better}`) : ''));
      });
      if (following || shown > next.length) shown = next.length;
      following = shown === next.length;
      mark();
    },
    setMarks(next) {
      marks = next;
      this.update(moves, notation);
    },
    shown: () => shown,
    live: () => following,
    go,
  };
}
