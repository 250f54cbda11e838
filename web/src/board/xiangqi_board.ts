// Xiangqi on chessgroundx. Kirin writes squares as ICCS (files a-i, ranks 0-9); chessgroundx
// counts ranks 1..9 then ':' for the tenth.
import { Chessground } from 'chessgroundx';
import type { Api } from 'chessgroundx/api';
import type { Key } from 'chessgroundx/types';

import type { Side } from '../api/types';
import type { BoardPosition, BoardSetup, BoardView } from './board_view';
import { xiangqiGuideBoard } from './guide_boards';

const RANKS = '123456789:';
const toKey = (sq: string) => (sq[0] + RANKS[Number(sq.slice(1))]) as Key;
const toSquare = (k: string) => k[0] + RANKS.indexOf(k[1]);
const color = (s: Side) => (s === 'first' ? 'white' : 'black');
export const XIANGQI_DIMENSIONS = { width: 9, height: 10 };

// The board drawn behind the pieces: lines through the cell centres, river and palaces.
function boardSvg(): string {
  const x = (f: number) => ((f + 0.5) * 100) / 9, y = (r: number) => ((r + 0.5) * 100) / 10;
  const ln = (a: number, b: number, c: number, d: number) =>
    `<line x1="${x(a)}" y1="${y(b)}" x2="${x(c)}" y2="${y(d)}"/>`;
  let s = '';
  for (let r = 0; r < 10; r++) s += ln(0, r, 8, r);
  for (let f = 0; f < 9; f++) s += f === 0 || f === 8 ? ln(f, 0, f, 9) : ln(f, 0, f, 4) + ln(f, 5, f, 9);
  s += ln(3, 0, 5, 2) + ln(5, 0, 3, 2) + ln(3, 7, 5, 9) + ln(5, 7, 3, 9);
  const river = `<text x="50" y="50" font-size="4" text-anchor="middle" dominant-baseline="central" fill="#6b4a1f" stroke="none">楚 河　　　漢 界</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" preserveAspectRatio="none"><rect width="100" height="100" fill="#e8c98f"/><g stroke="#6b4a1f" stroke-width="0.35">${s}</g>${river}</svg>`;
}

// The element chessgroundx draws into, with the board's lines behind it. Shared by the game page
// and the position editor.
export function xiangqiFrame() {
  const wrap = document.createElement('div');
  wrap.className = 'xiangqi-board';
  const el = document.createElement('div');
  el.className = 'board-el';
  el.style.backgroundImage = `url("data:image/svg+xml;utf8,${encodeURIComponent(boardSvg())}")`;
  wrap.append(el);
  return { wrap, el };
}

// ICCS coordinates beside the board (files a-i below, ranks 0-9 on the right), turned with it.
function coordinates(wrap: HTMLElement) {
  const row = (className: string, labels: string[]) => {
    const el = document.createElement('div');
    el.className = `xq-coords ${className}`;
    for (const l of labels) el.append(Object.assign(document.createElement('span'), { textContent: l }));
    wrap.append(el);
  };
  row('files', [...'abcdefghi']);
  row('ranks', [...'9876543210']);
}

export function xiangqiBoard(setup: BoardSetup): BoardView {
  const { wrap, el } = xiangqiFrame();
  coordinates(wrap);
  wrap.classList.toggle('flipped', setup.orientation === 'second');
  setup.el.appendChild(wrap);
  const cg: Api = Chessground(el, {
    dimensions: XIANGQI_DIMENSIONS,
    orientation: color(setup.orientation),
    kingRoles: ['k-piece'],
    coordinates: false,
    animation: { enabled: true, duration: 150 },
    highlight: { lastMove: true, check: true },
    movable: {
      free: false,
      showDests: true,
      events: { after: (orig: Key, dest: Key) => setup.onMove(toSquare(orig) + toSquare(dest)) },
    },
    draggable: { enabled: true },
    premovable: { enabled: false },
  });
  return {
    update(p: BoardPosition) {
      const dests = new Map<Key, Key[]>();
      if (p.me === p.turn)
        for (const m of p.legal) {
          const o = toKey(m.slice(0, 2)), d = toKey(m.slice(2, 4));
          dests.set(o, [...(dests.get(o) ?? []), d]);
        }
      cg.set({
        fen: p.fen.split(' ')[0],
        turnColor: color(p.turn),
        check: p.check ? color(p.turn) : false,
        lastMove: p.lastMove ? [toKey(p.lastMove.slice(0, 2)), toKey(p.lastMove.slice(2, 4))] : undefined,
        movable: { color: p.free ? color(p.turn) : p.me === p.turn && p.me ? color(p.me) : undefined, dests, free: !!p.free },
      });
    },
    flip: () => {
      cg.toggleOrientation();
      wrap.classList.toggle('flipped');
    },
    guide: xiangqiGuideBoard(setup.variant, wrap, cg, () => setup.options ?? []),
    destroy: () => {
      cg.destroy();
      wrap.remove();
    },
  };
}
