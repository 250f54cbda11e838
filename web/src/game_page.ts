// The game page: board, turn, moves, the players' actions, live updates, analysis and export.
import { act, analyse, type GameState, getGame, getRecord, type Side, variants, type VariantInfo } from './api';
import type { BoardView } from './board';
import { diagramUrl } from './downloads';
import { applyPieceStyle, type PieceStyle } from './pieces';
import { shogiBoard } from './shogi_board';
import { h, prefs, savePrefs } from './ui';
import { xiangqiBoard } from './xiangqi_board';

export const GAME_NAMES: Record<string, string> = { chushogi: 'Chu Shogi', chuseireigi: 'Chu Seireigi', xiangqi: 'Xiangqi' };

const other = (s: Side): Side => (s === 'first' ? 'second' : 'first');

// 1:05:03, 4:59, 9.8 (tenths under 10 s), 2d 03:00 for correspondence.
function clockText(ms: number): string {
  if (ms < 10000) return (Math.max(0, ms) / 1000).toFixed(1);
  const s = Math.floor(ms / 1000), d = Math.floor(s / 86400), hh = Math.floor((s % 86400) / 3600), mm = Math.floor((s % 3600) / 60), ss = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (d) return `${d}d ${two(hh)}:${two(mm)}`;
  return hh ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

function resultText(g: GameState, v: VariantInfo): string {
  if (g.result === '1/2-1/2') return `Draw (${g.reason})`;
  const winner = g.result === '1-0' ? 0 : 1;
  return `${v.colors[winner]} wins (${g.reason})`;
}

export async function gamePage(root: HTMLElement, id: string) {
  const hashToken = location.hash.slice(1);
  if (hashToken) localStorage.setItem(`kirin-token-${id}`, hashToken);
  const token = hashToken || localStorage.getItem(`kirin-token-${id}`) || '';
  const all = await variants();
  let state = await getGame(id, token);
  const v = all.find((x) => x.id === state.game)!;
  const me: Side | null = state.you ?? null;

  root.innerHTML = '';
  const boardBox = h('div', { class: 'board-box' });
  const status = h('div', { class: 'status', 'data-testid': 'status' });
  // The clocks tick here from the last state the server sent; the server keeps the real time.
  const clockEls: Record<Side, HTMLElement> = {
    first: h('div', { class: 'clock', 'data-testid': 'clock-first' }),
    second: h('div', { class: 'clock', 'data-testid': 'clock-second' }),
  };
  const clocks = h('div', { class: 'clocks' }, clockEls.first, clockEls.second);
  let clockAt = performance.now();
  const tick = () => {
    const c = state.clock;
    clocks.hidden = !c;
    if (!c) return;
    for (const side of ['first', 'second'] as Side[]) {
      const ms = (side === 'first' ? c.first_ms : c.second_ms) - (c.running === side ? performance.now() - clockAt : 0);
      const el = clockEls[side];
      el.textContent = `${v.colors[side === 'first' ? 0 : 1]} ${clockText(ms)}${(side === 'first' ? c.first_byoyomi : c.second_byoyomi) ? ' (byoyomi)' : ''}`;
      el.classList.toggle('running', c.running === side);
      el.classList.toggle('low', ms < 10000);
    }
  };
  setInterval(tick, 100);
  const error = h('div', { class: 'error' });
  const moveList = h('ol', { class: 'moves', 'data-testid': 'moves' });
  const actions = h('div', { class: 'actions' });
  const analysisOut = h('div', { class: 'analysis' });
  const record = h('textarea', { class: 'record', readonly: '', rows: '6', 'data-testid': 'record' }) as HTMLTextAreaElement;
  const formats = v.id === 'xiangqi' ? ['usi', 'pgn', 'chinese'] : ['usi', 'gc', 'kif'];
  const formatNames: Record<string, string> = { usi: 'SFEN/FEN + moves', gc: 'Game Courier', kif: 'KIF', pgn: 'PGN', chinese: 'PGN, Chinese' };
  const formatSel = h('select', {}, ...formats.map((f) => h('option', { value: f }, formatNames[f]))) as HTMLSelectElement;
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
  const invite = localStorage.getItem(`kirin-invite-${id}`);
  const panel = h('div', { class: 'panel' },
    h('h2', {}, GAME_NAMES[v.id] ?? v.name),
    clocks, status, error, actions,
    h('div', { class: 'prefs' }, h('label', {}, 'Pieces ', styleSel), h('label', {}, 'Size ', size)),
    invite ? h('p', { class: 'invite' }, 'Invite your opponent: ', h('input', { readonly: '', value: `${location.origin}/g/${id}#${invite}` })) : '',
    h('h3', {}, 'Moves'), moveList,
    h('h3', {}, 'Analysis'), h('button', { onclick: runAnalysis }, 'Ask Kirin'), analysisOut,
    h('h3', {}, 'Record'), h('label', {}, 'Format ', formatSel), record,
  );
  root.append(h('div', { class: 'game-layout' }, boardBox, panel));

  const p = prefs();
  styleSel.value = p.style;
  size.value = String(p.size);
  document.documentElement.style.setProperty('--board-size', `${p.size}px`);
  applyPieceStyle(v, p.style);
  styleSel.onchange = () => { savePrefs({ style: styleSel.value as PieceStyle }); applyPieceStyle(v, styleSel.value as PieceStyle); };
  size.oninput = () => {
    document.documentElement.style.setProperty('--board-size', `${size.value}px`);
    savePrefs({ size: Number(size.value) });
    window.dispatchEvent(new Event('resize'));
  };

  const setup = { variant: v, el: boardBox, onMove: sendMove, orientation: me ?? 'first' };
  let orientation: Side = setup.orientation;  // follows "Flip board", for the diagrams
  const board: BoardView = v.id === 'xiangqi' ? xiangqiBoard(setup) : shogiBoard(setup);

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

  async function runAnalysis() {
    analysisOut.textContent = 'Kirin is thinking…';
    try {
      const a = await analyse({ game: v.id, options: state.options, fen: state.start_fen, moves: state.moves });
      // Mate scores count plies from 30000 (src/search/score.h).
      const mate = Math.abs(a.score) >= 30000 - 128;
      const moves = a.score > 0 ? Math.floor((30000 - a.score + 1) / 2) : -Math.floor((30000 + a.score) / 2);
      const value = mate ? `mate in ${moves}` : (a.score / 100).toFixed(2);
      analysisOut.textContent = a.best
        ? `Evaluation ${value} for the side to move (depth ${a.depth}). Best line: ${a.line.join(' ')}`
        : 'No legal move.';
    } catch (e) {
      analysisOut.textContent = (e as Error).message;
    }
  }

  function render(g: GameState) {
    if (g.version !== undefined && state.version !== undefined && g.version < state.version) return;
    state = { ...g, you: me };
    clockAt = performance.now();
    tick();
    const turn = g.side_to_move;
    const idx = turn === 'first' ? 0 : 1;
    status.textContent = g.status === 'over'
      ? resultText(g, v)
      : `${v.colors[idx]} to move` + (me === turn ? ' — your turn' : me ? ' — waiting for your opponent' : '') + (g.check ? ' (check)' : '');
    status.dataset.ply = String(g.ply);
    moveList.innerHTML = '';
    g.moves.forEach((m, i) => moveList.append(h('li', { value: String(i + 1), title: m, 'data-move': m }, g.notation?.[i] ?? m)));
    moveList.scrollTop = moveList.scrollHeight;
    showRecord();
    actions.innerHTML = '';
    const playing = g.status === 'playing' && me !== null;
    const btn = (label: string, fn: () => void) => h('button', { onclick: fn }, label);
    actions.append(btn('Flip board', () => { board.flip(); orientation = other(orientation); }));
    // Diagram: the shown position as Kirin draws it, with the board's piece style and side.
    const diagram = (format: 'svg' | 'png') => diagramUrl({
      game: v.id, fen: g.start_fen, moves: g.moves, pieces: styleSel.value, orientation, options: g.options ?? [],
    }, format);
    for (const format of ['svg', 'png'] as const)
      actions.append(h('a', { class: 'button', target: '_blank', href: diagram(format), 'data-testid': `diagram-${format}`,
        onclick: (e: Event) => { (e.currentTarget as HTMLAnchorElement).href = diagram(format); } },
      `Diagram (${format.toUpperCase()})`));
    if (playing && me) {
      actions.append(btn('Resign', () => confirm('Resign this game?') && send('resign')));
      if (g.draw_offer === other(me)) actions.append(btn('Accept draw', () => send('draw', { action: 'accept' })), btn('Decline draw', () => send('draw', { action: 'decline' })));
      else if (g.players[other(me)].kind === 'human') actions.append(btn('Offer draw', () => send('draw', { action: 'offer' })));
      if (g.casual) {
        if (g.takeback_request === other(me)) actions.append(btn('Accept take-back', () => send('takeback', { action: 'accept' })));
        else actions.append(btn('Take back', () => send('takeback', { action: 'request' })));
      }
      if (v.impasse) actions.append(btn(g.impasse_claim === other(me) ? 'Agree to impasse' : 'Claim impasse', () => send('impasse')));
    }
    board.update({ fen: g.fen, legal: g.status === 'playing' ? g.legal_moves : [], lastMove: g.last_move, check: g.check, me, turn });
  }

  render(state);
  const events = new EventSource(`/api/games/${id}/events`);
  events.addEventListener('state', (e) => render(JSON.parse((e as MessageEvent).data)));
}
