// Whether the server reads the editor's text as a position of the game (its reader is the one
// that counts), asked a moment after the typing stops; only the answer for the text still shown
// counts.
import { positionsAlong } from '../../api/client';
import { t } from '../../i18n';
import { errorText } from '../../model/error_words';
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
      el.textContent = t('editor.checking');
      checking = setTimeout(async () => {
        const verdict = await positionsAlong({ game, fen: text.trim(), moves: [], options })
          .then(() => null, (e) => errorText(e));
        if (key !== checked) return;
        el.className = `fen-check ${verdict ? 'bad' : 'ok'}`;
        el.dataset.valid = String(!verdict);
        el.textContent = verdict ? t('editor.invalid', { reason: verdict }) : t('editor.valid');
      }, 250);
    },
  };
}
