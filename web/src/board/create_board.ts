// The one place that picks a board library for a game: lishogi's shogiground for the 12x12
// shogi games (hands, promotion choice, Lion double moves), chessgroundx for xiangqi. Every page
// that shows a board asks here.
import type { VariantInfo } from '../api/types';
import type { BoardSetup, BoardView } from './board_view';
import type { EditorBoard } from './editor_board';
import { shogiBoard } from './shogi_board';
import { shogiEditor } from './shogi_editor';
import { xiangqiBoard } from './xiangqi_board';
import { xiangqiEditor } from './xiangqi_editor';

const isXiangqi = (v: VariantInfo) => v.id === 'xiangqi';

// A board to play or step through a game on.
export function createBoard(setup: BoardSetup): BoardView {
  return isXiangqi(setup.variant) ? xiangqiBoard(setup) : shogiBoard(setup);
}

// The position editor's board inside `el`, showing `text` (a SFEN/FEN); onChange runs after the
// user moves pieces on it. `options`: the rule options chosen, for the piece guide.
export function createEditorBoard(v: VariantInfo, el: HTMLElement, text: string, onChange: () => void, options?: () => string[]): EditorBoard {
  return (isXiangqi(v) ? xiangqiEditor : shogiEditor)(v, el, text, onChange, options);
}
