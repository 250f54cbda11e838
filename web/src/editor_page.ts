// Position editor: type or paste a SFEN/FEN, move pieces freely (drag off the board to remove),
// then start a game or a problem from that position.
import { variants, type VariantInfo } from './api';
import { Shogiground } from 'shogiground';
import { Chessground } from 'chessgroundx';
import { GAME_NAMES } from './game_page';
import { startGame } from './new_page';
import { applyPieceStyle, roleOf } from './pieces';
import { h, prefs } from './ui';

export async function editorPage(root: HTMLElement) {
  const all = await variants();
  const game = h('select', {}, ...all.map((v) => h('option', { value: v.id }, GAME_NAMES[v.id] ?? v.name))) as HTMLSelectElement;
  const fen = h('input', { class: 'fen', size: '70' }) as HTMLInputElement;
  const opponent = h('select', {}, h('option', { value: 'kirin' }, 'against Kirin'), h('option', { value: 'human' }, 'against a person')) as HTMLSelectElement;
  const boardBox = h('div', { class: 'board-box' });
  const error = h('div', { class: 'error' });
  let readBoard: () => string = () => '';
  let rest = '';

  const show = (v: VariantInfo, text: string) => {
    boardBox.innerHTML = '';
    applyPieceStyle(v, prefs().style);
    const fields = text.split(' ');
    rest = fields.slice(1).join(' ');
    const el = h('div', { class: 'board-el' });
    if (v.id === 'xiangqi') {
      boardBox.append(h('div', { class: 'xiangqi-board' }, el));
      const cg = Chessground(el, { fen: fields[0], dimensions: { width: 9, height: 10 }, movable: { free: true, color: 'both' }, draggable: { deleteOnDropOff: true }, events: { change: () => (fen.value = `${readBoard()} ${rest}`) } });
      readBoard = () => cg.getFen();
    } else {
      const tokens = new Map(v.kinds.map((k) => [roleOf(k.token), k.token]));
      const wrap = h('div', { class: `shogi-board d-${v.files}x${v.ranks}` }, el);
      boardBox.append(wrap);
      const sg = Shogiground({
        sfen: { board: fields[0] },
        scaleDownPieces: false,
        coordinates: { enabled: true, files: 'numeric', ranks: 'engine' },
        forsyth: { fromForsyth: (s: string) => (tokens.has(roleOf(s)) ? roleOf(s) : undefined), toForsyth: (r: string) => tokens.get(r)?.toLowerCase() },
        activeColor: 'both',
        movable: { free: true },
        draggable: { deleteOnDropOff: true },
        events: { change: () => (fen.value = `${readBoard()} ${rest}`) },
      }, { board: el });
      readBoard = () => sg.getBoardSfen();
    }
  };
  const reset = () => {
    const v = all.find((x) => x.id === game.value)!;
    fen.value = v.start_fen;
    show(v, v.start_fen);
  };
  game.onchange = reset;
  fen.onchange = () => show(all.find((x) => x.id === game.value)!, fen.value.trim());
  const start = async () => {
    error.textContent = '';
    try {
      await startGame({ game: game.value, fen: fen.value.trim(), opponent: { kind: opponent.value, strength: 4 } });
    } catch (e) {
      error.textContent = (e as Error).message;
    }
  };
  root.innerHTML = '';
  root.append(h('div', { class: 'game-layout' }, boardBox,
    h('div', { class: 'panel' }, h('h2', {}, 'Position editor'), h('label', {}, 'Game ', game),
      h('label', { class: 'wide' }, 'SFEN/FEN ', fen), h('p', {}, 'Drag pieces to move them, off the board to remove them; edit the text for anything else.'),
      h('label', {}, 'Play ', opponent), h('button', { onclick: start }, 'Start from this position'), error)));
  reset();
}
