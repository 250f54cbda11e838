// The hands of a game with drops: each kind that may be in hand with − and + buttons and its count.
import type { Side, VariantInfo } from '../../api/types';
import type { EditorBoard } from '../../board/editor_board';
import { t } from '../../i18n';
import { colorOf, SIDES } from '../../model/games';
import { pieceName } from '../../model/piece_names';
import { h } from '../../widgets/dom';

export function handEditors(v: VariantInfo, b: EditorBoard, changed: () => void): HTMLElement[] {
  if (!v.drops) return [];
  return SIDES.map((s: Side) => {
    const cells = v.hand_kinds.map((token) => {
      const p = { token, side: s }, n = b.inHand(p);
      const button = (label: string, delta: number, name: string) => {
        const el = h('button', { 'data-testid': `hand-${s}-${token}-${name}`, onclick: () => { b.addToHand(p, delta); changed(); } }, label) as HTMLButtonElement;
        el.disabled = n + delta < 0;
        return el;
      };
      return h('div', { class: n ? 'hand-cell' : 'hand-cell empty', title: pieceName(v.id, v.kinds.find((k) => k.token === token)?.name ?? token) },
        h('piece', { class: b.pieceClass(p), 'data-token': token, 'data-side': s }),
        button('−', -1, 'minus'),
        h('span', { class: 'count', 'data-testid': `hand-${s}-${token}` }, String(n)),
        button('+', 1, 'plus'));
    });
    return h('div', { class: `${b.paletteClass()} hand-editor` },
      h('h3', {}, t('editor.hand', { side: colorOf(v, s) })), h('div', { class: 'hand-grid' }, ...cells));
  });
}
