// The player's board preferences, kept in localStorage: the piece set of each family of games,
// the board's theme and its size. (The sound's volume is sound.ts's.)
import { DEFAULT_SET, type Family, familyOf, fromOldStyle, isSetOf, type PieceSet, type ServerStyle, serverStyle } from '../model/piece_sets';
import { PREFS_KEY } from '../model/storage_keys';
import { DEFAULT_THEME, isTheme, type ThemeId } from './theme';

export interface Prefs {
  pieces: Record<Family, PieceSet>;
  theme: ThemeId;
  size: number;
}

// The board's default size: the screen's width on a phone, else at most 640 px and short enough
// that a board with its hands above and below (a 12x12 board is 1.05 times as tall as wide, each
// hand a row of pieces as large as the board's, a 12th of its width) fits under the site's header,
// with room for the editor's palettes: a 1280x800 screen shows the whole of Chu Seireigi's.
export function prefs(): Prefs {
  const narrow = Math.max(280, Math.min(window.innerWidth - 24, 640, Math.floor((window.innerHeight - 110) / 1.35)));
  let saved: Record<string, any> = {};
  try {
    saved = JSON.parse(localStorage.getItem(PREFS_KEY) || '{}') ?? {};
  } catch {
    // A damaged entry: the defaults.
  }
  // A set kept per family, or the one style kept before there were families.
  const set = (f: Family) => (isSetOf(f, saved.pieces?.[f]) ? saved.pieces[f] : fromOldStyle(f, saved.style) ?? DEFAULT_SET[f]);
  return {
    pieces: { shogi: set('shogi'), xiangqi: set('xiangqi') },
    theme: isTheme(saved.theme) ? saved.theme : DEFAULT_THEME,
    size: typeof saved.size === 'number' ? saved.size : narrow,
  };
}

export function savePrefs(p: Partial<Prefs>) {
  localStorage.setItem(PREFS_KEY, JSON.stringify({ ...prefs(), ...p }));
}

export function savePieceSet(f: Family, set: PieceSet) {
  savePrefs({ pieces: { ...prefs().pieces, [f]: set } });
}

// The set chosen for a game, as the server's style: for the diagrams and pictures it draws.
export const serverPieces = (game: string): ServerStyle => serverStyle(prefs().pieces[familyOf(game)]);
