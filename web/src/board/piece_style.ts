// The player's piece style on the page: one stylesheet of the pieces' pictures (model/pieces.ts),
// swapped when the player picks another.
import type { VariantInfo } from '../api/types';
import { pieceCss, type PieceStyle } from '../model/pieces';

export function applyPieceStyle(v: VariantInfo, style: PieceStyle): void {
  let el = document.getElementById('kirin-pieces') as HTMLStyleElement | null;
  if (!el) {
    el = document.createElement('style');
    el.id = 'kirin-pieces';
    document.head.appendChild(el);
  }
  el.textContent = pieceCss(v, style);
}

// The board's size on every page: a CSS variable the boards' styles read.
export function setBoardSize(px: number) {
  document.documentElement.style.setProperty('--board-size', `${px}px`);
}
