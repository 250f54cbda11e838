// The 12x12 shogi games on lishogi's shogiground: drops from the hands, promotion choice, and
// Lion double moves by two steps (the first step's square highlighted until the second).
import { Shogiground } from 'shogiground';
import type { Api } from 'shogiground/api';
import type { Key, Piece, PieceName } from 'shogiground/types';

import type { Side, VariantInfo } from '../api/types';
import { parseShogiMove, type ShogiMove } from '../model/notation';
import { roleOf } from '../model/pieces';
import type { BoardPosition, BoardSetup, BoardView } from './board_view';
import { shogiGuideBoard } from './guide_boards';

const color = (s: Side) => (s === 'first' ? 'sente' : 'gote');

// The elements shogiground draws into: the board, and the hands above and below it when the
// game has drops. Shared by the game page and the position editor.
export function shogiFrame(variant: VariantInfo) {
  const div = (className: string) => Object.assign(document.createElement('div'), { className });
  const wrap = div(`shogi-board d-${variant.files}x${variant.ranks}`);
  const boardEl = div('board-el');
  if (!variant.drops) {
    wrap.append(boardEl);
    return { wrap, boardEl, hands: undefined };
  }
  const top = div('hand hand-top'), bottom = div('hand hand-bottom');
  wrap.append(top, boardEl, bottom);
  return { wrap, boardEl, hands: { top, bottom } };
}

export function shogiBoard(setup: BoardSetup): BoardView {
  const { variant, onMove } = setup;
  const tokenOfRole = new Map(variant.kinds.map((k) => [roleOf(k.token), k.token]));
  const roleOfToken = (t: string) => (tokenOfRole.has(roleOf(t)) ? roleOf(t) : undefined);
  const promoted = new Map(variant.kinds.filter((k) => k.promotes_to).map((k) => [roleOf(k.token), roleOf(k.promotes_to)]));
  const demoted = new Map([...promoted].map(([a, b]) => [b, a]));
  let moves: ShogiMove[] = [];
  let current: BoardPosition | null = null;
  let pendingLion: { orig: Key; mid: Key } | null = null;
  // A free move (analysis board) may promote when a promotable piece starts or ends in the far
  // four ranks; the promotion dialog asks, and the server judges.
  const farRanks = (k: Key, c: string) => (c === 'sente' ? 'abcd' : 'ijkl').includes(k[k.length - 1]);
  const mayPromoteFree = (o: Key, d: Key) => {
    const piece = current?.free ? sg.state.pieces.get(o) : undefined;
    return !!piece && promoted.has(piece.role) && (farRanks(o, piece.color) || farRanks(d, piece.color));
  };

  const { wrap, boardEl, hands } = shogiFrame(variant);
  const lionBar = document.createElement('div');
  lionBar.className = 'lion-bar';
  lionBar.hidden = true;
  wrap.append(lionBar);
  setup.el.appendChild(wrap);

  const find = (pred: (m: ShogiMove) => boolean) => moves.filter(pred);
  const sg: Api = Shogiground(
    {
      orientation: color(setup.orientation),
      coordinates: { enabled: true, files: 'numeric', ranks: 'engine' },
      scaleDownPieces: false,
      forsyth: {
        fromForsyth: (s: string) => roleOfToken(s),
        toForsyth: (r: string) => tokenOfRole.get(r)?.toLowerCase(),
      },
      hands: { roles: variant.hand_kinds.map(roleOf) },
      highlight: { lastDests: true, check: true, checkRoles: variant.kinds.filter((k) => k.royal).map((k) => roleOf(k.token)) },
      animation: { enabled: true, duration: 150 },
      promotion: {
        promotesTo: (r: string) => promoted.get(r),
        unpromotesTo: (r: string) => demoted.get(r),
        movePromotionDialog: (o: Key, d: Key) => mayPromoteFree(o, d) ||
          find((m) => m.from === o && m.to === d && !m.mid && m.promote).length > 0 &&
          find((m) => m.from === o && m.to === d && !m.mid && !m.promote).length > 0,
        forceMovePromotion: (o: Key, d: Key) =>
          find((m) => m.from === o && m.to === d && !m.mid && !m.promote).length === 0 &&
          find((m) => m.from === o && m.to === d && !m.mid && m.promote).length > 0,
      },
      movable: { showDests: true, events: { after: onBoardMove } },
      droppable: { showDests: true, events: { after: afterDrop } },
      drawable: { enabled: true },
    },
    { board: boardEl, hands },
  );


  function afterMove(orig: Key, dest: Key, prom: boolean) {
    const doubles = find((m) => m.from === orig && m.mid === dest);
    if (doubles.length === 0) {
      onMove(`${orig}${dest}${prom ? '+' : ''}`);
      return;
    }
    // A Lion's first step: wait for the second (or for "stop here" when a single step is legal).
    const single = find((m) => m.from === orig && m.to === dest && !m.mid);
    sg.set({
      turnColor: sg.state.activeColor as any,
      movable: { dests: new Map([[dest, doubles.map((m) => m.to as Key)]]) },
      droppable: { dests: new Map() },
      selected: dest,
      drawable: { squares: [{ key: dest, className: 'lion-mid' }] },
    });
    lionBar.hidden = false;
    lionBar.innerHTML = '';
    const note = document.createElement('span');
    note.textContent = 'Lion: choose the second step';
    lionBar.append(note);
    if (single.length) lionBar.append(button('Stop here', () => finish(single[0].text)));
    lionBar.append(button('Cancel', () => current && update(current)));
    pendingLion = { orig, mid: dest };
  }
  function finish(text: string) {
    pendingLion = null;
    lionBar.hidden = true;
    onMove(text);
  }

  function afterDrop(piece: Piece, key: Key) {
    onMove(`${tokenOfRole.get(piece.role)}*${key}`);
  }

  function button(label: string, fn: () => void) {
    const b = document.createElement('button');
    b.textContent = label;
    b.onclick = fn;
    return b;
  }

  // The second step of a Lion move comes as a move from the first step's square.
  function onBoardMove(o: Key, d: Key, prom: boolean) {
    if (pendingLion && o === pendingLion.mid) finish(`${pendingLion.orig}${o}${d}`);
    else afterMove(o, d, prom);
  }

  function update(p: BoardPosition) {
    current = p;
    pendingLion = null;
    lionBar.hidden = true;
    moves = p.legal.map(parseShogiMove).filter((m): m is ShogiMove => m !== null);
    const [board, side, hands] = p.fen.split(' ');
    const dests = new Map<Key, Key[]>();
    const drops = new Map<PieceName, Key[]>();
    const mine = p.me === p.turn || !!p.free;
    if (mine && !p.free) {
      for (const m of moves) {
        if (m.drop) {
          const name: PieceName = `${color(p.turn)} ${roleOf(m.drop)}`;
          drops.set(name, [...(drops.get(name) ?? []), m.to as Key]);
        } else {
          const first = (m.mid ?? m.to) as Key;
          const list = dests.get(m.from as Key) ?? [];
          if (!list.includes(first)) list.push(first);
          dests.set(m.from as Key, list);
        }
      }
    }
    const last = p.lastMove ? parseShogiMove(p.lastMove) : null;
    sg.set({
      // An empty string would leave the hands as they are (stepping back to before a capture);
      // '-' empties them.
      sfen: { board, hands: hands || '-' },
      turnColor: side === 'b' ? 'sente' : 'gote',
      activeColor: p.free ? color(p.turn) : mine && p.me ? color(p.me) : undefined,
      checks: p.check ? (side === 'b' ? 'sente' : 'gote') : false,
      lastDests: last ? ([last.from, last.mid, last.to].filter(Boolean) as Key[]) : undefined,
      lastPiece: last?.drop ? { role: roleOf(last.drop), color: side === 'b' ? 'gote' : 'sente' } : undefined,
      movable: { dests, free: !!p.free },
      droppable: { dests: drops, free: !!p.free },
      drawable: { squares: [] },
    });
  }

  return {
    update,
    flip: () => sg.toggleOrientation(),
    guide: shogiGuideBoard(variant, wrap, sg, () => setup.options ?? []),
    destroy: () => {
      sg.destroy();
      wrap.remove();
    },
  };
}
