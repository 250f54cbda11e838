// The player's board preferences, kept in localStorage: the piece style and the board's size.
import type { PieceStyle } from '../model/pieces';
import { PREFS_KEY } from '../model/storage_keys';

export interface Prefs {
  style: PieceStyle;
  size: number;
}

// The board's default size: the screen's width on a phone, else at most 640 px and short enough
// that a board with its hands above and below (a 12x12 board is 1.05 times as tall as wide, each
// hand about a 14th of its width) fits under the site's header: a 1280x800 screen shows the whole
// of Chu Seireigi's.
export function prefs(): Prefs {
  const narrow = Math.max(280, Math.min(window.innerWidth - 24, 640, Math.floor((window.innerHeight - 110) / 1.2)));
  const saved = JSON.parse(localStorage.getItem(PREFS_KEY) || '{}');
  return { style: saved.style ?? 'kanji', size: saved.size ?? narrow };
}

export function savePrefs(p: Partial<Prefs>) {
  localStorage.setItem(PREFS_KEY, JSON.stringify({ ...prefs(), ...p }));
}
