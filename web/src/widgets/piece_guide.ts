// The piece guide on every board: press and hold a piece (about 400 ms), right-click it, or press
// ? or i with the pointer over it, and its name (English and kanji/Chinese), its promotion and its
// moves marked on the board's squares appear. Tapping the piece again (or the promotion line)
// shows the promoted form's moves; Escape or a tap elsewhere closes it. A plain click, a drag and
// a right-drag (arrows) on the board do what they always did. Pieces off the board (hands, the
// editor's palettes) show the guide with the piece's movement diagram instead of marks.
import { pieceGuideData } from '../api/client';
import type { PieceInfo, Side, VariantInfo } from '../api/types';
import { movementDiagramUrl } from '../api/urls';
import type { BoardPiece as GuidePiece, GuideBoard } from '../board/board_view';
import { prefs } from '../board/prefs';
import { guideMarks, type MarkKind, type Point, squareName } from '../model/guide_marks';
import { h } from './dom';

const HOLD_MS = 400, SLOP_PX = 8;

// The marks' shapes, as the movement diagrams draw them (src/draw/movement_drawing.cpp): a dot
// steps, a ring jumps, a triangle leaps unless blocked, a star is the Lion's power, a diamond stings;
// a small dot slides (hollow: without capturing).
export function markSvg(kind: MarkKind | 'hop'): string {
  const star = (r: number) => {
    const pts = [];
    for (let i = 0; i < 10; i++) {
      const a = (Math.PI / 5) * i - Math.PI / 2, rr = i % 2 ? r * 0.45 : r;
      pts.push(`${(50 + rr * Math.cos(a)).toFixed(1)},${(50 + rr * Math.sin(a)).toFixed(1)}`);
    }
    return pts.join(' ');
  };
  const body: Record<string, string> = {
    step: '<circle cx="50" cy="50" r="24"/>',
    jump: '<circle cx="50" cy="50" r="22" fill="none" stroke-width="9"/>',
    lame_leap: '<polygon points="50,20 78,72 22,72"/>',
    lion_step: `<polygon points="${star(40)}"/>`,
    lion_jump: `<polygon points="${star(38)}" fill="none" stroke-width="7"/>`,
    sting: '<polygon points="50,16 84,50 50,84 16,50"/>',
    slide: '<circle cx="50" cy="50" r="13"/>',
    move_only: '<circle cx="50" cy="50" r="12" fill="none" stroke-width="6"/>',
    hop: '<line x1="8" y1="50" x2="92" y2="50" stroke-width="6" stroke-dasharray="12 8"/><circle cx="50" cy="50" r="12"/>',
  };
  return `<svg viewBox="0 0 100 100" aria-hidden="true">${body[kind]}</svg>`;
}

// The diagrams draw slides as lines with arrow heads (a thin line: moves without capturing; a
// dashed one beside the line with a dot: captures over a screen), the rest as on the board.
export function diagramSymbol(mark: string): string {
  const arrow = '<polygon points="100,50 78,36 78,64"/>';
  if (mark === 'slide') return `<svg viewBox="0 0 100 100" aria-hidden="true"><line x1="5" y1="50" x2="82" y2="50" stroke-width="11"/>${arrow}</svg>`;
  if (mark === 'move_only') return `<svg viewBox="0 0 100 100" aria-hidden="true"><line x1="5" y1="50" x2="82" y2="50" stroke-width="6"/>${arrow}</svg>`;
  if (mark === 'hop') return `<svg viewBox="0 0 100 100" aria-hidden="true"><line x1="5" y1="50" x2="82" y2="50" stroke-width="6" stroke-dasharray="14 10"/><circle cx="44" cy="50" r="12"/>${arrow}</svg>`;
  return markSvg(mark as MarkKind);
}

// One guide open at a time, on whichever board or palette asked for it.
interface Open {
  board?: GuideBoard;
  at?: Point;           // the piece's square; none off the board
  anchor: DOMRect;      // what the panel is placed beside
  variant: VariantInfo;
  options: string[];
  piece: GuidePiece;
  promoted: boolean;    // showing the promoted form
  panel: HTMLElement;
  marks?: HTMLElement;
}
let open: Open | null = null;

export function closeGuide() {
  open?.panel.remove();
  open?.marks?.remove();
  open = null;
}

document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && open) closeGuide();
});
// The marks sit over the board in page coordinates: a new layout moves them with it.
addEventListener('resize', () => open && void render(open));
// A press anywhere but on the panel or on the guided piece closes the guide (and does what it does).
document.addEventListener('pointerdown', (e) => {
  if (!open || open.panel.contains(e.target as Node)) return;
  if (open.board && open.at && sameSquare(squareAt(open.board, e.clientX, e.clientY), open.at)) return;
  closeGuide();
}, { capture: true });

const sameSquare = (a: Point | undefined, b: Point | undefined) => !!a && !!b && a.x === b.x && a.y === b.y;

function squareAt(b: GuideBoard, cx: number, cy: number): Point | undefined {
  const r = b.grid()?.getBoundingClientRect();
  if (!r || cx < r.left || cx >= r.right || cy < r.top || cy >= r.bottom) return undefined;
  const col = Math.floor(((cx - r.left) * b.variant.files) / r.width), row = Math.floor(((cy - r.top) * b.variant.ranks) / r.height);
  return b.bottom() === 'first' ? { x: col, y: b.variant.ranks - 1 - row } : { x: b.variant.files - 1 - col, y: row };
}

// The promoted form (or, on a promoted piece, its unpromoted one) when `promoted` is asked.
function shown(all: PieceInfo[], o: Open): PieceInfo | undefined {
  const own = all.find((p) => p.token === o.piece.token);
  if (!own || !o.promoted) return own;
  return all.find((p) => p.token === (own.promotes_to || own.promoted_from)) ?? own;
}

async function render(o: Open) {
  const data = await pieceGuideData(o.variant.id, o.options);
  if (open !== o) return;  // closed or replaced while the data came
  const piece = shown(data.pieces, o);
  if (!piece) return closeGuide();
  const other = o.promoted ? data.pieces.find((p) => p.token === o.piece.token) : data.pieces.find((p) => p.token === (piece.promotes_to || piece.promoted_from));
  const kanji = o.variant.id === 'xiangqi'
    ? (o.piece.side === 'first' ? [piece.kanji, piece.kanji_second] : [piece.kanji_second, piece.kanji]).filter((k, i, a) => k && a.indexOf(k) === i).join(' / ')
    : piece.kanji;
  const marks = o.board && o.at ? guideMarks(o.variant, piece, o.piece.side, o.at) : [];
  const used = new Set<string>(marks.map((m) => m.kind));
  if (piece.rays.some((r) => r.ray === 'hop')) used.add('hop');
  const legend = data.legend.filter((l) => (o.at ? used.has(l.mark) : markUsedBy(piece, l.mark)));
  const switchLine = other
    ? h('button', { class: 'guide-switch', 'data-testid': 'guide-promote', onclick: () => toggle(o) },
      o.promoted ? `◂ Back to ${other.name} ${other.kanji}` : `${piece.promotes_to ? 'Promotes to' : 'Promoted from'} ${other.name} ${other.kanji} ▸`)
    : data.pieces.some((p) => p.promotes_to) ? h('div', { class: 'guide-switch none' }, 'Never promotes') : '';
  o.panel.replaceChildren(
    h('div', { class: 'guide-head' },
      h('span', { class: 'guide-kanji', 'data-testid': 'guide-kanji', lang: o.variant.id === 'xiangqi' ? 'zh' : 'ja' }, kanji),
      h('b', { 'data-testid': 'guide-name' }, piece.name),
      h('button', { class: 'guide-close', 'aria-label': 'Close', onclick: closeGuide }, '×')),
    switchLine,
    ...(o.at ? [] : [h('img', { class: 'guide-diagram', src: movementDiagramUrl(o.variant.id, piece.token, o.options, prefs().style), alt: `How the ${piece.name} moves`, width: '180', height: '180' })]),
    h('ul', { class: 'guide-legend' }, ...legend.map((l) => {
      const li = h('li', {}, h('span', { class: `guide-sym m-${l.mark}` }), l.text);
      li.firstElementChild!.innerHTML = o.at ? markSvg(l.mark as MarkKind) : diagramSymbol(l.mark);
      return li;
    })),
    ...(piece.notes.length ? [h('ul', { class: 'guide-notes' }, ...piece.notes.map((n) => h('li', {}, n)))] : []),
    h('a', { href: `/learn/${o.variant.id}`, class: 'guide-more' }, 'Every piece and the rules'),
  );
  o.panel.dataset.token = piece.token;
  drawMarks(o, marks);
  place(o);
}

function markUsedBy(p: PieceInfo, mark: string) {
  return p.moves.some((m) => m.reach === mark) || p.rays.some((r) => r.ray === mark);
}

function drawMarks(o: Open, marks: ReturnType<typeof guideMarks>) {
  o.marks?.remove();
  o.marks = undefined;
  const b = o.board, grid = b?.grid();
  if (!b || !o.at || !grid) return;
  const v = b.variant, r = grid.getBoundingClientRect();
  const layer = h('div', { class: 'guide-marks', 'data-testid': 'guide-marks' });
  Object.assign(layer.style, {
    left: `${r.left + scrollX}px`, top: `${r.top + scrollY}px`, width: `${r.width}px`, height: `${r.height}px`,
    gridTemplateColumns: `repeat(${v.files}, 1fr)`, gridTemplateRows: `repeat(${v.ranks}, 1fr)`,
  });
  const cell = (p: Point, className: string) => {
    const flip = b.bottom() === 'second';
    const el = h('div', { class: className, 'data-square': squareName(v, p) });
    el.style.gridColumn = String((flip ? v.files - 1 - p.x : p.x) + 1);
    el.style.gridRow = String((flip ? p.y : v.ranks - 1 - p.y) + 1);
    return el;
  };
  layer.append(cell(o.at, 'guide-origin'));
  for (const m of marks) {
    // On a piece, the mark goes in the square's corner, clear of the piece's name.
    const el = cell(m.at, `guide-mark m-${m.kind}${m.conditional ? ' conditional' : ''}${b.pieceAt(m.at) ? ' on-piece' : ''}`);
    el.dataset.mark = m.kind;
    el.innerHTML = markSvg(m.kind);
    layer.append(el);
  }
  document.body.append(layer);
  o.marks = layer;
}

// Beside the board where there is room, else below it; never wider than the screen.
function place(o: Open) {
  const a = o.board?.grid()?.getBoundingClientRect() ?? o.anchor, p = o.panel.style;
  const width = Math.min(340, innerWidth - 16);
  p.width = `${width}px`;
  if (innerWidth - a.right >= width + 16) {
    p.left = `${a.right + 8 + scrollX}px`;
    p.top = `${a.top + scrollY}px`;
  } else {
    p.left = `${Math.max(8, Math.min(a.left, innerWidth - width - 8)) + scrollX}px`;
    p.top = `${a.bottom + 8 + scrollY}px`;
  }
}

function toggle(o: Open) {
  o.promoted = !o.promoted;
  void render(o);
}

// Opens the guide on a piece (or, on the piece already shown, switches to its other form).
export function showGuide(spec: { board?: GuideBoard; at?: Point; anchor: DOMRect; variant: VariantInfo; options?: string[]; piece: GuidePiece }) {
  if (open && open.variant.id === spec.variant.id && open.piece.token === spec.piece.token && open.board === spec.board &&
      (spec.at ? sameSquare(open.at, spec.at) : !open.at)) return toggle(open);
  closeGuide();
  const panel = h('div', { class: 'piece-guide', role: 'dialog', 'aria-label': 'Piece guide', 'data-testid': 'piece-guide' });
  document.body.append(panel);
  open = { ...spec, options: spec.options ?? [], promoted: false, panel };
  void render(open).catch((e) => {
    panel.textContent = `The piece guide could not load: ${(e as Error).message}`;
  });
}

interface Found {
  piece: GuidePiece;
  at?: Point;
  anchor: DOMRect;
}

// Press-and-hold and right-click on pieces inside `el`: `find` names the piece under a point
// (and where it stands), or nothing. Returns the function that stops watching.
// A press on the piece the guide shows already is the tap handler's (`guided`).
function watchPresses(el: HTMLElement, find: (e: MouseEvent) => Found | undefined, onFound: (f: Found) => void,
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

// The guide on a board: returns the function that detaches it (the board's destroy calls it).
export function attachGuide(b: GuideBoard): () => void {
  const find = (e: { clientX: number; clientY: number; target: EventTarget | null }): Found | undefined => {
    const at = squareAt(b, e.clientX, e.clientY);
    const onBoard = at && b.pieceAt(at);
    if (onBoard) return { piece: onBoard, at, anchor: b.grid()!.getBoundingClientRect() };
    const target = e.target instanceof Element ? e.target : null;
    const off = target && b.pieceOfElement?.(target);
    return off ? { piece: off, anchor: target!.getBoundingClientRect() } : undefined;
  };
  const show = (f: Found) => showGuide({ board: b, ...f, variant: b.variant, options: b.options?.() ?? [] });
  const stop = watchPresses(b.wrap, find, show, {
    before: () => b.cancel(),
    keepShapes: b.keepShapes && (() => b.keepShapes!()),
    guided: (f) => !!open && open.board === b && sameSquare(open.at, f.at),
  });
  // While the guide shows a piece, a tap on that piece switches forms; the board never sees it.
  const tapOnGuided = (e: MouseEvent | TouchEvent) => {
    if (!open || open.board !== b || !open.at) return;
    const point = 'touches' in e ? e.touches[0] : e;
    if (!('touches' in e) && e.button !== 0) return;
    if (!sameSquare(squareAt(b, point.clientX, point.clientY), open.at)) return;
    e.preventDefault();
    e.stopPropagation();
    toggle(open);
  };
  b.wrap.addEventListener('mousedown', tapOnGuided, true);
  b.wrap.addEventListener('touchstart', tapOnGuided, { capture: true, passive: false });
  // ? or i with the pointer over a piece.
  let hover: { clientX: number; clientY: number; target: EventTarget | null } | null = null;
  const track = (e: PointerEvent) => {
    hover = e.pointerType === 'mouse' ? { clientX: e.clientX, clientY: e.clientY, target: e.target } : null;
  };
  const leave = () => (hover = null);
  const key = (e: KeyboardEvent) => {
    if ((e.key !== '?' && e.key !== 'i') || !hover || e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target as HTMLElement | null;
    if (t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName))) return;
    const found = find(hover);
    if (!found) return;
    e.preventDefault();
    show(found);
  };
  b.wrap.addEventListener('pointermove', track);
  b.wrap.addEventListener('pointerleave', leave);
  document.addEventListener('keydown', key);
  return () => {
    stop();
    b.wrap.removeEventListener('mousedown', tapOnGuided, true);
    b.wrap.removeEventListener('touchstart', tapOnGuided, true);
    b.wrap.removeEventListener('pointermove', track);
    b.wrap.removeEventListener('pointerleave', leave);
    document.removeEventListener('keydown', key);
    if (open?.board === b) closeGuide();
  };
}

// A board (or the editor's board) with the guide attached; its destroy detaches it.
export function withGuide<B extends { guide: GuideBoard; destroy(): void }>(board: B): B {
  const detach = attachGuide(board.guide);
  const destroy = board.destroy.bind(board);
  board.destroy = () => {
    detach();
    destroy();
  };
  return board;
}

// The guide on pieces that stand on no board (the editor's palettes and hand editor): any
// element inside `el` with data-token and data-side.
export function attachPieceGuide(el: HTMLElement, variant: () => VariantInfo, options: () => string[] = () => []): () => void {
  const find = (e: MouseEvent) => {
    const t = (e.target instanceof Element ? e.target : null)?.closest<HTMLElement>('[data-token][data-side]');
    return t ? { piece: { token: t.dataset.token!, side: t.dataset.side as Side }, anchor: t.getBoundingClientRect() } : undefined;
  };
  return watchPresses(el, find, (f) => showGuide({ ...f, variant: variant(), options: options() }));
}
