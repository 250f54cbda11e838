// A composed problem (/p/ID): the solver plays the attacking moves, Kirin answers with the
// longest defence; a wrong move is told so with the defence that beats it; the solution can be
// shown step by step. Moves are written in the player's notation (the menu under the moves).
import { getProblem, problemSolution, tryProblem, variants } from '../api/client';
import { GAME_NAMES } from '../model/games';
import { describeOptions } from '../model/rule_options';
import { h, setTitle } from '../widgets/dom';
import { notationFor, notationMenu } from '../widgets/notation_menu';
import { solveView } from '../widgets/solve_view';

export async function problemPage(root: HTMLElement, id: string) {
  const problem = await getProblem(id);
  const v = (await variants()).find((x) => x.id === problem.game)!;
  const solutionBox = h('div', { class: 'solution' });
  const moves = Math.ceil(problem.plies / 2);
  const title = `${GAME_NAMES[v.id] ?? v.name}: mate in ${moves}${problem.checks_only ? ', every move a check' : ''}`;
  setTitle(`Problem · ${title}`);
  // As on a game page: the rule set after the title, small.
  const rules = problem.options.length ? describeOptions(v.id, problem.options) : '';
  const key = problem.key_unique === true ? 'One first move mates this fast.'
    : problem.key_unique === false ? `${problem.alternatives + 1} first moves mate this fast.`
      : 'Kirin could not prove that only one first move mates this fast.';
  const view = solveView(v, problem, (m, notation) => tryProblem(id, m, notation), (j) => {
    if (j.verdict === 'solved') view.status.textContent = 'Mate! Solved.';
    else if (j.verdict === 'correct') view.status.textContent = `Right. Kirin answers ${j.reply_notation ?? j.reply}. Your move.`;
    else if (j.verdict === 'wrong') {
      const refutation = j.refutation_notation ?? j.refutation;
      view.status.textContent = `Wrong: ${j.move_notation ?? j.move}: ${j.reason}.` + (refutation ? ` Kirin answers ${refutation}.` : '') + ' Try another move.';
    } else view.status.textContent = j.reason ?? 'Kirin could not judge that move.';
  }, await notationFor(v.id));
  view.status.textContent = `${v.colors[problem.side === 'first' ? 0 : 1]} to move and mate in ${moves}.`;
  const show = async () => view.showSolution(await problemSolution(id), solutionBox);
  root.replaceChildren(h('div', { class: 'game-layout solve-page' }, view.boardBox,
    h('div', { class: 'panel' },
      h('h2', { 'data-testid': 'problem-title' }, title, rules ? h('span', { class: 'rules' }, ` · ${rules}`) : ''),
      view.status,
      h('p', { class: 'hint' }, key),
      view.moveList,
      h('p', { class: 'prefs' }, notationMenu(v.id, (n) => view.renotate(n))),
      h('button', { 'data-testid': 'show-solution', onclick: show }, 'Show the solution'),
      solutionBox,
      h('p', { class: 'hint' }, 'Link to this problem: ', h('a', { href: problem.url }, location.origin + problem.url)))));
}
