// The 12x12 shogi games on lishogi's shogiground: drops from the hands, the promotion choice on
// the target square, Lion double moves by two steps (lion_steps.ts: the first step's square
// highlighted until the second, the Lion clicked again for one step), premoves and predrops.
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
import { type LionStep, lionStep } from './lion_steps';
import { predrops, shogiPremoves } from './premoves';
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
    activeColor: p.free ? color(p.turn) : (mine || p.premove) && p.me ? color(p.me) : undefined,
    checks: p.check ? (side === 'b' ? 'sente' : 'gote') : false,
    lastDests: last ? ([last.from, last.mid, last.to].filter(Boolean) as Key[]) : undefined,
    lastPiece: last?.drop ? { role: roleOf(last.drop), color: side === 'b' ? 'gote' : 'sente' } : undefined,
    movable: { dests, free: !!p.free },
    droppable: { dests: drops, free: !!p.free },
    drawable: { squares: [] },
  };
}

// The line under the board while a Lion waits for its second step: what to do, and "Cancel".
function lionBar(cancel: () => void) {
  const el = document.createElement('div');
  el.className = 'lion-bar';
  el.hidden = true;
  el.append(Object.assign(document.createElement('span'), { textContent: t('board.lionNote') }),
    Object.assign(document.createElement('button'), { textContent: t('common.cancel'), onclick: cancel }));
  return el;
}

// The move a board move stands for: the promoting or plain one as asked, else whichever is legal
// (a premove into the zone promotes where the plain move is not legal).
function boardMove(moves: ShogiMove[], o: Key, d: Key, prom: boolean): string {
  const plain = moves.filter((m) => m.from === o && m.to === d && !m.mid);
  return (plain.find((m) => m.promote === prom) ?? plain[0])?.text ?? `${o}${d}${prom ? '+' : ''}`;
}

// shogiground's settings that stay: coordinates, pieces, promotion, premoves; `on` the board's
// callbacks.
function groundConfig(setup: BoardSetup, roles: ReturnType<typeof shogiRoles>, on: {
  moves(): ShogiMove[]; mayPromoteFree(o: Key, d: Key): boolean; move(o: Key, d: Key, prom: boolean, captured: boolean): void;
  drop(piece: Piece): (key: Key) => void; unselect(key: Key): void; occupied(key: Key): boolean;
}): Config {
  const { variant } = setup;
  return {
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
      movePromotionDialog: (o: Key, d: Key) => on.mayPromoteFree(o, d) || (canPromote(on.moves(), o, d, true) && canPromote(on.moves(), o, d, false)),
      forceMovePromotion: (o: Key, d: Key) => !canPromote(on.moves(), o, d, false) && canPromote(on.moves(), o, d, true),
    },
    movable: { showDests: true, events: { after: (o, d, prom, meta) => on.move(o, d, prom, !!meta.captured) } },
    droppable: { showDests: true, events: { after: (piece, key) => on.drop(piece)(key) } },
    premovable: {
      enabled: true,
      showDests: true,
      generate: (key, pieces) => {
        const piece = pieces.get(key);
        const token = piece && roles.tokenOfRole.get(piece.role);
        return shogiPremoves(variant, setup.pieces?.(), token, piece?.color === 'sente' ? 'first' : 'second', key) as Key[];
      },
    },
    predroppable: { enabled: variant.drops, showDests: true, generate: () => predrops(variant, (k) => on.occupied(k as Key)) as Key[] },
    events: { unselect: on.unselect },
    drawable: { enabled: true },
  };
}

export function shogiBoard(setup: BoardSetup): BoardView {
  const { variant, onMove } = setup;
  const roles = shogiRoles(variant), { tokenOfRole, promoted } = roles;
  let moves: ShogiMove[] = [];
  let current: BoardPosition | null = null;
  let pendingLion: LionStep | null = null;
  // A free move (analysis board) may promote when a promotable piece starts or ends in the far
  // four ranks; the promotion dialog asks, and the server judges.
  const farRanks = (k: Key, c: string) => (c === 'sente' ? 'abcd' : 'ijkl').includes(k[k.length - 1]);
  const mayPromoteFree = (o: Key, d: Key) => {
    const piece = current?.free ? sg.state.pieces.get(o) : undefined;
    return !!piece && promoted.has(piece.role) && (farRanks(o, piece.color) || farRanks(d, piece.color));
  };

  const { wrap, boardEl, hands } = shogiFrame(variant);
  const lionEl = lionBar(() => current && update(current));
  wrap.append(lionEl);
  setup.el.appendChild(wrap);

  const sg: Api = Shogiground(groundConfig(setup, roles, {
    moves: () => moves,
    mayPromoteFree,
    move: onBoardMove,
    drop: (piece) => (key) => onMove(`${tokenOfRole.get(piece.role)}*${key}`),
    // The Lion clicked again on its first step's square: the one-step move.
    unselect: (key) => {
      if (pendingLion && key === pendingLion.mid && pendingLion.stop) finish(pendingLion.stop);
    },
    occupied: (key) => sg.state.pieces.has(key),
  }), { board: boardEl, hands });

  // A Lion's first step waits for the second; any other move is made at once.
  function afterMove(orig: Key, dest: Key, prom: boolean, captured: boolean) {
    const step = current?.free ? null : lionStep(moves, orig, dest, captured);
    if (!step) {
      onMove(current?.free ? `${orig}${dest}${prom ? '+' : ''}` : boardMove(moves, orig, dest, prom));
      return;
    }
    sg.set({
      turnColor: sg.state.activeColor as any,
      movable: { dests: new Map([[dest, [...step.targets.keys()] as Key[]]]) },
      droppable: { dests: new Map() },
      selected: dest,
      drawable: { squares: [{ key: dest, className: 'lion-mid' }] },
    });
    lionEl.hidden = false;
    pendingLion = step;
  }
  function finish(text: string) {
    pendingLion = null;
    lionEl.hidden = true;
    onMove(text);
  }

  // The second step of a Lion move comes as a move from the first step's square.
  function onBoardMove(o: Key, d: Key, prom: boolean, captured: boolean) {
    const second = pendingLion && o === pendingLion.mid ? pendingLion.targets.get(d) : undefined;
    if (second) finish(second);
    else afterMove(o, d, prom, captured);
  }

  function update(p: BoardPosition) {
    current = p;
    pendingLion = null;
    lionEl.hidden = true;
    moves = p.legal.map(parseShogiMove).filter((m): m is ShogiMove => m !== null);
    sg.set(positionConfig(p, moves));
    // A premove or predrop made while the other side thought: played now if it is legal.
    if (p.me === p.turn && moves.length && !sg.playPremove()) sg.playPredrop();
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
