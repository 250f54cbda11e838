// Position editor: set up any position and start a game from it. Each side has a palette of every
// piece kind: drag one onto the board, or pick it as the tool and click squares (clicking the same
// piece again removes it). Pieces on the board are dragged around, or off it to remove them, or
// onto a hand. The games with drops get a hand editor. The SFEN/FEN text follows every change and
// the board follows the text as it is typed, and the page says at once whether the server takes
// the text as a position of the game, and if not why (the server's reader is the one that counts). The rule options chosen here go with the game, the problem and
// the diagrams made from the position.
import { makeProblem as makeProblemOnServer, positionsAlong, variants } from '../../api/client';
import type { Side, VariantInfo } from '../../api/types';
import { diagramUrl } from '../../api/urls';
import { createEditorBoard } from '../../board/create_board';
import { type EditorBoard, type EditorPiece, samePiece } from '../../board/editor_board';
import { applyPieceStyle } from '../../board/piece_style';
import { prefs } from '../../board/prefs';
import { emptyBoard, type Fields, readFields as readText, writeFields as writeText } from '../../model/fen_fields';
import { GAME_NAMES, other } from '../../model/games';
import { describeOptions, RULE_OPTIONS } from '../../model/rule_options';
import { h, setTitle } from '../../widgets/dom';
import { attachPieceGuide, withGuide } from '../../widgets/piece_guide';
import { ruleOptionControls } from '../../widgets/rule_options';
import { startGame } from '../../widgets/seat_tokens';

type Tool = 'move' | 'delete' | EditorPiece;
const isPiece = (t: Tool): t is EditorPiece => typeof t === 'object';

export async function editorPage(root: HTMLElement) {
  const all = await variants();
  setTitle('Position editor');
  const game = h('select', { 'data-testid': 'editor-game' }, ...all.map((v) => h('option', { value: v.id }, GAME_NAMES[v.id] ?? v.name))) as HTMLSelectElement;
  // A text area, so that a whole 12x12 SFEN shows.
  const fen = h('textarea', { class: 'fen', rows: '3', spellcheck: 'false', 'data-testid': 'fen' }) as HTMLTextAreaElement;
  const side = h('select', { 'data-testid': 'side' }) as HTMLSelectElement;
  const moveNumber = h('input', { type: 'number', min: '1', class: 'move-number', 'data-testid': 'move-number' }) as HTMLInputElement;
  const opponent = h('select', { 'data-testid': 'editor-opponent' }, h('option', { value: 'kirin' }, 'against Kirin'), h('option', { value: 'human' }, 'against a person')) as HTMLSelectElement;
  const mySide = h('select', { 'data-testid': 'editor-color' }) as HTMLSelectElement;
  const setups = h('select', { 'data-testid': 'setups' }) as HTMLSelectElement;
  const paletteTop = h('div'), paletteBottom = h('div'), boardSlot = h('div', { class: 'editor-board' });
  const boardBox = h('div', { class: 'board-box' }, paletteTop, boardSlot, paletteBottom);
  const handsBox = h('div', { class: 'hand-editors' });
  // The piece guide on the palettes' and hands' pieces (those with data-token and data-side).
  for (const el of [paletteTop, paletteBottom, handsBox]) attachPieceGuide(el, () => v, () => rules.read());
  const hint = h('p', { class: 'hint' });
  const fenCheck = h('div', { class: 'fen-check', 'data-testid': 'fen-check', role: 'status' });
  const error = h('div', { class: 'error' });
  const toolButton = (t: 'move' | 'delete', label: string) => h('button', { 'data-testid': `tool-${t}`, onclick: () => setTool(t) }, label);
  const tools = [toolButton('move', 'Move pieces'), toolButton('delete', 'Delete')];
  // The new-game form's rule choices, folded: most positions are set under the default rules,
  // and a phone has little room. The summary says which rules are chosen.
  const rulesSummary = h('summary', { 'data-testid': 'editor-rules-summary' });
  const rulesBox = h('div');
  const rulesChoice = h('details', { class: 'editor-rules', 'data-testid': 'editor-rules' }, rulesSummary, rulesBox);
  let rules = ruleOptionControls('');
  const showRules = () => {
    const chosen = rules.read();
    rulesSummary.textContent = `Rules: ${chosen.length ? describeOptions(v.id, chosen) : 'standard'}`;
  };
  rulesChoice.addEventListener('change', () => {
    showRules();
    remember(fen.value);
  });

  let v = all[0];
  let board: EditorBoard | undefined;
  let fields: Fields;
  let tool: Tool = 'move';
  let paletteItems: { el: HTMLElement; piece: EditorPiece }[] = [];

  // The address holds the position, so that a reload keeps it and it can be shared.
  // The rule choice too, when there is one.
  const remember = (text: string) => {
    const options = rules.read();
    const query: Record<string, string> = { game: v.id, fen: text.trim() };
    if (options.length) query.options = options.join(',');
    history.replaceState(null, '', `/editor?${new URLSearchParams(query)}`);
    checkText(text);
  };
  // Whether the server reads the text as a position, asked a moment after the typing stops; only
  // the answer for the text still shown counts.
  let checking: ReturnType<typeof setTimeout> | undefined, checked = '';
  const checkText = (text: string) => {
    const key = `${v.id} ${rules.read().join(',')} ${text.trim()}`;
    if (key === checked) return;
    checked = key;
    clearTimeout(checking);
    fenCheck.className = 'fen-check';
    fenCheck.textContent = 'Checking the position…';
    checking = setTimeout(async () => {
      const verdict = await positionsAlong({ game: v.id, fen: text.trim(), moves: [], options: rules.read() })
        .then(() => null, (e) => (e as Error).message);
      if (key !== checked) return;
      fenCheck.className = `fen-check ${verdict ? 'bad' : 'ok'}`;
      fenCheck.dataset.valid = String(!verdict);
      fenCheck.textContent = verdict ? `Not a valid position: ${verdict}` : 'A valid position.';
    }, 250);
  };
  // Board and controls to text.
  const sync = () => {
    if (!board) return;
    fields = {
      ...fields,
      board: board.readBoard(),
      hands: board.readHands(),
      side: side.value as Side,
      moveNumber: Math.max(1, parseInt(moveNumber.value) || 1),
    };
    fen.value = writeText(v, fields);
    remember(fen.value);
    drawHands();
  };
  // Text to board and controls; the text itself stays as the user typed it.
  const load = (text: string) => {
    fields = readText(v, text);
    board!.writeBoard(fields.board);
    board!.writeHands(fields.hands);
    side.value = fields.side;
    moveNumber.value = String(fields.moveNumber);
    remember(text);
    drawHands();
  };
  const show = (text: string) => {
    fen.value = text;
    load(text);
  };

  function setTool(t: Tool) {
    tool = t;
    tools[0].classList.toggle('active', t === 'move');
    tools[1].classList.toggle('active', t === 'delete');
    for (const item of paletteItems) item.el.classList.toggle('selected', isPiece(t) && samePiece(item.piece, t));
    boardSlot.classList.toggle('tool-active', t !== 'move');
  }

  // A palette piece: pressing it makes it the tool; dragging it puts one on the square (or into
  // the hand) it is released over. A press without a drag on the piece that already was the tool
  // drops the tool.
  function pickUp(e: PointerEvent, p: EditorPiece) {
    if (e.button !== 0 || !board) return;
    e.preventDefault();
    const wasTool = isPiece(tool) && samePiece(tool, p);
    setTool(p);
    const size = boardSlot.querySelector('.board-el')!.getBoundingClientRect().width / v.files;
    const ghost = h('div', { class: `${board.paletteClass()} drag-ghost` }, h('piece', { class: board.pieceClass(p) }));
    ghost.style.width = ghost.style.height = `${size}px`;
    let dragging = false;
    const move = (ev: PointerEvent) => {
      if (!dragging && Math.hypot(ev.clientX - e.clientX, ev.clientY - e.clientY) < 4) return;
      if (!dragging) document.body.append(ghost);
      dragging = true;
      ghost.style.transform = `translate(${ev.clientX - size / 2}px, ${ev.clientY - size / 2}px)`;
    };
    const end = (ev: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      ghost.remove();
      if (!dragging) {
        if (wasTool) setTool('move');
        return;
      }
      if (ev.type !== 'pointerup' || !board) return;
      const key = board.keyAt(ev.clientX, ev.clientY), hand = board.handAt(ev.clientX, ev.clientY);
      // Like a piece captured, one dropped on a hand goes there unpromoted, as that hand's.
      if (key) board.put(key, p);
      else if (hand) board.addToHand({ token: p.token, side: hand }, 1);
      else return;
      sync();
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
  }

  // With a piece or the delete tool, a press on the board edits that square and the board
  // library never sees it (it would select or drag the piece there).
  const boardDown = (e: MouseEvent | TouchEvent) => {
    if (tool === 'move' || !board) return;
    const point = 'touches' in e ? e.touches[0] : e;
    if (!('touches' in e) && e.button !== 0) return;
    const key = board.keyAt(point.clientX, point.clientY);
    if (!key) return;
    e.preventDefault();
    e.stopPropagation();
    board.put(key, isPiece(tool) && !samePiece(board.at(key), tool) ? tool : null);
    sync();
  };
  boardSlot.addEventListener('mousedown', boardDown, { capture: true });
  boardSlot.addEventListener('touchstart', boardDown, { capture: true, passive: false });

  function palette(s: Side): HTMLElement {
    const row = (promoted: boolean) => {
      const kinds = v.kinds.filter((k) => k.token.startsWith('+') === promoted);
      return h('div', { class: 'palette-row' }, ...kinds.map((k) => {
        const piece = { token: k.token, side: s };
        const el = h('piece', {
          class: board!.pieceClass(piece),
          title: `${v.colors[s === 'first' ? 0 : 1]} ${k.name}`,
          'data-testid': `palette-${s}-${k.token}`,
          'data-token': k.token,
          'data-side': s,
          onpointerdown: (e: PointerEvent) => pickUp(e, piece),
        });
        paletteItems.push({ el, piece });
        return el;
      }));
    };
    const el = h('div', { class: `${board!.paletteClass()} palette-${s}`, 'data-testid': `palette-${s}` }, row(false));
    if (v.kinds.some((k) => k.token.startsWith('+'))) el.append(row(true));
    // One row per kind of piece where there is room, two on a phone: pieces big enough to touch.
    const longest = v.kinds.filter((k) => !k.token.startsWith('+')).length;
    el.style.setProperty('--palette-size', String(Math.max(v.files, longest)));
    el.style.setProperty('--palette-phone-size', String(longest > v.files ? Math.ceil(longest / 2) : v.files));
    return el;
  }
  const drawPalettes = () => {
    paletteItems = [];
    const bottom = board!.bottom();
    paletteTop.replaceChildren(palette(other(bottom)));
    paletteBottom.replaceChildren(palette(bottom));
    setTool(tool);
  };

  function drawHands() {
    if (!v.drops || !board) return handsBox.replaceChildren();
    const b = board;
    handsBox.replaceChildren(...(['first', 'second'] as Side[]).map((s) => {
      const cells = v.hand_kinds.map((token) => {
        const p = { token, side: s }, n = b.inHand(p);
        const button = (label: string, delta: number, name: string) => {
          const el = h('button', { 'data-testid': `hand-${s}-${token}-${name}`, onclick: () => { b.addToHand(p, delta); sync(); } }, label) as HTMLButtonElement;
          el.disabled = n + delta < 0;
          return el;
        };
        return h('div', { class: n ? 'hand-cell' : 'hand-cell empty', title: v.kinds.find((k) => k.token === token)?.name ?? token },
          h('piece', { class: b.pieceClass(p), 'data-token': token, 'data-side': s }),
          button('−', -1, 'minus'),
          h('span', { class: 'count', 'data-testid': `hand-${s}-${token}` }, String(n)),
          button('+', 1, 'plus'));
      });
      return h('div', { class: `${b.paletteClass()} hand-editor` },
        h('h3', {}, `In ${v.colors[s === 'first' ? 0 : 1]}'s hand`), h('div', { class: 'hand-grid' }, ...cells));
    }));
  }

  const selectGame = (text: string) => {
    v = all.find((x) => x.id === game.value)!;
    error.textContent = '';
    board?.destroy();
    applyPieceStyle(v, prefs().style);
    board = withGuide(createEditorBoard(v, boardSlot, text, sync, () => rules.read()));
    const sides = (label: (c: string) => string) => v.colors.map((c, i) => h('option', { value: i ? 'second' : 'first' }, label(c)));
    side.replaceChildren(...sides((c) => `${c} to move`));
    mySide.replaceChildren(...sides((c) => `as ${c}`));
    setups.replaceChildren(h('option', { value: '' }, 'Handicaps…'), ...v.setups.map((x) => h('option', { value: x.fen }, x.name)));
    setups.hidden = v.setups.length === 0;
    hint.textContent = `Drag pieces from the palettes onto the board${v.drops ? ' or a hand' : ''}, or pick one and click squares. ` +
      `Drag a piece off the board to remove it${v.drops ? ', or onto a hand to put it there' : ''}.`;
    rules = ruleOptionControls(v.id);
    rulesBox.replaceChildren(rules.el);
    rulesChoice.hidden = !RULE_OPTIONS[v.id]?.length;
    restLabel.hidden = !v.drops;
    showRules();
    drawPalettes();
    setTool('move');
    show(text);
  };
  const clear = () => {
    show(writeText(v, { ...fields, board: emptyBoard(v), hands: '-', extra: readText(v, v.start_fen).extra }));
  };
  let orientation: Side = 'first';  // follows "Flip board", for the diagrams
  const flip = () => {
    board!.flip();
    orientation = orientation === 'first' ? 'second' : 'first';
    drawPalettes();
    drawHands();
  };
  game.onchange = () => selectGame(all.find((x) => x.id === game.value)!.start_fen);
  setups.onchange = () => {
    if (setups.value) show(setups.value);
    setups.value = '';
  };
  fen.oninput = () => load(fen.value);
  side.onchange = sync;
  moveNumber.oninput = sync;
  const start = async () => {
    error.textContent = '';
    try {
      await startGame({ game: game.value, options: rules.read(), fen: fen.value.trim(), color: mySide.value, opponent: { kind: opponent.value, strength: 4 } });
    } catch (e) {
      error.textContent = (e as Error).message;
    }
  };

  // "Make a problem": the server proves the mate (the side to move attacks; its royal may be
  // left out) and gives the problem's link.
  const problemBox = h('div', { 'data-testid': 'problem-made' });
  // Tsume's convention for a game with drops: the hands need not be written out.
  const restToDefender = h('input', { type: 'checkbox', 'data-testid': 'rest-to-defender' }) as HTMLInputElement;
  const restLabel = h('label', { class: 'hint' }, restToDefender, ' the defender holds the rest of the set');
  const makeProblem = async (e: Event) => {
    const button = e.currentTarget as HTMLButtonElement;
    error.textContent = '';
    problemBox.textContent = 'Kirin is checking the problem…';
    button.disabled = true;
    try {
      const p = await makeProblemOnServer(game.value, fen.value.trim(), rules.read(), v.drops && restToDefender.checked);
      const cooks = p.alternative_moves.length ? ` Other first moves that mate as fast: ${p.alternative_moves.map((a) => a.move).join(', ')}.` : '';
      const unproven = p.key_unique === null ? ' Kirin could not prove in its time that the key is the only one.' : '';
      problemBox.replaceChildren(`Mate in ${Math.ceil(p.plies / 2)}: ${p.solution.join(' ')}.${cooks}${unproven} `,
        h('a', { href: p.url, 'data-testid': 'problem-link' }, location.origin + p.url));
    } catch (err) {
      problemBox.textContent = '';
      error.textContent = (err as Error).message;
    } finally {
      button.disabled = false;
    }
  };

  root.replaceChildren(h('div', { class: 'game-layout' }, boardBox,
    h('div', { class: 'panel' },
      h('h2', {}, 'Position editor'),
      h('label', {}, 'Game ', game),
      h('div', { class: 'tools' }, ...tools),
      h('div', {},
        h('button', { onclick: () => show(v.start_fen), 'data-testid': 'start-position' }, 'Start position'),
        h('button', { onclick: clear, 'data-testid': 'clear' }, 'Clear board'),
        h('button', { onclick: flip, 'data-testid': 'flip' }, 'Flip board'),
        setups),
      h('div', {}, ...(['svg', 'png'] as const).map((format) => h('button', {
        'data-testid': `editor-diagram-${format}`,
        onclick: () => window.open(diagramUrl({ game: game.value, fen: fen.value.trim(), moves: [], pieces: prefs().style, orientation, options: rules.read() }, format), '_blank'),
      }, `Diagram (${format.toUpperCase()})`))),
      h('div', { class: 'turn' }, side, h('label', {}, 'Move ', moveNumber)),
      handsBox,
      h('label', { class: 'wide' }, 'SFEN/FEN ', fen),
      fenCheck,
      hint,
      rulesChoice,
      h('label', {}, 'Play ', opponent, ' ', mySide), h('button', { onclick: start, 'data-testid': 'editor-start' }, 'Start from this position'),
      h('div', {}, h('button', { onclick: makeProblem, 'data-testid': 'make-problem' }, 'Make a problem'),
        h('span', { class: 'hint' }, ' the side to move mates'), ' ', restLabel),
      problemBox,
      error)));
  const asked = new URLSearchParams(location.search);
  const askedGame = all.find((x) => x.id === asked.get('game'));
  if (askedGame) game.value = askedGame.id;
  selectGame((askedGame && asked.get('fen')) || (askedGame ?? v).start_fen);
  if (askedGame && asked.get('options')) {
    rules.write(asked.get('options')!.split(','));
    showRules();
    remember(fen.value);
  }
}
