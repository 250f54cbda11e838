// The 12x12 shogi games on lishogi's shogiground: drops from the hands, promotion choice, and
// Lion double moves by two steps (the first step's square highlighted until the second).
import { Shogiground } from 'shogiground';
import type { Api } from 'shogiground/api';
import type { Config } from 'shogiground/config';
import type { Key, Piece, PieceName } from 'shogiground/types';

import type { Side, VariantInfo } from '../api/types';
import { t } from '../i18n';
import { parseShogiMove, type ShogiMove } from '../model/notation';
import { roleOf } from '../model/pieces';
import type { BoardPosition, BoardSetup, BoardView } from './board_view';
import { shogiGuideBoard } from './guide_boards';
import { shogiRoles } from './shogi_roles';

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

// Whether a single-step move from o to d is legal promoting (or not).
const canPromote = (moves: ShogiMove[], o: Key, d: Key, promote: boolean) =>
  moves.some((m) => m.from === o && m.to === d && !m.mid && m.promote === promote);

// Where each piece may go (a Lion's double move by its first step) and where each piece in hand
// may be dropped, as shogiground takes them.
function destinations(moves: ShogiMove[], turn: Side) {
  const dests = new Map<Key, Key[]>();
  const drops = new Map<PieceName, Key[]>();
  for (const m of moves) {
    if (m.drop) {
      const name: PieceName = `${color(turn)} ${roleOf(m.drop)}`;
      drops.set(name, [...(drops.get(name) ?? []), m.to as Key]);
    } else {
      const first = (m.mid ?? m.to) as Key;
      const list = dests.get(m.from as Key) ?? [];
      if (!list.includes(first)) list.push(first);
      dests.set(m.from as Key, list);
    }
  }
  return { dests, drops };
}

// A position as shogiground's settings: the pieces, whose move, check, the last move, and
// where the viewer's pieces may go when it is their move.
function positionConfig(p: BoardPosition, moves: ShogiMove[]): Config {
  const [board, side, hands] = p.fen.split(' ');
  const mine = p.me === p.turn || !!p.free;
  const { dests, drops } = mine && !p.free ? destinations(moves, p.turn) : { dests: new Map(), drops: new Map() };
  const last = p.lastMove ? parseShogiMove(p.lastMove) : null;
  return {
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
  };
}

// The bar under the board while a Lion waits for its second step: "Stop here" where a single
// step is legal too, and "Cancel".
function lionBar() {
  const el = document.createElement('div');
  el.className = 'lion-bar';
  el.hidden = true;
  const button = (label: string, fn: () => void) => Object.assign(document.createElement('button'), { textContent: label, onclick: fn });
  return {
    el,
    show(stop: (() => void) | null, cancel: () => void) {
      el.hidden = false;
      const note = Object.assign(document.createElement('span'), { textContent: t('guide.lionBar') });
      el.replaceChildren(note);
      if (stop) el.append(button(t('guide.stopHere'), stop));
      el.append(button(t('common.cancel'), cancel));
    },
    hide() {
      el.hidden = true;
    },
  };
}

export function shogiBoard(setup: BoardSetup): BoardView {
  const { variant, onMove } = setup;
  const roles = shogiRoles(variant), { tokenOfRole, promoted } = roles;
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
  const lion = lionBar();
  wrap.append(lion.el);
  setup.el.appendChild(wrap);

  const find = (pred: (m: ShogiMove) => boolean) => moves.filter(pred);
  const sg: Api = Shogiground(
    {
      orientation: color(setup.orientation),
      coordinates: { enabled: true, files: 'numeric', ranks: 'engine' },
      scaleDownPieces: false,
      forsyth: roles.forsyth,
      hands: roles.hands,
      highlight: { lastDests: true, check: true, checkRoles: variant.kinds.filter((k) => k.royal).map((k) => roleOf(k.token)) },
      animation: { enabled: true, duration: 150 },
      promotion: {
        promotesTo: roles.promotesTo,
        unpromotesTo: roles.unpromotesTo,
        // Ask where the move may promote or not; promote at once where it must.
        movePromotionDialog: (o: Key, d: Key) => mayPromoteFree(o, d) || (canPromote(moves, o, d, true) && canPromote(moves, o, d, false)),
        forceMovePromotion: (o: Key, d: Key) => !canPromote(moves, o, d, false) && canPromote(moves, o, d, true),
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
    lion.show(single.length ? () => finish(single[0].text) : null, () => current && update(current));
    pendingLion = { orig, mid: dest };
  }
  function finish(text: string) {
    pendingLion = null;
    lion.hide();
    onMove(text);
  }

  function afterDrop(piece: Piece, key: Key) {
    onMove(`${tokenOfRole.get(piece.role)}*${key}`);
  }

  // The second step of a Lion move comes as a move from the first step's square.
  function onBoardMove(o: Key, d: Key, prom: boolean) {
    if (pendingLion && o === pendingLion.mid) finish(`${pendingLion.orig}${o}${d}`);
    else afterMove(o, d, prom);
  }

  function update(p: BoardPosition) {
    current = p;
    pendingLion = null;
    lion.hide();
    moves = p.legal.map(parseShogiMove).filter((m): m is ShogiMove => m !== null);
    sg.set(positionConfig(p, moves));
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
