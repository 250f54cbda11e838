// The presses that open the piece guide: a hold of 400 ms (mouse or touch) that does not move,
// and a right-click that is not a right-drag (which draws an arrow on the boards).
import type { BoardPiece } from '../board/board_view';
import type { Point } from '../model/guide_marks';

const HOLD_MS = 400, SLOP_PX = 8;

export interface Found {
  piece: BoardPiece;
  at?: Point;
  anchor: DOMRect;
}

// Press-and-hold and right-click on pieces inside `el`: `find` names the piece under a point
// (and where it stands), or nothing. Returns the function that stops watching.
// A press on the piece the guide shows already is the tap handler's (`guided`).
export function watchPresses(el: HTMLElement, find: (e: MouseEvent) => Found | undefined, onFound: (f: Found) => void,
  extra: { before?: () => void; keepShapes?: () => () => void; guided?: (f: Found) => boolean } = {}) {
  const { before, keepShapes, guided } = extra;
  let timer = 0, startX = 0, startY = 0, restore: (() => void) | undefined, rightX = 0, rightY = 0;
  const cancelHold = () => clearTimeout(timer);
  const down = (e: PointerEvent) => {
    cancelHold();
    if (e.button === 2) {
      [rightX, rightY] = [e.clientX, e.clientY];
      restore = keepShapes?.();
      return;
    }
    if (e.button !== 0) return;
    const found = find(e);
    if (!found || guided?.(found)) return;
    [startX, startY] = [e.clientX, e.clientY];
    timer = window.setTimeout(() => {
      before?.();
      onFound(found);
    }, HOLD_MS);
  };
  const move = (e: PointerEvent) => {
    if (Math.hypot(e.clientX - startX, e.clientY - startY) > SLOP_PX) cancelHold();
  };
  // A right-click (not a right-drag, which draws an arrow) opens the guide; the circle the board
  // drew for it is taken back once the board has drawn it.
  const up = (e: PointerEvent) => {
    cancelHold();
    if (e.button !== 2 || Math.hypot(e.clientX - rightX, e.clientY - rightY) > SLOP_PX) return;
    const found = find(e);
    if (!found) return;
    const r = restore;
    setTimeout(() => r?.(), 0);
    onFound(found);
  };
  const menu = (e: Event) => {
    if (find(e as MouseEvent)) e.preventDefault();
  };
  el.addEventListener('pointerdown', down, true);
  el.addEventListener('pointermove', move, true);
  el.addEventListener('pointerup', up, true);
  el.addEventListener('pointercancel', cancelHold, true);
  el.addEventListener('contextmenu', menu, true);
  return () => {
    cancelHold();
    el.removeEventListener('pointerdown', down, true);
    el.removeEventListener('pointermove', move, true);
    el.removeEventListener('pointerup', up, true);
    el.removeEventListener('pointercancel', cancelHold, true);
    el.removeEventListener('contextmenu', menu, true);
  };
}
