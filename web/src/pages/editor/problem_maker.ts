// "Make a problem": the server proves the mate (the side to move attacks; its royal may be left
// out) and gives the problem's link.
import { makeProblem, problemSolution } from '../../api/client';
import { t } from '../../i18n';
import { errorText } from '../../model/error_words';
import { h } from '../../widgets/dom';
import { notationFor } from '../../widgets/notation_menu';

export function problemMaker(position: () => { game: string; fen: string; options: string[]; drops: boolean }, error: HTMLElement) {
  const box = h('div', { 'data-testid': 'problem-made' });
  // Tsume's convention for a game with drops: the hands need not be written out.
  const restToDefender = h('input', { type: 'checkbox', 'data-testid': 'rest-to-defender' }) as HTMLInputElement;
  const restLabel = h('label', { class: 'hint' }, restToDefender, t('editor.restToDefender'));
  const make = async (e: Event) => {
    const button = e.currentTarget as HTMLButtonElement;
    const { game, fen, options, drops } = position();
    error.textContent = '';
    box.textContent = t('editor.checkingProblem');
    button.disabled = true;
    try {
      const p = await makeProblem(game, fen, options, drops && restToDefender.checked);
      // The solution and the other first moves in the player's notation, written by the server
      // from the problem's own position (a royal may be missing; the defender may hold the rest).
      const written = await problemSolution(p.id, await notationFor(game));
      const solution = written.solution_notation ?? p.solution;
      const others = written.alternative_moves?.map((a) => a.move_notation ?? a.move) ?? p.alternative_moves.map((a) => a.move);
      const cooks = others.length ? t('editor.cooks', { moves: others.join(', ') }) : '';
      const unproven = p.key_unique === null ? t('editor.unproven') : '';
      const made = t(game === 'xiangqi' ? 'editor.madeXiangqi' : 'editor.madeShogi', { count: Math.ceil(p.plies / 2), plies: p.plies, solution: solution.join(' ') });
      box.replaceChildren(`${made}${cooks}${unproven} `,
        h('a', { href: p.url, 'data-testid': 'problem-link' }, location.origin + p.url));
    } catch (err) {
      box.textContent = '';
      error.textContent = errorText(err);
    } finally {
      button.disabled = false;
    }
  };
  return {
    box,
    restLabel,
    controls: h('div', {}, h('button', { onclick: make, 'data-testid': 'make-problem' }, t('editor.makeProblem')),
      h('span', { class: 'hint' }, t('editor.sideToMoveMates')), ' ', restLabel),
  };
}
