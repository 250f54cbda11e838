// The analysis board (/analysis?game=VARIANT&fen=START&moves=m1,m2&options=o1&from=GAMEID, or
// ?game=GAMEID): Kirin's live analysis of the position (depth, score, best lines, 1-5 of them),
// moves tried as a variation (the server plays them, giving the positions, the legal moves shown
// as dots and the moves as the game page writes them, or refuses them), stepped through with the
// arrow keys, and "play from here" against Kirin. AnalysisCtrl holds the line, LiveAnalysis runs
// Kirin; this file lays them out.
import { getGame, variants } from '../../api/client';
import type { Side } from '../../api/types';
import { diagramUrl } from '../../api/urls';
import { createBoard } from '../../board/create_board';
import { serverPieces } from '../../board/prefs';
import { t } from '../../i18n';
import { errorText } from '../../model/error_words';
import { engineHelpClosed, gameName, other, sideToMove } from '../../model/games';
import { moveNumber } from '../../model/notations';
import { seatTokenKey } from '../../model/storage_keys';
import { applyBoardLook } from '../../widgets/board_look';
import { boardSettings } from '../../widgets/board_settings';
import { h, setTitle } from '../../widgets/dom';
import { historyView } from '../../widgets/history';
import { notationMenu } from '../../widgets/notation_menu';
import { withGuide } from '../../widgets/piece_guide';
import { startGame } from '../../widgets/seat_tokens';
import { AnalysisCtrl } from './analysis_ctrl';
import { analysisSetup } from './analysis_setup';
import { LiveAnalysis } from './live_analysis';

// Fair play: the players of a game between two people analyse it once it has ended.
async function closedToPlayers(from: string | null): Promise<boolean> {
  if (!from) return false;
  const g = await getGame(from, localStorage.getItem(seatTokenKey(from)) ?? '').catch(() => null);
  return !!g && engineHelpClosed(g);
}

export async function analysisPage(root: HTMLElement) {
  const setup = await analysisSetup(await variants(), new URLSearchParams(location.search));
  const { variant, from } = setup;
  if (await closedToPlayers(from)) {
    root.replaceChildren(h('p', { class: 'error', 'data-testid': 'analysis-closed' }, t('analysis.closed')),
      h('p', {}, h('a', { href: `/g/${from}` }, t('common.backToGame'))));
    return;
  }
  setTitle(t('titles.analysisOf', { game: gameName(variant.id) }));
  const boardBox = h('div', { class: 'board-box' });
  // The line as a way through it: click a move, or step with the buttons and the arrow keys.
  const moveHistory = historyView(() => { c.showBoard(); live.analyse(); }, true, (i) => moveNumber(variant.id, sideToMove(variant.id, setup.startFen), i));
  const c: AnalysisCtrl = new AnalysisCtrl(setup, () => moveHistory.shown(), {
    list: (moves, notation, triedFrom, toEnd) => {
      moveHistory.update(moves, notation, triedFrom);
      if (toEnd) moveHistory.go(moves.length);
      else c.showBoard();
    },
    board: (fen, legal, lastMove, turn) => {
      boardBox.dataset.fen = fen;
      board.update({ fen, legal, lastMove, check: false, me: turn, turn });
    },
    error: (message) => { live.error.textContent = message; },
    refused: (tried, error) => live.refused(tried, error),
  });
  const live: LiveAnalysis = new LiveAnalysis(c);
  let orientation: Side = 'first';
  const flip = () => {
    board.flip();
    orientation = other(orientation);
  };
  document.addEventListener('keydown', (e) => {
    if (e.key === 'f' && !(e.target as HTMLElement).closest('input, textarea, select') && !e.ctrlKey && !e.metaKey && !e.altKey) flip();
  });
  const typed = h('input', { placeholder: t(variant.id === 'xiangqi' ? 'analysis.moveXiangqi' : 'analysis.moveShogi'), class: 'move-input', 'data-testid': 'move-input' }) as HTMLInputElement;
  // A move tried on the position shown: the line goes on from there.
  const tryMove = (move: string) => {
    if (!move) return;
    typed.value = '';
    c.extend([move]);
    live.analyse(move);
  };
  root.replaceChildren(h('div', { class: 'game-layout' }, boardBox,
    analysisPanel(c, live, { history: moveHistory, typed, tryMove, flip, orientation: () => orientation })));
  applyBoardLook(variant);
  const board = withGuide(createBoard({ variant, el: boardBox, onMove: tryMove, orientation: 'first', options: setup.options }));
  c.show(true);
  live.analyse(undefined, 0);
}

function analysisPanel(c: AnalysisCtrl, live: LiveAnalysis, page: {
  history: ReturnType<typeof historyView>; typed: HTMLInputElement; tryMove(move: string): void; flip(): void; orientation(): Side;
}): HTMLElement {
  const { variant, from } = c;
  const pvSel = h('select', { 'data-testid': 'multipv' }, ...[1, 2, 3, 4, 5].map((n) => h('option', { value: String(n) }, t('analysis.lines', { count: n })))) as HTMLSelectElement;
  pvSel.value = String(live.multipv);
  pvSel.onchange = () => live.setLines(Number(pvSel.value));
  const { typed } = page;
  const tryTyped = () => page.tryMove(typed.value.trim());
  typed.onkeydown = (e) => { if (e.key === 'Enter') tryTyped(); };
  const strength = h('select', {}, ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => h('option', { value: String(n) }, t('common.level', { level: n })))) as HTMLSelectElement;
  strength.value = '4';
  const playError = h('div', { class: 'error' });
  const playFromHere = async () => {
    playError.textContent = '';
    try {
      await startGame({ game: variant.id, options: c.options, fen: c.startFen, moves: c.shownMoves(), color: c.sideAfterLine(), opponent: { kind: 'kirin', strength: Number(strength.value) } });
    } catch (e) {
      playError.textContent = errorText(e);
    }
  };
  return h('div', { class: 'panel' },
    h('h2', {}, t('analysis.title', { game: gameName(variant.id) })),
    from ? h('p', {}, h('a', { href: `/g/${from}` }, t('common.backToGame'))) : '',
    h('div', { class: 'engine-bar' }, h('label', {}, live.running, ` ${t('analysis.kirin')}`), h('label', {}, `${t('analysis.show')} `, pvSel), live.where),
    // The notation of the moves, the lines' included: the line is written again, Kirin asked again.
    h('div', { class: 'prefs' }, notationMenu(variant.id, (n) => { c.renotate(n); live.analyse(); })),
    live.status, live.lines.el, live.error,
    h('h3', {}, t('analysis.moves')), h('div', { class: 'history' }, page.history.nav, page.history.el),
    h('div', { class: 'try-move' }, typed, h('button', { onclick: tryTyped }, t('analysis.try')),
      h('button', { onclick: () => { c.undo(); live.analyse(); }, 'data-testid': 'variation-undo' }, t('analysis.undo')),
      h('button', { onclick: () => { c.reset(); live.analyse(); } }, t('analysis.reset')),
      h('button', { onclick: page.flip, 'data-testid': 'analysis-flip', title: t('analysis.flipTitle') }, t('common.flipBoard'))),
    h('p', { class: 'hint' }, t('analysis.help')),
    h('h3', {}, t('analysis.playFromHere')),
    h('div', { class: 'play-here' }, t('analysis.againstKirin'), strength, h('button', { class: 'primary', onclick: playFromHere, 'data-testid': 'play-from-here' }, t('common.play'))),
    playError,
    // Diagram: the position on the board, drawn by the server with the board's piece style.
    h('h3', {}, t('analysis.diagram')),
    h('div', {}, ...(['svg', 'png'] as const).map((format) => h('a', { class: 'button', target: '_blank', href: '#', 'data-testid': `analysis-diagram-${format}`,
      onclick: (e: Event) => {
        (e.currentTarget as HTMLAnchorElement).href = diagramUrl({ game: variant.id, fen: c.startFen, moves: c.shownMoves(), pieces: serverPieces(variant.id), orientation: page.orientation(), options: c.options }, format);
      } }, t('common.diagram', { format: format.toUpperCase() })))),
    boardSettings(variant),
  );
}
