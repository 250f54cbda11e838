// Position editor: set up any position and start a game from it. Each side has a palette of every
// piece kind: drag one onto the board, or pick it as the tool and click squares (clicking the same
// piece again removes it). Pieces on the board are dragged around, or off it to remove them, or
// onto a hand. The games with drops get a hand editor. The SFEN/FEN text follows every change and
// the board follows the text as it is typed, and the page says at once whether the server takes
// the text as a position of the game, and if not why (the server's reader is the one that counts). The rule options chosen here go with the game, the problem and
// the diagrams made from the position.
import { variants } from '../../api/client';
import type { Side, VariantInfo } from '../../api/types';
import { diagramUrl } from '../../api/urls';
import { createEditorBoard } from '../../board/create_board';
import type { EditorBoard } from '../../board/editor_board';
import { serverPieces } from '../../board/prefs';
import { t } from '../../i18n';
import { errorText } from '../../model/error_words';
import { emptyBoard, type Fields, readFields, writeFields } from '../../model/fen_fields';
import { colorOf, gameName, other, setupName, SIDES } from '../../model/games';
import { describeOptions, RULE_OPTIONS } from '../../model/rule_options';
import { applyBoardLook } from '../../widgets/board_look';
import { h, setTitle } from '../../widgets/dom';
import { attachPieceGuide, withGuide } from '../../widgets/piece_guide';
import { ruleOptionControls } from '../../widgets/rule_options';
import { startGame } from '../../widgets/seat_tokens';
import { EditorTools } from './editor_tools';
import { handEditors } from './hand_editor';
import { positionCheck } from './position_check';
import { problemMaker } from './problem_maker';

class PositionEditor {
  readonly game: HTMLSelectElement;
  // A text area, so that a whole 12x12 SFEN shows.
  readonly fen = h('textarea', { class: 'fen', rows: '3', spellcheck: 'false', 'data-testid': 'fen' }) as HTMLTextAreaElement;
  readonly side = h('select', { 'data-testid': 'side' }) as HTMLSelectElement;
  readonly moveNumber = h('input', { type: 'number', min: '1', class: 'move-number', 'data-testid': 'move-number' }) as HTMLInputElement;
  readonly opponent = h('select', { 'data-testid': 'editor-opponent' }, h('option', { value: 'kirin' }, t('editor.againstKirin')), h('option', { value: 'human' }, t('editor.againstPerson'))) as HTMLSelectElement;
  readonly mySide = h('select', { 'data-testid': 'editor-color' }) as HTMLSelectElement;
  readonly setups = h('select', { 'data-testid': 'setups' }) as HTMLSelectElement;
  readonly slot = h('div', { class: 'editor-board' });
  readonly hands = h('div', { class: 'hand-editors' });
  readonly hint = h('p', { class: 'hint' });
  readonly error = h('div', { class: 'error' });
  readonly check = positionCheck();
  // The new-game form's rule choices, folded: most positions are set under the default rules,
  // and a phone has little room. The summary says which rules are chosen.
  readonly rulesSummary = h('summary', { 'data-testid': 'editor-rules-summary' });
  readonly rulesBox = h('div');
  readonly rulesChoice = h('details', { class: 'editor-rules', 'data-testid': 'editor-rules' }, this.rulesSummary, this.rulesBox);
  rules = ruleOptionControls('');
  v: VariantInfo;
  board: EditorBoard | undefined;
  fields!: Fields;
  orientation: Side = 'first';  // follows "Flip board", for the diagrams
  readonly tools: EditorTools;
  readonly problem = problemMaker(() => ({ game: this.game.value, fen: this.fen.value.trim(), options: this.rules.read(), drops: this.v.drops }), this.error);

  constructor(readonly all: VariantInfo[]) {
    this.v = all[0];
    this.game = h('select', { 'data-testid': 'editor-game' }, ...all.map((v) => h('option', { value: v.id }, gameName(v.id)))) as HTMLSelectElement;
    this.tools = new EditorTools(this.slot, { variant: () => this.v, board: () => this.board, changed: () => this.sync() });
    // The piece guide on the palettes' and hands' pieces (those with data-token and data-side).
    for (const el of [this.tools.top, this.tools.bottom, this.hands]) attachPieceGuide(el, () => this.v, () => this.rules.read());
    this.rulesChoice.addEventListener('change', () => {
      this.showRules();
      this.remember(this.fen.value);
    });
    this.game.onchange = () => this.selectGame(all.find((x) => x.id === this.game.value)!.start_fen);
    this.setups.onchange = () => {
      if (this.setups.value) this.show(this.setups.value);
      this.setups.value = '';
    };
    this.fen.oninput = () => this.load(this.fen.value);
    this.side.onchange = () => this.sync();
    this.moveNumber.oninput = () => this.sync();
  }

  showRules() {
    const chosen = this.rules.read();
    this.rulesSummary.textContent = t('editor.rules', { rules: chosen.length ? describeOptions(this.v.id, chosen) : t('editor.standardRules') });
  }

  // The address holds the position, so that a reload keeps it and it can be shared.
  // The rule choice too, when there is one.
  remember(text: string) {
    const options = this.rules.read();
    const query: Record<string, string> = { game: this.v.id, fen: text.trim() };
    if (options.length) query.options = options.join(',');
    history.replaceState(null, '', `/editor?${new URLSearchParams(query)}`);
    this.check.check(this.v.id, options, text);
  }

  // Board and controls to text.
  sync() {
    const board = this.board;
    if (!board) return;
    this.fields = {
      ...this.fields,
      board: board.readBoard(),
      hands: board.readHands(),
      side: this.side.value as Side,
      moveNumber: Math.max(1, parseInt(this.moveNumber.value) || 1),
    };
    this.fen.value = writeFields(this.v, this.fields);
    this.remember(this.fen.value);
    this.drawHands();
  }

  // Text to board and controls; the text itself stays as the user typed it.
  load(text: string) {
    this.fields = readFields(this.v, text);
    this.board!.writeBoard(this.fields.board);
    this.board!.writeHands(this.fields.hands);
    this.side.value = this.fields.side;
    this.moveNumber.value = String(this.fields.moveNumber);
    this.remember(text);
    this.drawHands();
  }

  show(text: string) {
    this.fen.value = text;
    this.load(text);
  }

  drawHands() {
    this.hands.replaceChildren(...(this.board ? handEditors(this.v, this.board, () => this.sync()) : []));
  }

  selectGame(text: string) {
    const v = this.v = this.all.find((x) => x.id === this.game.value)!;
    this.error.textContent = '';
    this.board?.destroy();
    applyBoardLook(v);
    this.board = withGuide(createEditorBoard(v, this.slot, text, () => this.sync(), () => this.rules.read()));
    const sides = (key: string) => SIDES.map((s) => h('option', { value: s }, t(key, { side: colorOf(v, s) })));
    this.side.replaceChildren(...sides('editor.sideToMove'));
    this.mySide.replaceChildren(...sides('editor.asSide'));
    this.setups.replaceChildren(h('option', { value: '' }, t('editor.handicaps')), ...v.setups.map((x) => h('option', { value: x.fen }, setupName(x.name))));
    this.setups.hidden = v.setups.length === 0;
    this.hint.textContent = t(v.drops ? 'editor.hintDrops' : 'editor.hintNoDrops');
    this.rules = ruleOptionControls(v.id);
    this.rulesBox.replaceChildren(this.rules.el);
    this.rulesChoice.hidden = !RULE_OPTIONS[v.id]?.length;
    this.problem.restLabel.hidden = !v.drops;
    this.showRules();
    this.tools.draw();
    this.tools.set('move');
    this.show(text);
  }

  clear() {
    this.show(writeFields(this.v, { ...this.fields, board: emptyBoard(this.v), hands: '-', extra: readFields(this.v, this.v.start_fen).extra }));
  }

  flip() {
    this.board!.flip();
    this.orientation = other(this.orientation);
    this.tools.draw();
    this.drawHands();
  }

  async start() {
    this.error.textContent = '';
    try {
      await startGame({ game: this.game.value, options: this.rules.read(), fen: this.fen.value.trim(), color: this.mySide.value, opponent: { kind: this.opponent.value, strength: 4 } });
    } catch (e) {
      this.error.textContent = errorText(e);
    }
  }

  layout(): HTMLElement {
    const diagram = (format: 'svg' | 'png') => h('button', {
      'data-testid': `editor-diagram-${format}`,
      onclick: () => window.open(diagramUrl({ game: this.game.value, fen: this.fen.value.trim(), moves: [], pieces: serverPieces(this.game.value), orientation: this.orientation, options: this.rules.read() }, format), '_blank'),
    }, t('common.diagram', { format: format.toUpperCase() }));
    return h('div', { class: 'game-layout' }, h('div', { class: 'board-box' }, this.tools.top, this.slot, this.tools.bottom),
      h('div', { class: 'panel' },
        h('h2', {}, t('titles.editor')),
        h('label', {}, `${t('common.game')} `, this.game),
        h('div', { class: 'tools' }, ...this.tools.buttons),
        h('div', {},
          h('button', { onclick: () => this.show(this.v.start_fen), 'data-testid': 'start-position' }, t('editor.startPosition')),
          h('button', { onclick: () => this.clear(), 'data-testid': 'clear' }, t('editor.clearBoard')),
          h('button', { onclick: () => this.flip(), 'data-testid': 'flip' }, t('common.flipBoard')),
          this.setups),
        h('div', {}, diagram('svg'), diagram('png')),
        h('div', { class: 'turn' }, this.side, h('label', {}, `${t('editor.move')} `, this.moveNumber)),
        this.hands,
        h('label', { class: 'wide' }, `${t('editor.sfen')} `, this.fen),
        this.check.el,
        this.hint,
        this.rulesChoice,
        h('label', {}, `${t('editor.play')} `, this.opponent, ' ', this.mySide), h('button', { onclick: () => this.start(), 'data-testid': 'editor-start' }, t('editor.startFromHere')),
        this.problem.controls,
        this.problem.box,
        this.error));
  }
}

export async function editorPage(root: HTMLElement) {
  const all = await variants();
  setTitle(t('titles.editor'));
  const ed = new PositionEditor(all);
  root.replaceChildren(ed.layout());
  const asked = new URLSearchParams(location.search);
  const askedGame = all.find((x) => x.id === asked.get('game'));
  if (askedGame) ed.game.value = askedGame.id;
  ed.selectGame((askedGame && asked.get('fen')) || (askedGame ?? ed.v).start_fen);
  if (askedGame && asked.get('options')) {
    ed.rules.write(asked.get('options')!.split(','));
    ed.showRules();
    ed.remember(ed.fen.value);
  }
}
