// The game page: board, players and clocks, the result, offers, the move history, live updates,
// rematch, links to the analysis board and the record, and a finished game's computer analysis.
// GameCtrl holds the state and the actions; this file lays the views out and wires them.
import { currentAccount, getGame, pieceGuideData, variants } from '../../api/client';
import { followEvents } from '../../api/event_stream';
import type { GameState, PieceInfo, Side, VariantInfo } from '../../api/types';
import { gameEventsUrl } from '../../api/urls';
import { createBoard } from '../../board/create_board';
import { playSound } from '../../board/sound';
import { t } from '../../i18n';
import { errorText } from '../../model/error_words';
import { challengedAccount, colorOf, gameName, other, pieceCount, sideToMove } from '../../model/games';
import { moveNumber, serverNotation } from '../../model/notations';
import { seatName } from '../../model/players';
import { resultText } from '../../model/result_words';
import { inviteKey, seatTokenKey } from '../../model/storage_keys';
import { chatView } from '../../widgets/chat';
import { h, setTitle } from '../../widgets/dom';
import { gameAnalysisView } from '../../widgets/game_analysis';
import { applyBoardLook } from '../../widgets/board_look';
import { boardSettings } from '../../widgets/board_settings';
import { askKirin } from '../../widgets/hint';
import { historyView } from '../../widgets/history';
import { notationFor, notationMenu } from '../../widgets/notation_menu';
import { withGuide } from '../../widgets/piece_guide';
import { typedMoveInput } from '../../widgets/typed_move';
import { gameButtons } from './game_actions';
import { GameCtrl } from './game_ctrl';
import { gameLinks, gameTitle, recordBox } from './game_panel';
import { playerRows } from './player_rows';

// A player's link (/g/ID#TOKEN, the opponent's invitation) gives its token to this browser's
// storage and leaves the address bar: a copied or shared address is then a watcher's.
function seatToken(id: string): string {
  const hashToken = location.hash.slice(1);
  if (hashToken) {
    localStorage.setItem(seatTokenKey(id), hashToken);
    history.replaceState(null, '', location.pathname + location.search);
  }
  return hashToken || localStorage.getItem(seatTokenKey(id)) || '';
}

// The status line: whose move, or what the game waits for.
function statusText(g: GameState, me: Side | null, v: VariantInfo): string {
  if (g.status === 'waiting') return t(me ? 'game.status.waitingYours' : 'game.status.open');
  if (g.status === 'cancelled') return t('game.status.cancelled');
  if (g.status === 'aborted') return t('game.status.aborted');
  if (g.status === 'over') return '';  // the banner says it
  const turn = g.side_to_move;
  const status = t(me === turn ? 'game.status.toMoveYours' : me ? 'game.status.toMoveTheirs' : 'game.status.toMove', { side: colorOf(v, turn) });
  return g.check ? t('game.status.check', { status }) : status;
}

// The challenger's line while the challenge waits, none once the game has started: an open
// challenge is in the lobby, one by name is told to that player (its free seat names the account,
// docs/api.md); either is also joined by its plain link.
function showInvite(el: HTMLElement, g: GameState, me: Side | null) {
  el.hidden = g.status !== 'waiting' || !me;
  if (el.hidden) return;
  const named = challengedAccount(g);
  el.firstElementChild!.textContent = named ? t('game.namedLink', { name: named }) : t('game.inLobby');
}

// A move typed in the player's notation, on the player's turn.
function typedMove(c: GameCtrl) {
  return c.me ? typedMoveInput(c.v.id, () => c.notation, () => {
    const g = c.state;
    return g.status === 'playing' && g.side_to_move === c.me ? { fen: g.fen, legal: g.legal_moves, options: g.options } : null;
  }, (move) => c.send('move', { move })) : '';
}

// The pieces' moves, for premoves on the shogi boards (chessgroundx knows xiangqi's): fetched
// once; no premove until they came.
function premovePieces(v: VariantInfo, options: string[]): () => PieceInfo[] | undefined {
  let pieces: PieceInfo[] | undefined;
  if (v.id !== 'xiangqi') pieceGuideData(v.id, options).then((d) => { pieces = d.pieces; }, () => {});
  return () => pieces;
}

// The newest state, with the positions after every ply (positions_from 0), its moves in the
// player's notation (known once the game is).
async function firstState(id: string, token: string) {
  const unwritten = await getGame(id, token);
  const notation = await notationFor(unwritten.game);
  return { notation, first: notation === serverNotation(unwritten.game) ? unwritten : await getGame(id, token, notation) };
}

export async function gamePage(root: HTMLElement, id: string) {
  const token = seatToken(id);
  const all = await variants();
  const { first, notation } = await firstState(id, token);
  const v = all.find((x) => x.id === first.game)!;
  const account = (await currentAccount())?.name ?? null;
  applyBoardLook(v);
  const boardBox = h('div', { class: 'board-box' });
  const status = h('div', { class: 'status', 'data-testid': 'status' });
  const banner = h('div', { class: 'result-banner', 'data-testid': 'result', hidden: '' });
  const error = h('div', { class: 'error' });
  const lost = h('div', { class: 'connection-lost', 'data-testid': 'connection-lost', role: 'status', hidden: '' });
  const rows = playerRows(v);
  const c: GameCtrl = new GameCtrl(id, v, first, token, account, {
    changed: (before) => redraw(before),
    error: (message) => { error.textContent = message; },
    seated: () => {
      if (c.me === 'second') board.flip();
      rows.place(c.bottom);
    },
  }, notation);
  const moveHistory = historyView(() => showBoard(), false, (i) => moveNumber(v.id, sideToMove(v.id, first.start_fen), i));
  const computerAnalysis = gameAnalysisView({
    id, game: v.id, colors: [colorOf(v, 'first'), colorOf(v, 'second')], firstMovesFirst: sideToMove(v.id, first.start_fen) === 'first', notation: () => c.notation,
    go: (ply) => moveHistory.go(ply), marked: (marks) => moveHistory.setMarks(marks),
  });
  // The players' and the spectators' chat.
  const chat = chatView({ id, token, player: !!c.me, account, over: first.status === 'over' });
  const shownMoves = () => c.state.moves.slice(0, moveHistory.shown());
  const buttons = gameButtons(c, {
    flip: () => {
      board.flip();
      c.bottom = other(c.bottom);
      rows.place(c.bottom);
    },
    analyse: () => {
      const q = new URLSearchParams({ game: v.id, fen: c.state.start_fen, moves: shownMoves().join(','), options: c.state.options.join(','), from: id });
      location.href = `/analysis?${q}`;
    },
    ask: (out) => askKirin({ game: v.id, fen: c.state.start_fen, moves: shownMoves(), options: c.state.options }, out, c.notation),
  });
  const invite = h('p', { class: 'invite', 'data-testid': 'challenge-link', hidden: '' }, h('span', {}), h('input', { readonly: '', value: `${location.origin}/g/${id}` }));
  const panel = h('div', { class: 'panel' }, gameTitle(v, first),
    rows.topRow, banner, status, buttons.offers.el, error, buttons.actions.el,
    h('div', { class: 'history' }, moveHistory.nav, moveHistory.el),
    typedMove(c),
    rows.bottomRow,
    gameLinks(id, localStorage.getItem(inviteKey(id)), first.status === 'over'),
    chat.el,
    invite,
    // Another notation: the stream again in it (its first state is whole), the analysis read again.
    boardSettings(v, notationMenu(v.id, (n) => { c.notation = n; live.restart(); computerAnalysis.renotate(); })),
    recordBox(id, v, () => ({ state: c.state, moves: shownMoves(), bottom: c.bottom }), () => c.notation));
  root.replaceChildren(lost, h('div', { class: 'game-layout' }, boardBox, panel, computerAnalysis.el));
  const board = withGuide(createBoard({ variant: v, el: boardBox, onMove: (move) => c.send('move', { move }), orientation: c.bottom, options: first.options, pieces: premovePieces(v, first.options) }));

  // The board at the ply the history shows: the live position (with its legal moves) at the
  // end, a read-only earlier one (the server's) before it.
  function showBoard() {
    const g = c.state, ply = moveHistory.shown();
    const atEnd = ply === g.moves.length;
    computerAnalysis.shown(ply);
    boardBox.classList.toggle('looking-back', !atEnd);
    boardBox.dataset.fen = atEnd ? g.fen : g.positions[ply] ?? '';
    if (atEnd) {
      const playing = g.status === 'playing';
      board.update({ fen: g.fen, legal: playing ? g.legal_moves : [], lastMove: g.last_move, check: g.check, me: c.me, turn: g.side_to_move, premove: playing && !!c.me && c.me !== g.side_to_move });
      return;
    }
    const fen = g.positions[ply];
    board.update({ fen, legal: [], lastMove: ply ? g.moves[ply - 1] : null, check: false, me: null, turn: sideToMove(v.id, fen) });
  }

  function redraw(before: number) {
    const g = c.state, fens = g.positions;
    showInvite(invite, g, c.me);
    rows.show(g, c.me);
    status.textContent = statusText(g, c.me, v);
    status.dataset.ply = String(g.ply);
    status.dataset.status = g.status;
    status.hidden = !status.textContent;
    setTitle(t('titles.gameOf', { game: gameName(v.id), first: seatName(g.players.first), second: seatName(g.players.second) }));
    banner.hidden = g.status !== 'over';
    if (g.status === 'over') banner.textContent = resultText(g, v);
    moveHistory.update(g.moves, g.notation ?? []);
    if (g.moves.length > before && fens.length === g.moves.length + 1) playSound(pieceCount(fens[g.moves.length]) < pieceCount(fens[g.moves.length - 1]) ? 'capture' : 'move');
    buttons.offers.redraw();
    buttons.actions.redraw();
    computerAnalysis.gameOver(g.status === 'over');
    chat.gameOver(g.status === 'over');
    showBoard();
    c.followRematch();
  }

  rows.place(c.bottom);
  c.take(first);
  if (first.status === 'over') moveHistory.go(first.moves.length);
  const live = followGame(c, { lost, rows, computerAnalysis, chat });
}

// The game live. A lost connection is said at once, the clocks stop, and the page reconnects;
// the first state of each stream (a whole one) brings it up to date and is taken as it is.
// `restart`: the stream again, in the notation the player now has.
function followGame(c: GameCtrl, views: {
  lost: HTMLElement; rows: ReturnType<typeof playerRows>;
  computerAnalysis: { onEvent(data: string): void }; chat: { onEvent(data: string): void };
}): { restart(): void } {
  let stop = follow(c, views);
  return { restart: () => { stop(); stop = follow(c, views); } };
}

function follow(c: GameCtrl, views: Parameters<typeof followGame>[1]): () => void {
  const { lost, rows } = views;
  return followEvents(gameEventsUrl(c.id, c.notation), {
    onEvent: (name, data, first) => {
      if (name === 'state') c.take(JSON.parse(data), first);
      else if (name === 'analysis') views.computerAnalysis.onEvent(data);
      else if (name === 'chat') views.chat.onEvent(data);
    },
    onLost: (retryIn) => {
      rows.lost();
      lost.hidden = false;
      lost.textContent = retryIn >= 2000 ? t('game.lostIn', { count: Math.round(retryIn / 1000) }) : t('game.lost');
    },
    onBack: () => {
      rows.back();
      lost.hidden = true;
    },
    onRefused: (message) => {
      lost.hidden = false;
      lost.textContent = t('game.noLive', { message: errorText(message) });
    },
  }, c.token);
}
