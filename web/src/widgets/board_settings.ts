// The board settings menu, the same on every page with a board: the piece set (for the family of
// games shown), the theme, the board's size and the sound's volume, each kept in localStorage and
// applied at once.
import type { VariantInfo } from '../api/types';
import { setBoardSize } from '../board/piece_style';
import { prefs, savePieceSet, savePrefs } from '../board/prefs';
import { playSound, setVolume, volume } from '../board/sound';
import { applyTheme, THEME_IDS, type ThemeId } from '../board/theme';
import { t } from '../i18n';
import { familyOf, PIECE_SETS, type PieceSet, setName } from '../model/piece_sets';
import { showPieceSet } from './board_look';
import { h } from './dom';

const select = (testid: string, options: [string, string][], value: string) => {
  const el = h('select', { 'data-testid': testid }, ...options.map(([id, label]) => h('option', { value: id }, label))) as HTMLSelectElement;
  el.value = value;
  return el;
};

// `notation`: the menu of the notation moves are written in, where the page has one.
export function boardSettings(v: VariantInfo, notation?: HTMLElement): HTMLElement {
  const family = familyOf(v.id), p = prefs();
  const pieces = select('piece-set', PIECE_SETS[family].map((s) => [s, setName(family, s)]), p.pieces[family]);
  pieces.onchange = () => {
    savePieceSet(family, pieces.value as PieceSet);
    void showPieceSet(v, pieces.value as PieceSet);
  };
  const theme = select('board-theme', THEME_IDS.map((id) => [id, t(`board.themes.${id}`)]), p.theme);
  theme.onchange = () => {
    savePrefs({ theme: theme.value as ThemeId });
    applyTheme(theme.value as ThemeId);
  };
  const size = h('input', { type: 'range', min: '280', max: '900', step: '20', value: String(p.size), 'data-testid': 'board-size' }) as HTMLInputElement;
  size.oninput = () => {
    setBoardSize(Number(size.value));
    savePrefs({ size: Number(size.value) });
    window.dispatchEvent(new Event('resize'));
  };
  const sound = h('input', { type: 'range', min: '0', max: '100', step: '5', value: String(volume()), 'data-testid': 'sound-volume' }) as HTMLInputElement;
  sound.oninput = () => setVolume(Number(sound.value));
  sound.onchange = () => playSound('move');  // what it sounds like now
  return h('details', { class: 'settings', 'data-testid': 'board-settings' }, h('summary', {}, t('board.settings')),
    h('div', { class: 'prefs' }, h('label', {}, `${t('board.pieces')} `, pieces), h('label', {}, `${t('board.theme')} `, theme),
      h('label', {}, `${t('board.size')} `, size), h('label', {}, `${t('board.volume')} `, sound), notation ?? ''));
}
