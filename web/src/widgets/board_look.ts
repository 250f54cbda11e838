// How the boards look on a page, from the player's preferences (board/prefs.ts): the size, the
// theme and the piece set. A set the server draws (the print set's mnemonic pictures and
// Westernized names) is fetched once per page, each piece cut out of its movement diagram
// (model/print_pieces.ts) and given to the boards as blob: images; until then, and if the
// server cannot answer, the boards show the family's first set.
import { movementDrawing } from '../api/client';
import type { VariantInfo } from '../api/types';
import { applyPieceCss, setBoardSize } from '../board/piece_style';
import { prefs } from '../board/prefs';
import { applyTheme } from '../board/theme';
import { DEFAULT_SET, drawnByServer, familyOf, type PieceSet } from '../model/piece_sets';
import { ownPicture, pieceCss, type Picture } from '../model/pieces';
import { pieceFromDiagram } from '../model/print_pieces';

// The server's pictures of a game's pieces in a style: blob: URLs, made once per page.
const drawn = new Map<string, Promise<Picture>>();
function serverPictures(v: VariantInfo, style: string): Promise<Picture> {
  const key = `${v.id}|${style}`;
  let p = drawn.get(key);
  if (!p) {
    p = Promise.all(v.kinds.map(async (k) => {
      const svg = await movementDrawing(v.id, k.token, style);
      const urls = [0, 1].map((side) => URL.createObjectURL(new Blob([pieceFromDiagram(svg, v.id, side)], { type: 'image/svg+xml' })));
      return [k.token, urls] as const;
    })).then((all) => {
      const byToken = new Map(all);
      return (k, side) => `url("${byToken.get(k.token)![side]}")`;
    });
    p.catch(() => drawn.delete(key));
    drawn.set(key, p);
  }
  return p;
}

// Puts a piece set on the page's boards. The page's <html> says which set is shown
// (data-piece-set) once its pictures are in place.
export async function showPieceSet(v: VariantInfo, set: PieceSet): Promise<void> {
  const root = document.documentElement;
  root.dataset.pieceSetWanted = set;
  let picture = ownPicture(v, drawnByServer(set) ? DEFAULT_SET[familyOf(v.id)] : set);
  if (drawnByServer(set)) {
    if (root.dataset.pieceSet !== set) applyPieceCss(pieceCss(v, picture));
    try {
      picture = await serverPictures(v, set);
    } catch {
      return;  // the first set stays
    }
    if (root.dataset.pieceSetWanted !== set) return;  // another set was picked meanwhile
  }
  applyPieceCss(pieceCss(v, picture));
  root.dataset.pieceSet = set;
}

// The size, theme and piece set the player chose, for a page showing `v`'s boards.
export function applyBoardLook(v: VariantInfo): void {
  const p = prefs();
  setBoardSize(p.size);
  applyTheme(p.theme);
  void showPieceSet(v, p.pieces[familyOf(v.id)]);
}
