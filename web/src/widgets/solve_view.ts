// A board to solve on, shared by the problem and puzzle pages: the solver moves, the server
// judges (`judge`), Kirin's answer is played, and a solution can be stepped through.
import type { Solution, ToSolve, VariantInfo, Verdict } from '../api/types';
import { createBoard } from '../board/create_board';
import { applyBoardLook } from './board_look';
import { h } from './dom';
import { withGuide } from './piece_guide';

export interface SolveView {
  boardBox: HTMLElement;
  status: HTMLElement;   // what happened, in words
  moveList: HTMLElement;
  // Steps through a solution with Back / Next buttons put into `into`.
  showSolution(answer: Solution, into: HTMLElement): void;
}

export function solveView(v: VariantInfo, puzzle: ToSolve, judge: (moves: string[]) => Promise<Verdict>,
  onJudged: (j: Verdict) => void): SolveView {
  const boardBox = h('div', { class: 'board-box solve-board', 'data-testid': 'solve-board' });
  const status = h('div', { class: 'status', 'data-testid': 'solve-status' });
  const moveList = h('ol', { class: 'solve-moves', 'data-testid': 'solve-moves' });
  applyBoardLook(v);
  let line: string[] = [];
  let fen = puzzle.fen, legal = puzzle.legal_moves, busy = false;
  const board = withGuide(createBoard({ variant: v, el: boardBox, onMove: play, orientation: puzzle.side, options: 'options' in puzzle ? (puzzle.options as string[]) : [] }));
  const show = (at: string, moves: string[], lastMove: string | null, canMove: boolean) => {
    boardBox.dataset.fen = at;
    board.update({ fen: at, legal: canMove ? moves : [], lastMove, check: false, me: puzzle.side, turn: puzzle.side });
  };
  const drawMoves = (extra: string[] = []) =>
    moveList.replaceChildren(...[...line, ...extra].map((m, i) => h('li', { class: i >= line.length ? 'tried' : '' }, `${i + 1}. ${m}`)));

  async function play(move: string) {
    if (busy) return;
    busy = true;
    status.textContent = 'Kirin is thinking…';
    try {
      const j = await judge([...line, move]);
      if (j.verdict === 'correct' || j.verdict === 'solved') {
        line.push(j.move);
        if (j.reply) line.push(j.reply);
        fen = j.fen;
        legal = j.legal_moves;
        show(fen, legal, j.reply ?? j.move, j.verdict === 'correct');
        drawMoves();
      } else {
        // The position as it was (with the refutation shown in the list and the text).
        show(fen, legal, null, true);
        drawMoves(j.refutation ? [j.move, j.refutation] : [j.move]);
      }
      onJudged(j);
    } catch (e) {
      show(fen, legal, null, true);
      status.textContent = (e as Error).message;
    } finally {
      busy = false;
    }
  }

  function showSolution({ solution, positions }: Solution, into: HTMLElement) {
    let at = 0;
    const label = h('span', { 'data-testid': 'solution-step' });
    const step = (to: number) => {
      at = Math.max(0, Math.min(solution.length, to));
      show(positions[at], [], at ? solution[at - 1] : null, false);
      label.textContent = at ? `${at}. ${solution[at - 1]}` : 'start';
      moveList.replaceChildren(...solution.map((m, i) => h('li', { class: i < at ? '' : 'tried' }, `${i + 1}. ${m}`)));
    };
    into.replaceChildren(
      h('button', { 'data-testid': 'solution-back', onclick: () => step(at - 1) }, '◀ Back'), ' ', label, ' ',
      h('button', { 'data-testid': 'solution-next', onclick: () => step(at + 1) }, 'Next ▶'));
    step(0);
  }

  show(fen, legal, null, true);
  return { boardBox, status, moveList, showSolution };
}
