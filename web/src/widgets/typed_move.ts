// A move typed on the game page, in the engine's text (USI 7g7f, ICCS h2e2) or in the notation the
// player has chosen (Western P-76, Japanese ７六歩, WXF C2=5, Chinese 炮二平五): read by matching the
// text against the legal moves and the same moves in that notation, both from one
// GET /api/positions?notation= (legal_moves, legal_notation), so that the one move writer stays the
// C++ one. The position's moves are asked once, when the player first types there.
import { positionsAlong } from '../api/client';
import { currentLanguage, t } from '../i18n';
import { notationName } from '../model/notations';
import { h } from './dom';

// The words shown, from the catalog; the readings a text could be, listed as the page's language
// says "a, b or c".
const WORDS = {
  // The hint shows a move in each notation read (the example in the menu's name, "Japanese (７六歩)"),
  // its title the notations' names.
  placeholder: (notations: string[]) => t('typed.placeholder', { notations: orList(notations.map((n) => /[(（]([^()（）]+)[)）]$/.exec(notationName(n))?.[1] ?? notationName(n))) }),
  title: (notations: string[]) => t('typed.title', { notations: orList(notations.map(notationName)) }),
  play: () => t('typed.play'),
  notYours: () => t('typed.notYours'),
  none: (text: string) => t('typed.none', { text }),
  several: (text: string, all: string[]) => t('typed.several', { text, moves: orList(all) }),
};
// "a, b or c" as the page's language writes it.
function orList(items: string[]) {
  return new Intl.ListFormat(currentLanguage(), { type: 'disjunction' }).format(items);
}

export interface TypedPosition {
  fen: string;
  legal: string[];
  options: string[];
}

// A notation written loosely: case, spaces, full-width digits and the move/capture signs aside.
const loose = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
// Looser: the signs dropped too, and numerals as digits (七 as 7, 十二 as 12), so that 97仲 reads
// as ９七仲 and 炮2平5 as 炮二平五.
const NUMERALS = '〇一二三四五六七八九';
const digits = (s: string) => s.replace(/十([一二三四五六七八九]?)/g, (_, d: string) => `1${d ? NUMERALS.indexOf(d) : 0}`)
  .replace(/[一二三四五六七八九]/g, (d) => String(NUMERALS.indexOf(d)));
const looser = (s: string) => digits(loose(s)).replace(/[-x]/g, '');

// The legal moves whose text (engine or notation) matches `text`, the closest reading first.
function matches(text: string, written: [string, string][]): string[] {
  for (const norm of [loose, looser]) {
    const found = written.filter(([move, note]) => norm(move) === norm(text) || norm(note) === norm(text)).map(([move]) => move);
    if (found.length) return [...new Set(found)];
  }
  return [];
}

// `notation`: the notation the player has chosen (read at each move typed, as the menu may change it).
export function typedMoveInput(game: string, notation: () => string, position: () => TypedPosition | null, play: (move: string) => void): HTMLElement {
  const engine = game === 'xiangqi' ? 'iccs' : 'usi';
  const input = h('input', { class: 'move-input', autocomplete: 'off', 'data-testid': 'typed-move' }) as HTMLInputElement;
  const said = h('div', { class: 'error', 'data-testid': 'typed-move-error' });
  // The legal moves, each with its text in the player's notation, asked once per position and notation.
  let written: { key: string; all: Promise<[string, string][]> } | null = null;
  const writtenAt = (p: TypedPosition) => {
    const n = notation(), key = `${n} ${p.fen}`;
    if (written?.key !== key)
      written = { key, all: positionsAlong({ game, fen: p.fen, moves: [], options: p.options }, n).then(
        (r) => r.legal_moves.map((m, i): [string, string] => [m, r.legal_notation?.[i] ?? m]), () => p.legal.map((m): [string, string] => [m, m])) };
    return written.all;
  };
  const hint = () => {
    const read = [...new Set([notation(), engine])];
    input.placeholder = WORDS.placeholder(read);
    input.title = WORDS.title(read);
  };
  hint();
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
  input.onfocus = () => { hint(); const p = position(); if (p?.legal.length) void writtenAt(p); };
  input.onkeydown = (e) => { if (e.key === 'Enter') void submit(); };
  return h('div', { class: 'typed-move try-move' }, input, h('button', { onclick: () => void submit(), 'data-testid': 'typed-move-play' }, WORDS.play()), said);
}
