// The analysis board (/analysis?game=VARIANT&fen=START&moves=m1,m2&options=o1&from=GAMEID, or
// ?game=GAMEID): Kirin's live analysis of the position (depth, score, best lines, 1-5 of them),
// moves tried as a variation (the server plays them, giving the positions, the legal moves shown
// as dots and the moves as the game page writes them, or refuses them), stepped through with the
// arrow keys, and "play from here" against Kirin. Kirin runs in the browser (kirin_engine.ts) where it can, else
// on the server; leaving the page closes the server's stream, which stops its search.
import { browserEngine, ENGINE_LABEL, EngineRefusal, type EngineWhere, type Search } from '../../api/browser_engine';
import { ApiError, getGame, positionsAlong, variants } from '../../api/client';
import { readEvents } from '../../api/event_stream';
import type { AnalysisInfo, Side, VariantInfo } from '../../api/types';
import { analysisEventsUrl, diagramUrl } from '../../api/urls';
import { createBoard } from '../../board/create_board';
import { applyPieceStyle, setBoardSize } from '../../board/piece_style';
import { prefs } from '../../board/prefs';
import { engineHelpClosed, GAME_NAMES, sideToMove as sideToMoveOf } from '../../model/games';
import { scoreText } from '../../model/notation';
import { MULTIPV_KEY, seatTokenKey } from '../../model/storage_keys';
import { h, setTitle } from '../../widgets/dom';
import { historyView } from '../../widgets/history';
import { withGuide } from '../../widgets/piece_guide';
import { startGame } from '../../widgets/seat_tokens';

const split = (s: string | null) => (s ?? '').split(',').map((x) => x.trim()).filter(Boolean);

export async function analysisPage(root: HTMLElement) {
  const q = new URLSearchParams(location.search);
  const all = await variants();
  let v: VariantInfo | undefined = all.find((x) => x.id === q.get('game'));
  let startFen = q.get('fen') ?? '', base = split(q.get('moves')), options = split(q.get('options'));
  let from = q.get('from');
  // The positions the server gave for a line of moves: fens[i] after moves[0..i); notation[i]
  // is moves[i] as the game page writes it.
  let line: { moves: string[]; fens: string[]; notation: string[] } = { moves: [], fens: [], notation: [] };
  // The legal moves after a line of moves (joined by commas), as the server gave them.
  const legalAfter = new Map<string, string[]>();
  if (!v && q.get('game')) {
    // A game's id: analyse its whole record.
    const g = await getGame(q.get('game')!, '');
    v = all.find((x) => x.id === g.game)!;
    startFen = g.start_fen;
    base = g.moves;
    options = g.options;
    from = g.id;
    line = { moves: g.moves, fens: g.positions, notation: g.notation };
  }
  if (!v) throw new Error(`no game '${q.get('game') ?? ''}': open the analysis board from a game, or with ?game=${all.map((x) => x.id).join('|')}`);
  // Fair play: the players of a game between two people analyse it once it has ended.
  if (from) {
    const g = await getGame(from, localStorage.getItem(seatTokenKey(from)) ?? '').catch(() => null);
    if (g && engineHelpClosed(g)) {
      root.replaceChildren(h('p', { class: 'error', 'data-testid': 'analysis-closed' }, 'The analysis board opens for the players of this game when it has ended.'),
        h('p', {}, h('a', { href: `/g/${from}` }, '‹ Back to the game')));
      return;
    }
  }
  const variant = v;
  setTitle(`Analysis board · ${GAME_NAMES[variant.id] ?? variant.name}`);
  if (!startFen) startFen = variant.start_fen;
  const gameMoves = [...base];
  let variation: string[] = [];
  let multipv = Number(localStorage.getItem(MULTIPV_KEY)) || 1;

  root.innerHTML = '';
  const boardBox = h('div', { class: 'board-box' });
  const status = h('div', { class: 'status', 'data-testid': 'analysis-status' });
  const error = h('div', { class: 'error', 'data-testid': 'analysis-error' });
  const lines = h('div', { class: 'pv-lines', 'data-testid': 'pv-lines' });
  const where = h('span', { class: 'hint', 'data-testid': 'engine-where' });
  // The line as a way through it: click a move, or step with the buttons and the arrow keys.
  const moveHistory = historyView(() => { showBoard(); analyse(); });
  const moveList = moveHistory.el;
  moveList.classList.add('variation');
  moveList.dataset.testid = 'variation';
  const pvSel = h('select', { 'data-testid': 'multipv' }, ...[1, 2, 3, 4, 5].map((n) => h('option', { value: String(n) }, `${n} line${n > 1 ? 's' : ''}`))) as HTMLSelectElement;
  pvSel.value = String(multipv);
  pvSel.onchange = () => {
    multipv = Number(pvSel.value);
    localStorage.setItem(MULTIPV_KEY, String(multipv));
    analyse();
  };
  const running = h('input', { type: 'checkbox', checked: '', 'data-testid': 'engine-on' }) as HTMLInputElement;
  running.onchange = () => analyse();
  const typed = h('input', { placeholder: variant.id === 'xiangqi' ? 'a move, e.g. h2e2' : 'a move, e.g. 7i7h or 7g7f7e', class: 'move-input', 'data-testid': 'move-input' }) as HTMLInputElement;
  typed.onkeydown = (e) => { if (e.key === 'Enter') tryMove(typed.value.trim()); };
  const strength = h('select', {}, ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => h('option', { value: String(n) }, `Level ${n}`))) as HTMLSelectElement;
  strength.value = '4';
  const playError = h('div', { class: 'error' });

  const panel = h('div', { class: 'panel' },
    h('h2', {}, `Analysis · ${GAME_NAMES[variant.id] ?? variant.name}`),
    from ? h('p', {}, h('a', { href: `/g/${from}` }, '‹ Back to the game')) : '',
    h('div', { class: 'engine-bar' }, h('label', {}, running, ' Kirin'), h('label', {}, 'Show ', pvSel), where),
    status, lines, error,
    h('h3', {}, 'Moves'), h('div', { class: 'history' }, moveHistory.nav, moveList),
    h('div', { class: 'try-move' }, typed, h('button', { onclick: () => tryMove(typed.value.trim()) }, 'Try'),
      h('button', { onclick: () => { variation.pop(); show(true); analyse(); }, 'data-testid': 'variation-undo' }, 'Undo'),
      h('button', { onclick: () => { variation = []; base = [...gameMoves]; show(true); analyse(); } }, 'Reset'),
      h('button', { onclick: flip, 'data-testid': 'analysis-flip', title: 'Flip the board (f)' }, 'Flip board')),
    h('p', { class: 'hint' }, 'Move pieces on the board, type a move, or click a move of a line to try it; click a move above, or use the arrow keys, to go back to it.'),
    h('h3', {}, 'Play from here'),
    h('div', { class: 'play-here' }, 'Against Kirin', strength, h('button', { class: 'primary', onclick: playFromHere, 'data-testid': 'play-from-here' }, 'Play')),
    playError,
    // Diagram: the position on the board, drawn by the server with the board's piece style.
    h('h3', {}, 'Diagram'),
    h('div', {}, ...(['svg', 'png'] as const).map((format) => h('a', { class: 'button', target: '_blank', href: '#', 'data-testid': `analysis-diagram-${format}`,
      onclick: (e: Event) => {
        (e.currentTarget as HTMLAnchorElement).href = diagramUrl({ game: variant.id, fen: startFen, moves: shownMoves(), pieces: prefs().style, orientation, options }, format);
      } }, `Diagram (${format.toUpperCase()})`))),
  );
  root.append(h('div', { class: 'game-layout' }, boardBox, panel));
  const p = prefs();
  setBoardSize(p.size);
  applyPieceStyle(variant, p.style);

  const allMoves = () => [...base, ...variation];
  // The moves up to the position on the board: what Kirin analyses, and where play starts from.
  const shownMoves = () => allMoves().slice(0, moveHistory.shown());
  const sideToMove = (fen: string): Side => sideToMoveOf(variant.id, fen);
  // Every move hands the turn over: the side to move on the board, without its position.
  const sideAfterLine = (): Side => {
    const first = sideToMove(startFen) === 'first';
    return first === (shownMoves().length % 2 === 0) ? 'first' : 'second';
  };
  // The positions the page has for allMoves(): those of `line` as far as its moves are the same.
  const sameMoves = () => {
    const moves = allMoves();
    let n = 0;
    while (n < moves.length && n < line.moves.length && moves[n] === line.moves[n]) n++;
    return n;
  };
  const knownFens = () => line.fens.slice(0, sameMoves() + 1);
  const board = withGuide(createBoard({ variant, el: boardBox, onMove: tryMove, orientation: 'first', options }));
  let orientation: Side = 'first';
  function flip() {
    board.flip();
    orientation = orientation === 'first' ? 'second' : 'first';
  }
  document.addEventListener('keydown', (e) => {
    if (e.key === 'f' && !(e.target as HTMLElement).closest('input, textarea, select') && !e.ctrlKey && !e.metaKey && !e.altKey) flip();
  });

  // A move tried on the position shown: the line goes on from there (the moves after it, if
  // the board showed an earlier position, are dropped).
  function tryMove(move: string) {
    if (!move) return;
    typed.value = '';
    extend([move]);
    analyse(move);
  }
  function extend(moves: string[]) {
    const kept = shownMoves();
    base = kept.slice(0, Math.min(base.length, kept.length));
    variation = [...kept.slice(base.length), ...moves];
    show(true);
  }

  // The moves at once (as the server writes them once it has); `toEnd`: the board goes to the
  // end of the line.
  function show(toEnd = false) {
    const moves = allMoves(), known = sameMoves();
    moveHistory.update(moves, line.notation.slice(0, known));
    moveList.querySelectorAll('li').forEach((li, i) => li.classList.toggle('tried', i >= base.length));
    if (toEnd) moveHistory.go(moves.length);
    else showBoard();
    if (knownFens().length < moves.length + 1) loadPositions(moves);
  }

  // The position on the board once the server has given it (a move made on the board stands
  // there meanwhile), with its legal moves as dots.
  function showBoard() {
    const moves = shownMoves(), fens = knownFens();
    if (fens.length < moves.length + 1) return;
    const fen = fens[moves.length], legal = legalAfter.get(moves.join(','));
    boardBox.dataset.fen = fen;
    const turn = sideToMove(fen);
    board.update({ fen, legal: legal ?? [], lastMove: moves[moves.length - 1] ?? null, check: false, me: turn, turn });
    if (!legal) loadPositions(moves);
  }

  // Asks the server for the positions along `moves` and the legal moves after them; a refusal
  // takes the move just tried back.
  let asked = 0;
  async function loadPositions(moves: string[]) {
    const mine = ++asked;
    try {
      const along = await positionsAlong({ game: variant.id, fen: startFen, moves, options });
      const { positions: fens } = along;
      if (fens.length !== moves.length + 1) throw new ApiError(`the server gave ${fens.length} positions for ${moves.length} moves`);
      legalAfter.set(moves.join(','), along.legal_moves);
      // A shorter line than the one known (the legal moves of an earlier position) keeps it.
      if (moves.length >= sameMoves()) line = { moves, fens, notation: along.notation };
      if (mine !== asked) return;
      show();
    } catch (e) {
      if (mine !== asked || allMoves().join(',') !== moves.join(',')) return;
      const message = (e as Error).message;
      if (!(e instanceof ApiError) || !refused(moves[moves.length - 1], message)) error.textContent = message;
    }
  }

  let stream: AbortController | null = null;
  let search: Search | null = null;
  let generation = 0;
  let waiting: ReturnType<typeof setTimeout> | undefined;
  const infos = new Map<number, AnalysisInfo>();
  // A new position stops the analysis under way and starts one after a short pause: stepping
  // through moves costs one of the server's analyses (it allows a few a minute), not one a step.
  // `tried`: a move just added, taken back if the server refuses the position.
  function analyse(tried?: string, pause = 300) {
    ++generation;
    stream?.abort();
    stream = null;
    search?.stop();
    search = null;
    clearTimeout(waiting);
    infos.clear();
    lines.innerHTML = '';
    error.textContent = '';
    if (!running.checked) {
      status.textContent = 'Kirin is off.';
      return;
    }
    status.textContent = 'Kirin is thinking…';
    waiting = setTimeout(() => run(tried), pause);
  }

  function showInfo(d: AnalysisInfo) {
    const color = variant.colors[sideAfterLine() === 'first' ? 0 : 1];
    infos.set(d.multipv ?? 1, d);
    const top = infos.get(1) ?? d;
    status.textContent = `Depth ${top.depth} · ${Math.round((top.nps ?? 0) / 1000)} kN/s · scores for ${color} (to move)`;
    status.dataset.depth = String(top.depth);
    drawLines();
  }

  const showDone = (best: string | null) => { status.textContent += best ? ` · done, best ${best}` : ' · no legal move'; };

  // The position was refused, so the move just tried was not legal: take it back.
  function refused(tried: string | undefined, message: string): boolean {
    if (!tried || variation[variation.length - 1] !== tried) return false;
    variation.pop();
    show(true);
    analyse();
    error.textContent = `${tried}: ${message}`;  // after analyse(), which clears it
    return true;
  }

  function showWhere(w: EngineWhere) {
    where.textContent = ` · ${ENGINE_LABEL[w]}`;
    where.dataset.where = w;
  }

  // In the browser when it can (the same search to depth 40 or 60 s as the server's), else on the server.
  async function run(tried?: string) {
    const mine = generation;
    const engine = await browserEngine();
    if (mine !== generation) return;
    if (!engine) return runOnServer(tried);
    showWhere('browser');
    search = engine.search({ game: variant.id, fen: startFen, moves: shownMoves(), options }, 'go depth 40 movetime 60000', multipv, {
      onInfo: showInfo,
      onDone: showDone,
      onError: (e) => {
        if (mine !== generation) return;
        if (!(e instanceof EngineRefusal)) return runOnServer(tried);
        if (!refused(tried, e.message)) {
          status.textContent = '';
          error.textContent = e.message;
        }
      },
    });
  }

  function runOnServer(tried?: string) {
    showWhere('server');
    stream = readEvents(analysisEventsUrl(variant.id, startFen, shownMoves(), options, multipv, from), (name, data) => {
      const d = JSON.parse(data);
      if (name === 'info') showInfo(d);
      else if (name === 'done') showDone(d.best);
    }, (message, code, retryAfter) => {
      // 400: the server refused the position, so the move just tried was not legal.
      if (code === 400 && refused(tried, message)) return;
      // Over the server's rate, or its engines all busy: wait as it says, then ask again.
      if (code === 429 || code === 503) {
        const seconds = Math.max(1, retryAfter);
        status.textContent = `Kirin is busy (${message}); asking again in ${seconds} s.`;
        waiting = setTimeout(() => runOnServer(tried), seconds * 1000);
        return;
      }
      status.textContent = '';
      error.textContent = message;
    });
  }

  function drawLines() {
    lines.innerHTML = '';
    for (const [n, i] of [...infos].sort((a, b) => a[0] - b[0])) {
      const pv = h('span', { class: 'pv' });
      i.pv.forEach((m, k) => pv.append(h('a', { href: '#', onclick: (e: Event) => { e.preventDefault(); extend(i.pv.slice(0, k + 1)); analyse(); } }, m), ' '));
      lines.append(h('div', { class: 'pv-line', 'data-testid': 'pv-line', 'data-multipv': String(n) },
        h('span', { class: 'score' }, scoreText(i)), h('span', { class: 'depth' }, `d${i.depth}`), pv));
    }
  }

  async function playFromHere() {
    playError.textContent = '';
    try {
      await startGame({ game: variant.id, options, fen: startFen, moves: shownMoves(), color: sideAfterLine(), opponent: { kind: 'kirin', strength: Number(strength.value) } });
    } catch (e) {
      playError.textContent = (e as Error).message;
    }
  }

  window.addEventListener('pagehide', () => { stream?.abort(); search?.stop(); });
  show(true);
  analyse(undefined, 0);
}
