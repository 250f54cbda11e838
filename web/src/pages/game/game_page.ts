// The game page: board, players and clocks, the result, offers, the move history, live updates,
// rematch, links to the analysis board and the record, and a finished game's computer analysis.
import { act, currentAccount, getGame, getRecord, variants } from '../../api/client';
import { followEvents } from '../../api/event_stream';
import type { GameState, Side } from '../../api/types';
import { diagramUrl, gameEventsUrl } from '../../api/urls';
import { createBoard } from '../../board/create_board';
import { applyPieceStyle, setBoardSize } from '../../board/piece_style';
import { prefs, savePrefs } from '../../board/prefs';
import { muted, playSound, setMuted } from '../../board/sound';
import { clockText, timeControlText } from '../../model/clock';
import { allPositions } from '../../model/game_state';
import { engineHelpClosed, GAME_NAMES, movedBy, other, pieceCount, resultText, SIDES, sideToMove } from '../../model/games';
import { FORMAT_NAMES, recordFormats } from '../../model/notation';
import type { PieceStyle } from '../../model/pieces';
import { seatName } from '../../model/players';
import { describeOptions } from '../../model/rule_options';
import { inviteKey, seatTokenKey } from '../../model/storage_keys';
import { chatView } from '../../widgets/chat';
import { copyButton, h, oneAtATime, setTitle } from '../../widgets/dom';
import { gameAnalysisView } from '../../widgets/game_analysis';
import { askKirin } from '../../widgets/hint';
import { historyView } from '../../widgets/history';
import { withGuide } from '../../widgets/piece_guide';
import { myName, seatView } from '../../widgets/players';

export async function gamePage(root: HTMLElement, id: string) {
  // A player's link (/g/ID#TOKEN, the opponent's invitation) gives its token to this browser's
  // storage and leaves the address bar: a copied or shared address is then a watcher's.
  const hashToken = location.hash.slice(1);
  if (hashToken) {
    localStorage.setItem(seatTokenKey(id), hashToken);
    history.replaceState(null, '', location.pathname + location.search);
  }
  let token = hashToken || localStorage.getItem(seatTokenKey(id)) || '';
  const all = await variants();
  // The newest state, with the positions after every ply (positions_from 0).
  let state = await getGame(id, token);
  const v = all.find((x) => x.id === state.game)!;
  let me: Side | null = state.you ?? null;

  root.innerHTML = '';
  const boardBox = h('div', { class: 'board-box' });
  const status = h('div', { class: 'status', 'data-testid': 'status' });
  const banner = h('div', { class: 'result-banner', 'data-testid': 'result', hidden: '' });
  const offers = h('div', { class: 'offers', 'data-testid': 'offers' });
  // A player row per side: name and clock. The clocks tick here from the last state the server
  // sent; the server keeps the real time.
  const clockEls: Record<Side, HTMLElement> = {
    first: h('div', { class: 'clock', 'data-testid': 'clock-first' }),
    second: h('div', { class: 'clock', 'data-testid': 'clock-second' }),
  };
  const nameEls: Record<Side, HTMLElement> = {
    first: h('div', { class: 'player-name', 'data-testid': 'name-first' }),
    second: h('div', { class: 'player-name', 'data-testid': 'name-second' }),
  };
  const rows: Record<Side, HTMLElement> = {
    first: h('div', { class: 'player-row' }, nameEls.first, clockEls.first),
    second: h('div', { class: 'player-row' }, nameEls.second, clockEls.second),
  };
  let clockAt = performance.now();
  // While the connection is lost the clocks stand at what the server last said: whether time
  // ran out meanwhile is the server's to say once the page is back.
  let connected = true, stoppedAt = 0;
  const tick = () => {
    const c = state.clock;
    for (const side of SIDES) {
      clockEls[side].hidden = !c;
      if (!c) continue;
      const running = connected && c.running === side;
      const ms = (side === 'first' ? c.first_ms : c.second_ms) - (c.running === side ? (connected ? performance.now() : stoppedAt) - clockAt : 0);
      const el = clockEls[side];
      el.textContent = `${clockText(ms)}${(side === 'first' ? c.first_byoyomi : c.second_byoyomi) ? ' (byoyomi)' : ''}`;
      el.classList.toggle('running', running);
      el.classList.toggle('low', ms < 10000);
    }
  };
  setInterval(tick, 100);
  const error = h('div', { class: 'error' });
  const lost = h('div', { class: 'connection-lost', 'data-testid': 'connection-lost', role: 'status', hidden: '' });
  const actions = h('div', { class: 'actions' });
  const record = h('textarea', { class: 'record', readonly: '', rows: '5', 'data-testid': 'record' }) as HTMLTextAreaElement;
  const formatSel = h('select', {}, ...recordFormats(v.id).map((f) => h('option', { value: f }, FORMAT_NAMES[f]))) as HTMLSelectElement;
  const showRecord = async () => {
    try {
      record.value = (await getRecord(id, formatSel.value)).text;
    } catch (e) {
      record.value = (e as Error).message;
    }
  };
  formatSel.onchange = showRecord;
  const styleSel = h('select', {}, ...(['kanji', 'mnemonic', 'letters'] as PieceStyle[]).map((s) => h('option', { value: s }, s))) as HTMLSelectElement;
  const size = h('input', { type: 'range', min: '280', max: '900', step: '20' }) as HTMLInputElement;
  const sound = h('input', { type: 'checkbox', 'data-testid': 'sound' }) as HTMLInputElement;
  sound.checked = !muted();
  sound.onchange = () => setMuted(!sound.checked);
  const invite = localStorage.getItem(inviteKey(id));
  const moveHistory = historyView(() => showBoard());
  const firstMovesFirst = sideToMove(v.id, state.start_fen) === 'first';
  const computerAnalysis = gameAnalysisView({
    id, game: v.id, colors: v.colors, firstMovesFirst, go: (ply) => moveHistory.go(ply), marked: (marks) => moveHistory.setMarks(marks),
  });
  // The players' and the spectators' chat.
  const account = (await currentAccount())?.name ?? null;
  const chat = chatView({ id, token, player: !!me, account, over: state.status === 'over' });
  // Diagram: the shown position as Kirin draws it, with the board's piece style and side.
  const diagram = (format: 'svg' | 'png') => diagramUrl({
    game: v.id, fen: state.start_fen, moves: state.moves.slice(0, moveHistory.shown()), pieces: styleSel.value, orientation: bottom, options: state.options ?? [],
  }, format);
  const rules = state.options.length ? describeOptions(v.id, state.options) : '';
  const topRow = h('div', { class: 'top-row' }), bottomRow = h('div', { class: 'bottom-row' });
  const panel = h('div', { class: 'panel' },
    h('h2', {}, GAME_NAMES[v.id] ?? v.name, rules ? h('span', { class: 'rules' }, ` · ${rules}`) : '',
      // Rated or not, and the time control: what a player agreed to, as lishogi says above its board.
      h('span', { class: 'rules', 'data-testid': 'game-info' }, ` · ${state.rated ? 'Rated' : 'Unrated'} · ${timeControlText(state.clock)}`),
      h('a', { class: 'learn-link', href: `/learn/${v.id}`, 'data-testid': 'learn-link' }, 'pieces and rules')),
    topRow, banner, status, offers, error, actions,
    h('div', { class: 'history' }, moveHistory.nav, moveHistory.el),
    bottomRow,
    // Links to hand out: the game's (anyone may watch), and the opponent's seat while it is theirs to take.
    h('p', { class: 'links' },
      copyButton('Copy watching link', `${location.origin}/g/${id}`, 'copy-watch-link'),
      invite && state.status !== 'over' ? copyButton('Copy opponent\'s link', `${location.origin}/g/${id}#${invite}`, 'copy-opponent-link') : ''),
    // An open challenge is also joined by its plain link.
    chat.el,
    state.status === 'waiting' && me ? h('p', { class: 'invite', 'data-testid': 'challenge-link' }, 'It is in the lobby; or send this link: ', h('input', { readonly: '', value: `${location.origin}/g/${id}` })) : '',
    h('details', { class: 'settings' }, h('summary', {}, 'Board and sound'),
      h('div', { class: 'prefs' }, h('label', {}, 'Pieces ', styleSel), h('label', {}, 'Size ', size), h('label', {}, sound, ' Sound'))),
    h('details', { class: 'record-box' }, h('summary', { onclick: showRecord }, 'Record and diagrams'), h('label', {}, 'Format ', formatSel), record,
      ...(['svg', 'png'] as const).map((format) => h('a', { class: 'button', target: '_blank', href: '#', 'data-testid': `diagram-${format}`,
        onclick: (e: Event) => { (e.currentTarget as HTMLAnchorElement).href = diagram(format); } },
      `Diagram of the shown position (${format.toUpperCase()})`))),
  );
  root.append(lost, h('div', { class: 'game-layout' }, boardBox, panel, computerAnalysis.el));

  const p = prefs();
  styleSel.value = p.style;
  size.value = String(p.size);
  setBoardSize(p.size);
  applyPieceStyle(v, p.style);
  styleSel.onchange = () => { savePrefs({ style: styleSel.value as PieceStyle }); applyPieceStyle(v, styleSel.value as PieceStyle); };
  size.oninput = () => {
    setBoardSize(Number(size.value));
    savePrefs({ size: Number(size.value) });
    window.dispatchEvent(new Event('resize'));
  };

  const setup = { variant: v, el: boardBox, onMove: sendMove, orientation: me ?? 'first', options: state.options };
  const board = withGuide(createBoard(setup));
  // The player's own row below the board side, the opponent's above (as the board is oriented).
  let bottom: Side = me ?? 'first';
  const placeRows = () => {
    topRow.replaceChildren(rows[other(bottom)]);
    bottomRow.replaceChildren(rows[bottom]);
  };

  async function send(verb: string, extra: object = {}) {
    error.textContent = '';
    try {
      render(await act(id, verb, token, extra));
    } catch (e) {
      error.textContent = (e as Error).message;
      render(state);
    }
  }
  function sendMove(move: string) { send('move', { move }); }

  // The board at the ply the history shows: the live position (with its legal moves) at the
  // end, a read-only earlier one (the server's) before it.
  function showBoard() {
    const g = state, ply = moveHistory.shown();
    const atEnd = ply === g.moves.length;
    computerAnalysis.shown(ply);
    boardBox.classList.toggle('looking-back', !atEnd);
    boardBox.dataset.fen = atEnd ? g.fen : g.positions[ply] ?? '';
    if (atEnd) {
      board.update({ fen: g.fen, legal: g.status === 'playing' ? g.legal_moves : [], lastMove: g.last_move, check: g.check, me, turn: g.side_to_move });
      return;
    }
    const fen = g.positions[ply];
    board.update({ fen, legal: [], lastMove: ply ? g.moves[ply - 1] : null, check: false, me: null, turn: sideToMove(v.id, fen) });
  }

  function offerRow(text: string, ...buttons: HTMLElement[]) {
    offers.append(h('div', { class: 'offer' }, h('span', {}, text), ...buttons));
  }
  // A button acts once however often it is clicked: it is disabled while its request runs.
  const btn = (label: string, fn: () => unknown, testid?: string) => h('button', { onclick: oneAtATime(fn), ...(testid ? { 'data-testid': testid } : {}) }, label);

  function renderOffers(g: GameState) {
    offers.innerHTML = '';
    if (!me) return;
    const them = other(me);
    if (g.status === 'over' && g.rematch && !g.rematch.game) {
      if (g.rematch.offer === them) offerRow('Your opponent offers a rematch.', btn('Accept', () => send('rematch', { action: 'accept' }), 'rematch-accept'), btn('Decline', () => send('rematch', { action: 'decline' }), 'rematch-decline'));
      else if (g.rematch.offer === me) offerRow('You offered a rematch; waiting for your opponent.');
    }
    if (g.status !== 'playing') return;
    if (g.draw_offer === them) offerRow('Your opponent offers a draw.', btn('Accept', () => send('draw', { action: 'accept' }), 'draw-accept'), btn('Decline', () => send('draw', { action: 'decline' }), 'draw-decline'));
    else if (g.draw_offer === me) offerRow('You offered a draw.');
    if (g.takeback_request === them) offerRow('Your opponent asks to take back a move.', btn('Accept', () => send('takeback', { action: 'accept' }), 'takeback-accept'), btn('Decline', () => send('takeback', { action: 'decline' }), 'takeback-decline'));
    else if (g.takeback_request === me) offerRow('You asked to take back a move.');
    if (g.impasse_claim === them) offerRow('Your opponent claims impasse: agree to end the game by the point count, or play on.', btn('Agree', () => send('impasse'), 'impasse-accept'));
    else if (g.impasse_claim === me) offerRow('You claimed impasse; waiting for your opponent.');
  }

  function renderActions(g: GameState) {
    actions.innerHTML = '';
    actions.append(btn('Flip board', () => {
      board.flip();
      bottom = other(bottom);
      placeRows();
    }));
    const analyse = () => {
      const q = new URLSearchParams({ game: v.id, fen: g.start_fen, moves: g.moves.slice(0, moveHistory.shown()).join(','), options: g.options.join(','), from: id });
      location.href = `/analysis?${q}`;
    };
    const hint = h('span', { class: 'hint', 'data-testid': 'hint' });
    const ask = () => askKirin({ game: v.id, fen: g.start_fen, moves: g.moves.slice(0, moveHistory.shown()), options: g.options }, hint);
    if (!engineHelpClosed({ ...g, you: me })) actions.append(btn('Analyse', analyse, 'analyse'), btn('Ask Kirin', ask, 'ask-kirin'), hint);
    if (g.status === 'waiting') {
      // A challenge by name: its free seat names an account (and no display name yet).
      const named = SIDES.map((s) => g.players[s]).find((p) => p.kind === 'human' && p.account && !p.player)?.account;
      if (me) actions.append(btn('Cancel the challenge', () => send('cancel'), 'cancel'));
      else if (!named) actions.append(btn('Accept the challenge', join, 'join'));
      else if (named.toLowerCase() === account?.toLowerCase())
        actions.append(btn('Accept the challenge', join, 'join'), btn('Decline', () => send('decline'), 'decline'));
      else actions.append(h('p', { class: 'hint', 'data-testid': 'named-challenge' }, `A challenge to ${named}.`));
      return;
    }
    const humanOpponent = me && g.players[other(me)].kind === 'human';
    if (g.status === 'playing' && me) {
      // Before each side has moved a game is aborted, not resigned (as on lishogi).
      if (g.abortable) actions.append(btn('Abort', () => send('abort'), 'abort'));
      else actions.append(btn('Resign', () => confirm('Resign this game?') && send('resign'), 'resign'));
      if (humanOpponent && g.draw_offer !== me && g.draw_offer !== other(me)) actions.append(btn('Offer draw', () => send('draw', { action: 'offer' }), 'draw-offer'));
      if (g.casual && movedBy(g, me) && g.takeback_request !== other(me)) actions.append(btn('Take back', () => send('takeback', { action: 'request' }), 'takeback'));
      // Under xiangqi's repetition=vary, an idle repetition is a draw only when claimed.
      if (g.repetition_claimable) actions.append(btn('Claim a draw (repetition)', () => send('draw', { action: 'claim' }), 'draw-claim'));
      // Only where the claim would stand: both Kings in their promotion zones.
      if (v.impasse && g.impasse_claimable && g.impasse_claim !== me && g.impasse_claim !== other(me)) actions.append(btn('Claim impasse', () => send('impasse'), 'impasse-claim'));
    }
    const r = g.rematch;
    if (g.status === 'over' && r?.game) actions.append(btn('Go to the rematch', () => goToRematch(r.game!), 'rematch-go'));
    else if (g.status === 'over' && me) {
      if (!r?.offer) actions.append(h('button', { class: 'primary', onclick: oneAtATime(() => send('rematch', { action: 'offer' })), 'data-testid': 'rematch' }, 'Rematch'));
    }
  }

  function goToRematch(newId: string) {
    if (token && me) localStorage.setItem(seatTokenKey(newId), token);
    location.href = `/g/${newId}`;
  }

  async function join() {
    error.textContent = '';
    try {
      const g = await act(id, 'join', '', { name: await myName() });
      // Logged in, the session is the seat: no token is kept.
      if (g.token && !(await currentAccount())) {
        token = g.token;
        localStorage.setItem(seatTokenKey(id), token);
      }
      me = g.you ?? null;
      bottom = me ?? 'first';
      if (me === 'second') board.flip();
      placeRows();
      render(g);
    } catch (e) {
      error.textContent = (e as Error).message;
    }
  }

  // `whole`: the first state of a (re)opened event stream, taken as it is: after a lost
  // connection the page resynchronises even if it meets a lower version (a restored database).
  function render(next: GameState, whole = false) {
    if (!whole && next.version !== undefined && state.version !== undefined && next.version < state.version) return;
    const positions = allPositions(next, state);
    if (!positions) {
      // A state that carries only its last positions, after one this page missed: ask for all.
      getGame(id, token).then(render, (e) => { error.textContent = (e as Error).message; });
      return;
    }
    const before = state.moves.length;
    state = { ...next, positions, positions_from: 0, you: me };
    const g = state;
    const fens = g.positions;
    clockAt = performance.now();
    tick();
    for (const side of SIDES) {
      // "Black · Bob (1500?) +12 (you)", the account's name a link to its page.
      nameEls[side].replaceChildren(`${v.colors[side === 'first' ? 0 : 1]} · `, seatView(g.players[side]), me === side ? ' (you)' : '');
      rows[side].classList.toggle('to-move', g.status === 'playing' && g.side_to_move === side);
    }
    const turn = g.side_to_move;
    const idx = turn === 'first' ? 0 : 1;
    if (g.status === 'waiting') status.textContent = me ? 'Waiting for an opponent to accept your challenge…' : 'An open challenge: accept it to play.';
    else if (g.status === 'cancelled') status.textContent = 'This challenge was cancelled.';
    else if (g.status === 'aborted') status.textContent = 'This game was aborted before each side had moved: it counts for nobody.';
    else if (g.status === 'over') status.textContent = '';  // the banner says it
    else status.textContent = `${v.colors[idx]} to move` + (me === turn ? ' — your turn' : me ? ' — waiting for your opponent' : '') + (g.check ? ' (check)' : '');
    status.dataset.ply = String(g.ply);
    status.dataset.status = g.status;
    setTitle(`${GAME_NAMES[v.id] ?? v.name}: ${seatName(g.players.first)} vs ${seatName(g.players.second)}`);
    status.hidden = !status.textContent;
    banner.hidden = g.status !== 'over';
    if (g.status === 'over') banner.textContent = resultText(g, v);
    moveHistory.update(g.moves, g.notation ?? []);
    if (g.moves.length > before && fens.length === g.moves.length + 1) playSound(pieceCount(fens[g.moves.length]) < pieceCount(fens[g.moves.length - 1]) ? 'capture' : 'move');
    renderOffers(g);
    renderActions(g);
    computerAnalysis.gameOver(g.status === 'over');
    chat.gameOver(g.status === 'over');
    showBoard();
    // Both players follow an agreed rematch; spectators get the button.
    if (g.rematch?.game && me && !rematchFollowed) {
      rematchFollowed = true;
      goToRematch(g.rematch.game);
    }
  }

  placeRows();
  let rematchFollowed = !!state.rematch?.game;  // an old game's rematch is offered, not followed
  render(state);
  if (state.status === 'over') moveHistory.go(state.moves.length);
  // The game live. A lost connection is said at once, the clocks stop, and the page reconnects;
  // the first state of each stream (a whole one) brings it up to date and is taken as it is.
  followEvents(gameEventsUrl(id), {
    onEvent: (name, data, first) => {
      if (name === 'state') render(JSON.parse(data), first);
      else if (name === 'analysis') computerAnalysis.onEvent(data);
      else if (name === 'chat') chat.onEvent(data);
    },
    onLost: (retryIn) => {
      if (connected) stoppedAt = performance.now();
      connected = false;
      lost.hidden = false;
      lost.textContent = `Connection lost: reconnecting${retryIn >= 2000 ? ` in ${Math.round(retryIn / 1000)} s` : ''}…`;
      tick();
    },
    onBack: () => {
      connected = true;
      lost.hidden = true;
    },
    onRefused: (message) => {
      lost.hidden = false;
      lost.textContent = `No live updates: ${message}`;
    },
  }, token);
}
