// "Print a set": choose the game, the piece style and the paper, and download Kirin's
// print-and-play PDF (board, pieces, movement diagrams, assembly notes).
import { variants } from '../api/client';
import { type Paper, printUrl, type PrintStyle } from '../api/urls';
import { GAME_NAMES } from '../model/games';
import { h } from '../widgets/dom';

const STYLES: [PrintStyle, string][] = [
  ['kanji', 'Kanji (traditional characters)'], ['mnemonic', 'Mnemonic (pictures of the moves)'],
  ['letters', 'Letters (SFEN/FEN)'], ['westernized', 'Westernized (English names)'],
];

export async function printPage(root: HTMLElement) {
  const all = await variants();
  const game = h('select', { name: 'game', 'data-testid': 'print-game' }, ...all.map((v) => h('option', { value: v.id }, GAME_NAMES[v.id] ?? v.name))) as HTMLSelectElement;
  const pieces = h('select', { name: 'pieces' }, ...STYLES.map(([v, label]) => h('option', { value: v }, label))) as HTMLSelectElement;
  const paper = h('select', { name: 'paper' }, h('option', { value: 'a4' }, 'A4'), h('option', { value: 'letter' }, 'US Letter')) as HTMLSelectElement;
  const bw = h('input', { type: 'checkbox', name: 'bw' }) as HTMLInputElement;
  const link = h('a', { class: 'button', 'data-testid': 'print-download' }, 'Download PDF') as HTMLAnchorElement;
  const update = () => {
    link.href = printUrl(game.value, pieces.value as PrintStyle, paper.value as Paper, bw.checked);
    link.download = `${game.value}-${pieces.value}-${paper.value}${bw.checked ? '-bw' : ''}.pdf`;
  };
  for (const el of [game, pieces, paper, bw]) el.onchange = update;
  update();
  root.replaceChildren(h('section', { class: 'new-game' },
    h('h2', {}, 'Print a set'),
    h('p', {}, 'A set to build at home: the board (in parts with glue tabs), fold-over pieces, hands, ' +
      'a movement diagram for every piece, and assembly notes. Print at actual size.'),
    h('label', {}, 'Game ', game),
    h('label', {}, 'Pieces ', pieces),
    h('label', {}, 'Paper ', paper),
    h('label', {}, bw, ' black and white'),
    link,
    h('p', {}, h('a', { href: '/' }, 'Back to a new game'))));
}
