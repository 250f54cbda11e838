// The piece sets a board offers, named for what they are: for the shogi games one or two kanji
// (lishogi's two sets), the print set's mnemonic pictures and Westernized names, and the SFEN
// letters; for xiangqi traditional or simplified characters, symbols without characters (as
// pychess offers), and the print set's two. Each family of games keeps its own choice.
import { t } from '../i18n';

export type Family = 'shogi' | 'xiangqi';
export type ShogiSet = 'kanji1' | 'kanji2' | 'mnemonic' | 'westernized' | 'letters';
export type XiangqiSet = 'traditional' | 'simplified' | 'symbols' | 'westernized' | 'mnemonic';
export type PieceSet = ShogiSet | XiangqiSet;
// The styles the server draws (src/draw/style.h): diagrams, movement pictures, the print set.
export type ServerStyle = 'kanji' | 'mnemonic' | 'letters' | 'westernized';

export const familyOf = (game: string): Family => (game === 'xiangqi' ? 'xiangqi' : 'shogi');

// Each family's sets in the menu's order; their names are the catalog's board.sets.FAMILY.SET.
export const PIECE_SETS: Record<Family, PieceSet[]> = {
  shogi: ['kanji1', 'kanji2', 'mnemonic', 'westernized', 'letters'],
  xiangqi: ['traditional', 'simplified', 'symbols', 'westernized', 'mnemonic'],
};
export const setName = (f: Family, s: PieceSet) => t(`board.sets.${f}.${s}`);

export const DEFAULT_SET: Record<Family, PieceSet> = { shogi: 'kanji1', xiangqi: 'traditional' };

export const isSetOf = (f: Family, s: unknown): s is PieceSet => PIECE_SETS[f].some((id) => id === s);

// The sets the server draws (fetched from it rather than drawn again here).
export const drawnByServer = (s: PieceSet) => s === 'mnemonic' || s === 'westernized';

// A board's set as the server's style, for the diagrams and movement pictures a page links to.
export function serverStyle(s: PieceSet): ServerStyle {
  if (s === 'mnemonic' || s === 'symbols') return 'mnemonic';
  if (s === 'westernized' || s === 'letters') return s;
  return 'kanji';
}

// The set kept before sets were per family ("kanji", "mnemonic" as English letter pairs, "letters").
export function fromOldStyle(f: Family, old: unknown): PieceSet | undefined {
  if (old === 'kanji') return DEFAULT_SET[f];
  if (old === 'mnemonic') return 'mnemonic';
  if (old === 'letters') return f === 'shogi' ? 'letters' : DEFAULT_SET[f];
  return undefined;
}
