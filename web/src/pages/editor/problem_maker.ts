// "Make a problem": the server proves the mate (the side to move attacks; its royal may be left
// out) and gives the problem's link.
import { makeProblem } from '../../api/client';
import { h } from '../../widgets/dom';

export function problemMaker(position: () => { game: string; fen: string; options: string[]; drops: boolean }, error: HTMLElement) {
  const box = h('div', { 'data-testid': 'problem-made' });
  // Tsume's convention for a game with drops: the hands need not be written out.
  const restToDefender = h('input', { type: 'checkbox', 'data-testid': 'rest-to-defender' }) as HTMLInputElement;
  const restLabel = h('label', { class: 'hint' }, restToDefender, ' the defender holds the rest of the set');
  const make = async (e: Event) => {
    const button = e.currentTarget as HTMLButtonElement;
    const { game, fen, options, drops } = position();
    error.textContent = '';
    box.textContent = 'Kirin is checking the problem…';
    button.disabled = true;
    try {
      const p = await makeProblem(game, fen, options, drops && restToDefender.checked);
      const cooks = p.alternative_moves.length ? ` Other first moves that mate as fast: ${p.alternative_moves.map((a) => a.move).join(', ')}.` : '';
      const unproven = p.key_unique === null ? ' Kirin could not prove in its time that the key is the only one.' : '';
      box.replaceChildren(`Mate in ${Math.ceil(p.plies / 2)}: ${p.solution.join(' ')}.${cooks}${unproven} `,
        h('a', { href: p.url, 'data-testid': 'problem-link' }, location.origin + p.url));
    } catch (err) {
      box.textContent = '';
      error.textContent = (err as Error).message;
    } finally {
      button.disabled = false;
    }
  };
  return {
    box,
    restLabel,
    controls: h('div', {}, h('button', { onclick: make, 'data-testid': 'make-problem' }, 'Make a problem'),
      h('span', { class: 'hint' }, ' the side to move mates'), ' ', restLabel),
  };
}
