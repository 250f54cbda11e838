// Whether the server reads the editor's text as a position of the game (its reader is the one
// that counts), asked a moment after the typing stops; only the answer for the text still shown
// counts.
import { positionsAlong } from '../../api/client';
import { h } from '../../widgets/dom';

export function positionCheck() {
  const el = h('div', { class: 'fen-check', 'data-testid': 'fen-check', role: 'status' });
  let checking: ReturnType<typeof setTimeout> | undefined, checked = '';
  return {
    el,
    check(game: string, options: string[], text: string) {
      const key = `${game} ${options.join(',')} ${text.trim()}`;
      if (key === checked) return;
      checked = key;
      clearTimeout(checking);
      el.className = 'fen-check';
      el.textContent = 'Checking the position…';
      checking = setTimeout(async () => {
        const verdict = await positionsAlong({ game, fen: text.trim(), moves: [], options })
          .then(() => null, (e) => (e as Error).message);
        if (key !== checked) return;
        el.className = `fen-check ${verdict ? 'bad' : 'ok'}`;
        el.dataset.valid = String(!verdict);
        el.textContent = verdict ? `Not a valid position: ${verdict}` : 'A valid position.';
      }, 250);
    },
  };
}
