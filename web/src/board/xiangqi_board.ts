// Xiangqi on chessgroundx. Kirin writes squares as ICCS (files a-i, ranks 0-9); chessgroundx
// counts ranks 1..9 then ':' for the tenth.
import { Chessground } from 'chessgroundx';
import type { Api } from 'chessgroundx/api';
import { premove } from 'chessgroundx/premove';
import type { Key } from 'chessgroundx/types';

import type { Side } from '../api/types';
import type { BoardPosition, BoardSetup, BoardView } from './board_view';
import { xiangqiGuideBoard } from './guide_boards';

const RANKS = '123456789:';
const toKey = (sq: string) => (sq[0] + RANKS[Number(sq.slice(1))]) as Key;
const toSquare = (k: string) => k[0] + RANKS.indexOf(k[1]);
const color = (s: Side) => (s === 'first' ? 'white' : 'black');
export const XIANGQI_DIMENSIONS = { width: 9, height: 10 };

// The element chessgroundx draws into; the board's lines behind it are the theme's (board/theme.ts,
// in style.css). Shared by the game page and the position editor.
export function xiangqiFrame() {
  const wrap = document.createElement('div');
  wrap.className = 'xiangqi-board';
  const el = document.createElement('div');
  el.className = 'board-el';
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
    // Premoves by chessgroundx's own xiangqi moves (squares only: the server judges the move
    // when the turn comes).
    premovable: { enabled: true, premoveFunc: premove('xiangqi', false, XIANGQI_DIMENSIONS) },
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
        movable: { color: p.free ? color(p.turn) : (p.me === p.turn || p.premove) && p.me ? color(p.me) : undefined, dests, free: !!p.free },
      });
      // A premove made while the other side thought: played now if it is legal.
      if (p.me === p.turn && dests.size) cg.playPremove();
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
