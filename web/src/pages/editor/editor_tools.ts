// The position editor's tools: each side's palette of every piece kind (drag one onto the board,
// or pick it as the tool and click squares; clicking the same piece again removes it), "Move
// pieces" (the board library's own dragging) and "Delete".
import type { Side, VariantInfo } from '../../api/types';
import { type EditorBoard, type EditorPiece, samePiece } from '../../board/editor_board';
import { t } from '../../i18n';
import { colorOf, other } from '../../model/games';
import { pieceName } from '../../model/piece_names';
import { h } from '../../widgets/dom';

type Tool = 'move' | 'delete' | EditorPiece;
const isPiece = (t: Tool): t is EditorPiece => typeof t === 'object';

export interface ToolSource {
  variant(): VariantInfo;
  board(): EditorBoard | undefined;
  changed(): void;   // after the tools changed the board
}

export class EditorTools {
  readonly top = h('div');
  readonly bottom = h('div');
  readonly buttons: HTMLElement[];
  private tool: Tool = 'move';
  private items: { el: HTMLElement; piece: EditorPiece }[] = [];

  constructor(private slot: HTMLElement, private src: ToolSource) {
    const button = (tool: 'move' | 'delete', label: string) => h('button', { 'data-testid': `tool-${tool}`, onclick: () => this.set(tool) }, label);
    this.buttons = [button('move', t('editor.movePieces')), button('delete', t('editor.delete'))];
    // With a piece or the delete tool, a press on the board edits that square and the board
    // library never sees it (it would select or drag the piece there).
    const boardDown = (e: MouseEvent | TouchEvent) => {
      const board = src.board(), tool = this.tool;
      if (tool === 'move' || !board) return;
      const point = 'touches' in e ? e.touches[0] : e;
      if (!('touches' in e) && e.button !== 0) return;
      const key = board.keyAt(point.clientX, point.clientY);
      if (!key) return;
      e.preventDefault();
      e.stopPropagation();
      board.put(key, isPiece(tool) && !samePiece(board.at(key), tool) ? tool : null);
      src.changed();
    };
    slot.addEventListener('mousedown', boardDown, { capture: true });
    slot.addEventListener('touchstart', boardDown, { capture: true, passive: false });
  }

  set(t: Tool) {
    this.tool = t;
    this.buttons[0].classList.toggle('active', t === 'move');
    this.buttons[1].classList.toggle('active', t === 'delete');
    for (const item of this.items) item.el.classList.toggle('selected', isPiece(t) && samePiece(item.piece, t));
    this.slot.classList.toggle('tool-active', t !== 'move');
  }

  // The palettes, the board's bottom side's below it.
  draw() {
    this.items = [];
    const bottom = this.src.board()!.bottom();
    this.top.replaceChildren(this.palette(other(bottom)));
    this.bottom.replaceChildren(this.palette(bottom));
    this.set(this.tool);
  }

  private palette(s: Side): HTMLElement {
    const v = this.src.variant(), board = this.src.board()!;
    const row = (promoted: boolean) => h('div', { class: 'palette-row' }, ...v.kinds.filter((k) => k.token.startsWith('+') === promoted).map((k) => {
      const piece = { token: k.token, side: s };
      const el = h('piece', {
        class: board.pieceClass(piece),
        title: t('editor.paletteTitle', { side: colorOf(v, s), piece: pieceName(v.id, k.name) }),
        'data-testid': `palette-${s}-${k.token}`,
        'data-token': k.token,
        'data-side': s,
        onpointerdown: (e: PointerEvent) => this.pickUp(e, piece),
      });
      this.items.push({ el, piece });
      return el;
    }));
    const el = h('div', { class: `${board.paletteClass()} palette-${s}`, 'data-testid': `palette-${s}` }, row(false));
    if (v.kinds.some((k) => k.token.startsWith('+'))) el.append(row(true));
    // One row per kind of piece where there is room, two on a phone: pieces big enough to touch.
    const longest = v.kinds.filter((k) => !k.token.startsWith('+')).length;
    el.style.setProperty('--palette-size', String(Math.max(v.files, longest)));
    el.style.setProperty('--palette-phone-size', String(longest > v.files ? Math.ceil(longest / 2) : v.files));
    return el;
  }

  // A palette piece: pressing it makes it the tool; dragging it puts one on the square (or into
  // the hand) it is released over. A press without a drag on the piece that already was the tool
  // drops the tool.
  private pickUp(e: PointerEvent, p: EditorPiece) {
    const board = this.src.board();
    if (e.button !== 0 || !board) return;
    e.preventDefault();
    const wasTool = isPiece(this.tool) && samePiece(this.tool, p);
    this.set(p);
    const size = this.slot.querySelector('.board-el')!.getBoundingClientRect().width / this.src.variant().files;
    const ghost = h('div', { class: `${board.paletteClass()} drag-ghost` }, h('piece', { class: board.pieceClass(p) }));
    ghost.style.width = ghost.style.height = `${size}px`;
    let dragging = false;
    const move = (ev: PointerEvent) => {
      if (!dragging && Math.hypot(ev.clientX - e.clientX, ev.clientY - e.clientY) < 4) return;
      if (!dragging) document.body.append(ghost);
      dragging = true;
      ghost.style.transform = `translate(${ev.clientX - size / 2}px, ${ev.clientY - size / 2}px)`;
    };
    const end = (ev: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      ghost.remove();
      if (!dragging) {
        if (wasTool) this.set('move');
        return;
      }
      const b = this.src.board();
      if (ev.type !== 'pointerup' || !b) return;
      const key = b.keyAt(ev.clientX, ev.clientY), hand = b.handAt(ev.clientX, ev.clientY);
      // Like a piece captured, one dropped on a hand goes there unpromoted, as that hand's.
      if (key) b.put(key, p);
      else if (hand) b.addToHand({ token: p.token, side: hand }, 1);
      else return;
      this.src.changed();
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
  }
}
