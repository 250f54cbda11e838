// A move typed on the game page, in the engine's text (USI 7g7f, ICCS h2e2) or as the player
// writes it (Western P-76, WXF C2=5): read by matching the text against the legal moves the server
// gives and the notation the server writes for each (GET /api/positions?notation=), so that the
// one move writer stays the C++ one. The server's notation of a position's moves is asked once,
// when the player first types there.
import { positionsAlong } from '../api/client';
import { currentLanguage, t } from '../i18n';
import { h } from './dom';

// The words shown, from the catalog; the readings a text could be, listed as the page's language
// says "a, b or c".
const WORDS = {
  placeholder: (game: string) => t(game === 'xiangqi' ? 'typed.placeholderXiangqi' : 'typed.placeholderShogi'),
  play: () => t('common.play'),
  notYours: () => t('typed.notYours'),
  none: (text: string) => t('typed.none', { text }),
  several: (text: string, all: string[]) => t('typed.several', { text, moves: new Intl.ListFormat(currentLanguage(), { type: 'disjunction' }).format(all) }),
};

export interface TypedPosition {
  fen: string;
  legal: string[];
  options: string[];
}

// A notation written loosely: case, spaces, full-width digits and the move/capture signs aside.
const loose = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
const looser = (s: string) => loose(s).replace(/[-x]/g, '');

// The legal moves whose text (engine or notation) matches `text`, the closest reading first.
function matches(text: string, written: [string, string][]): string[] {
  for (const norm of [loose, looser]) {
    const found = written.filter(([move, note]) => norm(move) === norm(text) || norm(note) === norm(text)).map(([move]) => move);
    if (found.length) return [...new Set(found)];
  }
  return [];
}

export function typedMoveInput(game: string, position: () => TypedPosition | null, play: (move: string) => void): HTMLElement {
  const notation = game === 'xiangqi' ? 'wxf' : 'western';
  const input = h('input', { class: 'move-input', placeholder: WORDS.placeholder(game), autocomplete: 'off', 'data-testid': 'typed-move' }) as HTMLInputElement;
  const said = h('div', { class: 'error', 'data-testid': 'typed-move-error' });
  // The server's notation of each legal move where the player types, asked once per position.
  let written: { fen: string; all: Promise<[string, string][]> } | null = null;
  const writtenAt = (p: TypedPosition) => {
    if (written?.fen !== p.fen)
      written = { fen: p.fen, all: Promise.all(p.legal.map((m) => positionsAlong({ game, fen: p.fen, moves: [m], options: p.options }, notation)
        .then((r): [string, string] => [m, r.notation[0] ?? m], (): [string, string] => [m, m]))) };
    return written.all;
  };
  const submit = async () => {
    const text = input.value.trim(), p = position();
    said.textContent = '';
    if (!text) return;
    if (!p || !p.legal.length) {
      said.textContent = WORDS.notYours();
      return;
    }
    const exact = matches(text, p.legal.map((m) => [m, m]));
    const all = exact.length === 1 ? null : await writtenAt(p);
    const found = all ? matches(text, all) : exact;
    if (found.length === 1) {
      input.value = '';
      play(found[0]);
    } else {
      const notes = new Map(all ?? []);
      said.textContent = found.length ? WORDS.several(text, found.map((m) => notes.get(m) ?? m)) : WORDS.none(text);
    }
  };
  input.onfocus = () => { const p = position(); if (p?.legal.length) void writtenAt(p); };
  input.onkeydown = (e) => { if (e.key === 'Enter') void submit(); };
  return h('div', { class: 'typed-move try-move' }, input, h('button', { onclick: () => void submit(), 'data-testid': 'typed-move-play' }, WORDS.play()), said);
}
