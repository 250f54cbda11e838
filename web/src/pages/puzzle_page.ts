// Puzzles of one game (/puzzles/GAME), one after another from data/puzzles: the solver's moves
// are checked by the server, the theme is shown, and after three wrong tries the answer may be
// asked for. Where the solver got to is kept in localStorage. Moves are written in the player's
// notation (the menu under the moves).
import { getPuzzle, puzzleSolution, tryPuzzle, variants } from '../api/client';
import { GAME_NAMES } from '../model/games';
import { puzzleKey } from '../model/storage_keys';
import { h, setTitle } from '../widgets/dom';
import { notationFor, notationMenu } from '../widgets/notation_menu';
import { solveView } from '../widgets/solve_view';

const TRIES = 3;
const saved = (game: string) => parseInt(localStorage.getItem(puzzleKey(game)) ?? '0') || 0;

export async function puzzlePage(root: HTMLElement, game: string) {
  const v = (await variants()).find((x) => x.id === game);
  if (!v) throw new Error(`no puzzles for ${game}`);
  const asked = parseInt(new URLSearchParams(location.search).get('n') ?? '');
  await show(root, v.id, Number.isFinite(asked) ? asked : saved(v.id));
}

async function show(root: HTMLElement, game: string, n: number) {
  const v = (await variants()).find((x) => x.id === game)!;
  let puzzle = await getPuzzle(game, n).catch(() => null);
  if (!puzzle && n > 0) puzzle = await getPuzzle(game, (n = 0));
  if (!puzzle) throw new Error(`no puzzles for ${game}`);
  localStorage.setItem(puzzleKey(game), String(n));
  history.replaceState(null, '', `/puzzles/${game}?n=${n}`);
  setTitle(`${GAME_NAMES[game] ?? v.name} puzzle ${n + 1}`);
  let wrong = 0;
  const answerBox = h('div', { class: 'solution' });
  const answer = h('button', { 'data-testid': 'puzzle-answer', onclick: async () => view.showSolution(await puzzleSolution(game, n), answerBox) }, 'Show the answer') as HTMLButtonElement;
  answer.hidden = true;
  const next = h('button', { 'data-testid': 'puzzle-next', onclick: () => show(root, game, (n + 1) % puzzle!.count) }, 'Next puzzle');
  const view = solveView(v, puzzle, (m, notation) => tryPuzzle(game, n, m, notation), (j) => {
    if (j.verdict === 'solved') {
      view.status.textContent = 'Solved!';
      localStorage.setItem(puzzleKey(game), String((n + 1) % puzzle!.count));
    } else if (j.verdict === 'correct') {
      const them = v.colors[puzzle!.side === 'first' ? 1 : 0];
      view.status.textContent = `Right. ${them} answers ${j.reply_notation ?? j.reply}: find the next move.`;
    } else {
      wrong += 1;
      view.status.textContent = `${j.move_notation ?? j.move} is not it. Try again.` + (wrong < TRIES ? ` (${wrong}/${TRIES})` : '');
      answer.hidden = wrong < TRIES;
    }
  }, await notationFor(game));
  const side = v.colors[puzzle.side === 'first' ? 0 : 1];
  view.status.textContent = `${side} to move: find the best move.`;
  root.replaceChildren(h('div', { class: 'game-layout solve-page' }, view.boardBox,
    h('div', { class: 'panel' },
      h('h2', {}, `${GAME_NAMES[game] ?? v.name} puzzle ${n + 1} of ${puzzle.count}`),
      h('p', { class: 'hint' }, 'Puzzles of ', ...Object.entries(GAME_NAMES).flatMap(([id, name], i) =>
        [i ? ', ' : '', h('a', { href: `/puzzles/${id}`, 'data-testid': `puzzles-${id}` }, name)])),
      h('p', { class: 'theme', 'data-testid': 'puzzle-theme' }, `Theme: ${puzzle.theme}`),
      view.status,
      view.moveList,
      h('p', { class: 'prefs' }, notationMenu(game, (notation) => view.renotate(notation))),
      h('div', {}, answer, ' ', next),
      answerBox)));
}
