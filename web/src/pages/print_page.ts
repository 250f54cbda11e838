// "Print a set": choose the game, the piece style and the paper, and download Kirin's
// print-and-play PDF (board, pieces, movement diagrams, assembly notes).
import { variants } from '../api/client';
import { type Paper, printUrl, type PrintStyle } from '../api/urls';
import { t } from '../i18n';
import { gameName } from '../model/games';
import { h } from '../widgets/dom';

const STYLES: PrintStyle[] = ['kanji', 'mnemonic', 'letters', 'westernized'];

export async function printPage(root: HTMLElement) {
  const all = await variants();
  const game = h('select', { name: 'game', 'data-testid': 'print-game' }, ...all.map((v) => h('option', { value: v.id }, gameName(v.id)))) as HTMLSelectElement;
  const pieces = h('select', { name: 'pieces' }, ...STYLES.map((s) => h('option', { value: s }, t(`print.styles.${s}`)))) as HTMLSelectElement;
  const paper = h('select', { name: 'paper' }, h('option', { value: 'a4' }, t('print.a4')), h('option', { value: 'letter' }, t('print.letter'))) as HTMLSelectElement;
  const bw = h('input', { type: 'checkbox', name: 'bw' }) as HTMLInputElement;
  const link = h('a', { class: 'button', 'data-testid': 'print-download' }, t('print.download')) as HTMLAnchorElement;
  const update = () => {
    link.href = printUrl(game.value, pieces.value as PrintStyle, paper.value as Paper, bw.checked);
    link.download = `${game.value}-${pieces.value}-${paper.value}${bw.checked ? '-bw' : ''}.pdf`;
  };
  for (const el of [game, pieces, paper, bw]) el.onchange = update;
  update();
  root.replaceChildren(h('section', { class: 'new-game' },
    h('h2', {}, t('titles.print')),
    h('p', {}, t('print.about')),
    h('label', {}, `${t('common.game')} `, game),
    h('label', {}, `${t('common.pieces')} `, pieces),
    h('label', {}, `${t('print.paper')} `, paper),
    h('label', {}, bw, ` ${t('print.blackAndWhite')}`),
    link,
    h('p', {}, h('a', { href: '/' }, t('print.back')))));
}
