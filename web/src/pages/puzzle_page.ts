// Puzzles of one game (/puzzles/GAME), one after another from data/puzzles: the solver's moves
// are checked by the server, the theme is shown, and after three wrong tries the answer may be
// asked for. Where the solver got to is kept in localStorage. Moves are written in the player's
// notation (the menu under the moves).
import { getPuzzle, puzzleSolution, tryPuzzle, variants } from '../api/client';
import { t, tParts } from '../i18n';
import { colorOf, gameName, GAMES, other } from '../model/games';
import { puzzleKey } from '../model/storage_keys';
import { h, setTitle } from '../widgets/dom';
import { notationFor, notationMenu } from '../widgets/notation_menu';
import { solveView } from '../widgets/solve_view';

const TRIES = 3;
const saved = (game: string) => parseInt(localStorage.getItem(puzzleKey(game)) ?? '0') || 0;

// A puzzle's theme as data/puzzles names it ("fork", "mate in 3"), translated.
const THEMES: Record<string, string> = {
  'Lion trade': 'lionTrade', drop: 'drop', fork: 'fork', material: 'material', promotion: 'promotion', 'quiet move': 'quietMove',
};
function themeText(theme: string): string {
  const mate = /^mate in (\d+)$/.exec(theme);
  if (mate) return t('puzzles.themes.mateIn', { count: Number(mate[1]), plies: 2 * Number(mate[1]) - 1 });
  return THEMES[theme] ? t(`puzzles.themes.${THEMES[theme]}`) : theme;
}

export async function puzzlePage(root: HTMLElement, game: string) {
  const v = (await variants()).find((x) => x.id === game);
  if (!v) throw new Error(t('puzzles.none', { game: gameName(game) }));
  const asked = parseInt(new URLSearchParams(location.search).get('n') ?? '');
  await show(root, v.id, Number.isFinite(asked) ? asked : saved(v.id));
}

async function show(root: HTMLElement, game: string, n: number) {
  const v = (await variants()).find((x) => x.id === game)!;
  let puzzle = await getPuzzle(game, n).catch(() => null);
  if (!puzzle && n > 0) puzzle = await getPuzzle(game, (n = 0));
  if (!puzzle) throw new Error(t('puzzles.none', { game: gameName(game) }));
  localStorage.setItem(puzzleKey(game), String(n));
  history.replaceState(null, '', `/puzzles/${game}?n=${n}`);
  setTitle(t('titles.puzzle', { game: gameName(game), n: n + 1 }));
  let wrong = 0;
  const answerBox = h('div', { class: 'solution' });
  const answer = h('button', { 'data-testid': 'puzzle-answer', onclick: async () => view.showSolution(await puzzleSolution(game, n), answerBox) }, t('puzzles.showAnswer')) as HTMLButtonElement;
  answer.hidden = true;
  const next = h('button', { 'data-testid': 'puzzle-next', onclick: () => show(root, game, (n + 1) % puzzle!.count) }, t('puzzles.next'));
  const view = solveView(v, puzzle, (m, notation) => tryPuzzle(game, n, m, notation), (j) => {
    if (j.verdict === 'solved') {
      view.status.textContent = t('puzzles.solved');
      localStorage.setItem(puzzleKey(game), String((n + 1) % puzzle!.count));
    } else if (j.verdict === 'correct') {
      view.status.textContent = t('puzzles.right', { side: colorOf(v, other(puzzle!.side)), reply: j.reply_notation ?? j.reply });
    } else {
      wrong += 1;
      view.status.textContent = t('puzzles.notIt', { move: j.move_notation ?? j.move }) + (wrong < TRIES ? t('puzzles.tries', { wrong, tries: TRIES }) : '');
      answer.hidden = wrong < TRIES;
    }
  }, await notationFor(game));
  view.status.textContent = t('puzzles.toMove', { side: colorOf(v, puzzle.side) });
  root.replaceChildren(h('div', { class: 'game-layout solve-page' }, view.boardBox,
    h('div', { class: 'panel' },
      h('h2', {}, t('puzzles.title', { game: gameName(game), n: n + 1, count: puzzle.count })),
      h('p', { class: 'hint' }, ...tParts('puzzles.of', { games: h('span', {}, ...GAMES.flatMap((id, i) =>
        [i ? t('common.listSeparator') : '', h('a', { href: `/puzzles/${id}`, 'data-testid': `puzzles-${id}` }, gameName(id))])) })),
      h('p', { class: 'theme', 'data-testid': 'puzzle-theme' }, t('puzzles.theme', { theme: themeText(puzzle.theme) })),
      view.status,
      view.moveList,
      h('p', { class: 'prefs' }, notationMenu(game, (notation) => view.renotate(notation))),
      h('div', {}, answer, ' ', next),
      answerBox)));
}
