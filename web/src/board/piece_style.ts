// The pieces' pictures on the page: one stylesheet (model/pieces.ts's CSS), swapped when the
// player picks another set; and the board's size, a CSS variable the boards' styles read.
export function applyPieceCss(css: string): void {
  let el = document.getElementById('kirin-pieces') as HTMLStyleElement | null;
  if (!el) {
    el = document.createElement('style');
    el.id = 'kirin-pieces';
    document.head.appendChild(el);
  }
  el.textContent = css;
}

export function setBoardSize(px: number) {
  document.documentElement.style.setProperty('--board-size', `${px}px`);
}
