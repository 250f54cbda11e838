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
import { serverPieces } from '../board/prefs';
import { t } from '../i18n';
import { errorText } from '../model/error_words';
import { guideMarks, type MarkKind, type Point, squareName } from '../model/guide_marks';
import { legendText, noteText } from '../model/guide_words';
import { pieceName } from '../model/piece_names';
import { h } from './dom';
import { type Found, watchPresses } from './guide_presses';
import { diagramSymbol, markSymbol } from './guide_symbols';

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
  const game = o.variant.id, name = pieceName(game, piece.name);
  const switchLine = other
    ? h('button', { class: 'guide-switch', 'data-testid': 'guide-promote', onclick: () => toggle(o) },
      t(o.promoted ? 'guide.backTo' : piece.promotes_to ? 'guide.promotesTo' : 'guide.promotedFrom', { name: pieceName(game, other.name), kanji: other.kanji }))
    : data.pieces.some((p) => p.promotes_to) ? h('div', { class: 'guide-switch none' }, t('guide.neverPromotes')) : '';
  o.panel.replaceChildren(
    // The characters on the piece, then its name: once where the name is those characters (獅子).
    h('div', { class: 'guide-head' },
      kanji === name ? '' : h('span', { class: 'guide-kanji', 'data-testid': 'guide-kanji', lang: game === 'xiangqi' ? 'zh' : 'ja' }, kanji),
      h('b', { 'data-testid': 'guide-name' }, name),
      h('button', { class: 'guide-close', 'aria-label': t('guide.close'), onclick: closeGuide }, '×')),
    switchLine,
    ...(o.at ? [] : [h('img', { class: 'guide-diagram', src: movementDiagramUrl(game, piece.token, o.options, serverPieces(game)), alt: t('learn.howMoves', { piece: name }), width: '180', height: '180' })]),
    h('ul', { class: 'guide-legend' }, ...legend.map((l) =>
      h('li', {}, h('span', { class: `guide-sym m-${l.mark}` }, o.at ? markSymbol(l.mark as MarkKind) : diagramSymbol(l.mark)), legendText(l.text)))),
    ...(piece.notes.length ? [h('ul', { class: 'guide-notes' }, ...piece.notes.map((n) => h('li', {}, noteText(n))))] : []),
    h('a', { href: `/learn/${game}`, class: 'guide-more' }, t('guide.more')),
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
    el.append(markSymbol(m.kind));
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
  const panel = h('div', { class: 'piece-guide', role: 'dialog', 'aria-label': t('guide.label'), 'data-testid': 'piece-guide' });
  document.body.append(panel);
  open = { ...spec, options: spec.options ?? [], promoted: false, panel };
  void render(open).catch((e) => {
    panel.textContent = t('guide.failed', { message: errorText(e) });
  });
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
