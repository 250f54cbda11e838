// A composed problem (/p/ID): the solver plays the attacking moves, Kirin answers with the
// longest defence; a wrong move is told so with the defence that beats it; the solution can be
// shown step by step. Moves are written in the player's notation (the menu under the moves).
import { getProblem, problemSolution, tryProblem, variants } from '../api/client';
import { t } from '../i18n';
import { colorOf, gameName } from '../model/games';
import { mateCount } from '../model/notation';
import { describeOptions } from '../model/rule_options';
import { verdictReason } from '../model/verdict_words';
import { h, setTitle } from '../widgets/dom';
import { notationFor, notationMenu } from '../widgets/notation_menu';
import { solveView } from '../widgets/solve_view';

export async function problemPage(root: HTMLElement, id: string) {
  const problem = await getProblem(id);
  const v = (await variants()).find((x) => x.id === problem.game)!;
  const solutionBox = h('div', { class: 'solution' });
  // Mate in so many moves (Japanese and Chinese tsume count plies: 3手詰 for a mate in 2).
  const mate = mateCount(Math.ceil(problem.plies / 2)), shogi = v.id !== 'xiangqi';
  const mateIn = t(shogi ? 'problems.mateInShogi' : 'problems.mateInXiangqi', { game: gameName(v.id), ...mate });
  const title = problem.checks_only ? t('problems.checksOnly', { title: mateIn }) : mateIn;
  setTitle(t('titles.problemOf', { title }));
  // As on a game page: the rule set after the title, small.
  const rules = problem.options.length ? describeOptions(v.id, problem.options) : '';
  const key = problem.key_unique === true ? t('problems.keyUnique')
    : problem.key_unique === false ? t('problems.keyMany', { count: problem.alternatives + 1 })
      : t('problems.keyUnknown');
  const view = solveView(v, problem, (m, notation) => tryProblem(id, m, notation), (j) => {
    if (j.verdict === 'solved') view.status.textContent = t('problems.solved');
    else if (j.verdict === 'correct') view.status.textContent = t('problems.right', { reply: j.reply_notation ?? j.reply });
    else if (j.verdict === 'wrong') {
      const refutation = j.refutation_notation ?? j.refutation;
      view.status.textContent = t('problems.wrong', { move: j.move_notation ?? j.move, reason: verdictReason(j.reason ?? '') }) +
        (refutation ? t('problems.refuted', { refutation }) : '') + t('problems.tryAnother');
    } else view.status.textContent = j.reason ? verdictReason(j.reason) : t('problems.unjudged');
  }, await notationFor(v.id));
  view.status.textContent = t(shogi ? 'problems.toMoveShogi' : 'problems.toMoveXiangqi', { side: colorOf(v, problem.side), ...mate });
  const show = async () => view.showSolution(await problemSolution(id), solutionBox);
  root.replaceChildren(h('div', { class: 'game-layout solve-page' }, view.boardBox,
    h('div', { class: 'panel' },
      h('h2', { 'data-testid': 'problem-title' }, title, rules ? h('span', { class: 'rules' }, ` · ${rules}`) : ''),
      view.status,
      h('p', { class: 'hint' }, key),
      view.moveList,
      h('p', { class: 'prefs' }, notationMenu(v.id, (n) => view.renotate(n))),
      h('button', { 'data-testid': 'show-solution', onclick: show }, t('problems.showSolution')),
      solutionBox,
      h('p', { class: 'hint' }, t('problems.link'), h('a', { href: problem.url }, location.origin + problem.url)))));
}
