// The analysis board's line: the game's moves (`base`) and the moves tried after them
// (`variation`), the positions the server gave along them and the legal moves at each. A move is
// tried on the position shown; the server plays it (GET /api/positions) or refuses it, and a
// refused move is taken back. The moves are written in the player's notation (`notation`).
import { ApiError, positionsAlong } from '../../api/client';
import type { Side, VariantInfo } from '../../api/types';
import { t } from '../../i18n';
import { errorText } from '../../model/error_words';
import { sideToMove } from '../../model/games';
import type { AnalysisSetup, KnownLine } from './analysis_setup';

export interface LineView {
  list(moves: string[], notation: string[], triedFrom: number, toEnd: boolean): void;  // the move list
  board(fen: string, legal: string[], lastMove: string | null, turn: Side): void;
  error(message: string): void;
  refused(tried: string, error: unknown): boolean;  // the server refused a line: take `tried` back if it was just tried
}

export class AnalysisCtrl {
  readonly variant: VariantInfo;
  readonly startFen: string;
  readonly options: string[];
  readonly from: string | null;
  notation: string;
  private readonly gameMoves: string[];
  private base: string[];
  private variation: string[] = [];
  private known: KnownLine;
  // The legal moves after a line of moves (joined by commas), as the server gave them.
  private legalAfter = new Map<string, string[]>();
  private asked = 0;

  constructor(s: AnalysisSetup, private shown: () => number, private view: LineView) {
    this.variant = s.variant;
    this.startFen = s.startFen;
    this.options = s.options;
    this.from = s.from;
    this.notation = s.notation;
    this.base = [...s.moves];
    this.gameMoves = [...s.moves];
    this.known = s.known;
  }

  allMoves = () => [...this.base, ...this.variation];
  // The moves up to the position on the board: what Kirin analyses, and where play starts from.
  shownMoves = () => this.allMoves().slice(0, this.shown());
  // Every move hands the turn over: the side to move on the board, without its position.
  sideAfterLine(): Side {
    const first = sideToMove(this.variant.id, this.startFen) === 'first';
    return first === (this.shownMoves().length % 2 === 0) ? 'first' : 'second';
  }
  // How many of allMoves() the page has positions for: those of `known` as far as its moves are the same.
  private sameMoves() {
    const moves = this.allMoves(), known = this.known.moves;
    let n = 0;
    while (n < moves.length && n < known.length && moves[n] === known[n]) n++;
    return n;
  }
  private knownFens = () => this.known.fens.slice(0, this.sameMoves() + 1);

  // The line goes on from the position shown with `moves` (the moves after it, if the board
  // showed an earlier position, are dropped).
  extend(moves: string[]) {
    const kept = this.shownMoves();
    this.base = kept.slice(0, Math.min(this.base.length, kept.length));
    this.variation = [...kept.slice(this.base.length), ...moves];
    this.show(true);
  }
  undo() {
    this.variation.pop();
    this.show(true);
  }
  reset() {
    this.variation = [];
    this.base = [...this.gameMoves];
    this.show(true);
  }

  // The player chose another notation: the line is written again in it.
  renotate(notation: string) {
    this.notation = notation;
    this.known = { ...this.known, notation: [] };
    void this.load(this.allMoves());
  }

  // The moves at once (as the server writes them once it has); `toEnd`: the board goes to the
  // end of the line.
  show(toEnd = false) {
    const moves = this.allMoves(), known = this.sameMoves();
    this.view.list(moves, this.known.notation.slice(0, known), this.base.length, toEnd);
    if (this.knownFens().length < moves.length + 1) void this.load(moves);
  }

  // The position on the board once the server has given it (a move made on the board stands
  // there meanwhile), with its legal moves as dots.
  showBoard() {
    const moves = this.shownMoves(), fens = this.knownFens();
    if (fens.length < moves.length + 1) return;
    const fen = fens[moves.length], legal = this.legalAfter.get(moves.join(','));
    this.view.board(fen, legal ?? [], moves[moves.length - 1] ?? null, sideToMove(this.variant.id, fen));
    if (!legal) void this.load(moves);
  }

  // The position was refused, so the move just tried was not legal: take it back.
  refused(tried: string | undefined): boolean {
    if (!tried || this.variation[this.variation.length - 1] !== tried) return false;
    this.undo();
    return true;
  }

  // Asks the server for the positions along `moves` and the legal moves after them; a refusal
  // takes the move just tried back.
  private async load(moves: string[]) {
    const mine = ++this.asked, notation = this.notation;
    try {
      const along = await positionsAlong({ game: this.variant.id, fen: this.startFen, moves, options: this.options }, notation);
      if (notation !== this.notation) return;  // written in the notation the player left
      const { positions: fens } = along;
      if (fens.length !== moves.length + 1) throw new ApiError(t('analysis.positionsCount', { positions: fens.length, moves: moves.length }));
      this.legalAfter.set(moves.join(','), along.legal_moves);
      // A shorter line than the one known (the legal moves of an earlier position) keeps it.
      if (moves.length >= this.sameMoves()) this.known = { moves, fens, notation: along.notation };
      if (mine !== this.asked) return;
      this.show();
    } catch (e) {
      if (mine !== this.asked || this.allMoves().join(',') !== moves.join(',')) return;
      const message = errorText(e);
      if (!(e instanceof ApiError) || !this.view.refused(moves[moves.length - 1], e)) this.view.error(message);
    }
  }
}
