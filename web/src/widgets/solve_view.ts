// A board to solve on, shared by the problem and puzzle pages: the solver moves, the server
// judges (`judge`), Kirin's answer is played, and a solution can be stepped through. The moves
// are listed in the player's notation, written by the server (GET /api/positions).
import { writeLine } from '../api/move_writer';
import type { Solution, ToSolve, VariantInfo, Verdict } from '../api/types';
import { createBoard } from '../board/create_board';
import { t } from '../i18n';
import { errorText } from '../model/error_words';
import { applyBoardLook } from './board_look';
import { moveNumber, numberedMove } from '../model/notations';
import { h } from './dom';
import { withGuide } from './piece_guide';

export interface SolveView {
  boardBox: HTMLElement;
  status: HTMLElement;   // what happened, in words
  moveList: HTMLElement;
  // Steps through a solution with Back / Next buttons put into `into`.
  showSolution(answer: Solution, into: HTMLElement): Promise<void>;
  // The player chose another notation: the moves are listed again in it.
  renotate(notation: string): void;
}

// `judge`: the server's verdict on the line, its moves written in `notation`.
export function solveView(v: VariantInfo, puzzle: ToSolve, judge: (moves: string[], notation: string) => Promise<Verdict>,
  onJudged: (j: Verdict) => void, notation: string): SolveView {
  const boardBox = h('div', { class: 'board-box solve-board', 'data-testid': 'solve-board' });
  const status = h('div', { class: 'status', 'data-testid': 'solve-status' });
  const moveList = h('ol', { class: 'solve-moves', 'data-testid': 'solve-moves' });
  applyBoardLook(v);
  let line: string[] = [];
  let fen = puzzle.fen, legal = puzzle.legal_moves, busy = false, drawn = 0;
  // What the list shows now, drawn again in a new notation.
  let redrawMoves = () => {};
  const options = 'options' in puzzle ? (puzzle.options as string[]) : [];
  // A composed problem's start may lack the attacker's royal (a tsume's): written as a problem's.
  const problem = 'url' in puzzle;
  const board = withGuide(createBoard({ variant: v, el: boardBox, onMove: play, orientation: puzzle.side, options }));
  const show = (at: string, moves: string[], lastMove: string | null, canMove: boolean) => {
    boardBox.dataset.fen = at;
    board.update({ fen: at, legal: canMove ? moves : [], lastMove, check: false, me: puzzle.side, turn: puzzle.side });
  };
  // The moves from the puzzle's position as written (`text`), numbered as the game numbers them;
  // `tried(i)`: move i is marked (refused, or not yet reached in a solution).
  const drawList = (moves: string[], text: string[], tried: (i: number) => boolean) =>
    moveList.replaceChildren(...moves.map((m, i) => h('li', { class: tried(i) ? 'tried' : '', 'data-move': m },
      `${moveNumber(v.id, puzzle.side, i)} ${text[i] ?? m}`.trim())));
  // The moves written by the server first; the newest call draws.
  const write = async (moves: string[]) => {
    const mine = ++drawn, text = await writeLine({ game: v.id, fen: puzzle.fen, moves: [], options, problem }, moves, notation);
    return mine === drawn ? text : null;
  };
  const listMoves = async (moves: string[], tried: (i: number) => boolean) => {
    const text = await write(moves);
    if (text) drawList(moves, text, tried);
  };
  const drawMoves = (extra: string[] = []) => {
    const shown = [...line, ...extra], played = line.length;
    redrawMoves = () => void listMoves(shown, (i) => i >= played);
    redrawMoves();
  };

  async function play(move: string) {
    if (busy) return;
    busy = true;
    status.textContent = t('common.thinking');
    try {
      const j = await judge([...line, move], notation);
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
      status.textContent = errorText(e);
    } finally {
      busy = false;
    }
  }

  // Shown once the server has written it in the player's notation.
  async function showSolution({ solution, positions }: Solution, into: HTMLElement) {
    let at = 0, text = (await write(solution)) ?? solution;
    const label = h('span', { 'data-testid': 'solution-step' });
    const step = (to: number) => {
      at = Math.max(0, Math.min(solution.length, to));
      show(positions[at], [], at ? solution[at - 1] : null, false);
      label.textContent = at ? numberedMove(v.id, puzzle.side, at - 1, text[at - 1]) : t('solve.start');
      drawList(solution, text, (i) => i >= at);
    };
    redrawMoves = async () => {
      text = (await write(solution)) ?? text;
      step(at);
    };
    into.replaceChildren(
      h('button', { 'data-testid': 'solution-back', onclick: () => step(at - 1) }, t('solve.back')), ' ', label, ' ',
      h('button', { 'data-testid': 'solution-next', onclick: () => step(at + 1) }, t('solve.next')));
    step(0);
  }

  show(fen, legal, null, true);
  return {
    boardBox, status, moveList, showSolution,
    renotate(n) {
      notation = n;
      redrawMoves();
    },
  };
}
