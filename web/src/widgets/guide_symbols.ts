// The piece guide's marks as SVG (snabbdom trees), the shapes the movement diagrams draw
// (src/draw/movement_drawing.cpp): a dot steps, a ring jumps, a triangle leaps unless blocked, a
// star is the Lion's power, a diamond stings; a small dot slides (hollow: without capturing).
import type { MarkKind } from '../model/guide_marks';
import { h, toElement, type VNode } from './view';

const svg = (...shapes: VNode[]) => h('svg', { attrs: { viewBox: '0 0 100 100', 'aria-hidden': 'true' } }, shapes);
const shape = (name: string, attrs: Record<string, string | number>) => h(name, { attrs });

// A star's points around the centre: r outside, 0.45 r inside.
function star(r: number): string {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2, rr = i % 2 ? r * 0.45 : r;
    pts.push(`${(50 + rr * Math.cos(a)).toFixed(1)},${(50 + rr * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

const MARKS: Record<MarkKind | 'hop', () => VNode[]> = {
  step: () => [shape('circle', { cx: 50, cy: 50, r: 24 })],
  jump: () => [shape('circle', { cx: 50, cy: 50, r: 22, fill: 'none', 'stroke-width': 9 })],
  lame_leap: () => [shape('polygon', { points: '50,20 78,72 22,72' })],
  lion_step: () => [shape('polygon', { points: star(40) })],
  lion_jump: () => [shape('polygon', { points: star(38), fill: 'none', 'stroke-width': 7 })],
  sting: () => [shape('polygon', { points: '50,16 84,50 50,84 16,50' })],
  slide: () => [shape('circle', { cx: 50, cy: 50, r: 13 })],
  move_only: () => [shape('circle', { cx: 50, cy: 50, r: 12, fill: 'none', 'stroke-width': 6 })],
  hop: () => [shape('line', { x1: 8, y1: 50, x2: 92, y2: 50, 'stroke-width': 6, 'stroke-dasharray': '12 8' }), shape('circle', { cx: 50, cy: 50, r: 12 })],
};

// A mark on a square of the board.
export const markSymbol = (kind: MarkKind | 'hop') => toElement(svg(...MARKS[kind]()));

// The diagrams draw slides as lines with arrow heads (a thin line: moves without capturing; a
// dashed one beside the line with a dot: captures over a screen), the rest as on the board.
export function diagramSymbol(mark: string): Element {
  const arrow = shape('polygon', { points: '100,50 78,36 78,64' });
  const line = (attrs: Record<string, string | number>) => shape('line', { x1: 5, y1: 50, x2: 82, y2: 50, ...attrs });
  if (mark === 'slide') return toElement(svg(line({ 'stroke-width': 11 }), arrow));
  if (mark === 'move_only') return toElement(svg(line({ 'stroke-width': 6 }), arrow));
  if (mark === 'hop') return toElement(svg(line({ 'stroke-width': 6, 'stroke-dasharray': '14 10' }), shape('circle', { cx: 44, cy: 50, r: 12 }), arrow));
  return markSymbol(mark as MarkKind);
}
