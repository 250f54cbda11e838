// The home page: the lobby (open challenges, games being played now), and a new game or
// challenge: game, rule options, start (standard, handicap, or an imported position and moves),
// opponent (Kirin at a strength, an open challenge in the lobby, or a person by private link),
// colour and time control; and the recent games.
import { currentAccount, listGames, variants } from '../api/client';
import { clockSpec, timeControls } from '../model/clock';
import { GAME_NAMES } from '../model/games';
import { pliesText } from '../model/notation';
import { h, oneAtATime } from '../widgets/dom';
import { lobbyView } from '../widgets/lobby';
import { gameAndSeats, myName, nameField, savedName } from '../widgets/players';
import { ruleOptionControls } from '../widgets/rule_options';
import { startGame } from '../widgets/seat_tokens';
import { yourTurnView } from '../widgets/your_turn';

export async function newPage(root: HTMLElement) {
  const all = await variants();
  const game = h('select', { name: 'game', 'data-testid': 'game' }, ...all.map((v) => h('option', { value: v.id }, GAME_NAMES[v.id] ?? v.name))) as HTMLSelectElement;
  const setup = h('select', { name: 'setup' }) as HTMLSelectElement;
  const ruleBox = h('div', {});
  let rules = ruleOptionControls(game.value);
  const opponent = h('select', { name: 'opponent', 'data-testid': 'opponent' },
    h('option', { value: 'kirin' }, 'Kirin'),
    h('option', { value: 'open' }, 'Anyone (a challenge in the lobby)'),
    h('option', { value: 'human' }, 'A friend (a private link)'),
    h('option', { value: 'named' }, 'A player by name (logged in)')) as HTMLSelectElement;
  const opponentName = h('input', { name: 'opponent-name', maxlength: '20', placeholder: 'their account\'s name', 'data-testid': 'opponent-name' }) as HTMLInputElement;
  const opponentNameLabel = h('label', { hidden: '' }, 'Player ', opponentName);
  const strength = h('select', { name: 'strength', 'data-testid': 'strength' },
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => h('option', { value: String(n) }, `Level ${n}`))) as HTMLSelectElement;
  strength.value = '4';
  const strengthLabel = h('label', {}, 'Kirin\'s strength ', strength);
  opponent.onchange = () => {
    strengthLabel.hidden = opponent.value !== 'kirin';
    opponentNameLabel.hidden = opponent.value !== 'named';
    // Kirin and a private link's anonymous guest have no rating.
    if (opponent.value === 'kirin' || opponent.value === 'human') rated.checked = false;
  };
  const color = h('select', { name: 'color', 'data-testid': 'color' }) as HTMLSelectElement;
  const casual = h('input', { type: 'checkbox', checked: '' }) as HTMLInputElement;
  // A rated game (for a player logged in): against a player with an account (an open challenge or
  // one by name), with a clock, no take-backs.
  const rated = h('input', { type: 'checkbox', 'data-testid': 'rated' }) as HTMLInputElement;
  const ratedLabel = h('label', { hidden: '' }, rated, ' rated (against a player with an account, with a clock; no take-backs)');
  void currentAccount().then((a) => { ratedLabel.hidden = !a; });
  rated.onchange = () => {
    if (!rated.checked) return;
    casual.checked = false;
    if (opponent.value === 'open' || opponent.value === 'named') return;
    opponent.value = 'open';
    opponent.dispatchEvent(new Event('change'));
  };
  const timeControl = h('select', { name: 'clock', 'data-testid': 'clock' }) as HTMLSelectElement;
  const fillTimeControls = () => timeControl.replaceChildren(...timeControls(game.value).map(([value, label]) => h('option', { value }, label)));
  const importText = h('textarea', { rows: '3', placeholder: 'Optional: a start position (SFEN/FEN) on the first line and moves on the second, or a whole record (KIF, PGN in WXF, ICCS or Chinese, DhtmlXQ, Game Courier, USI)' }) as HTMLTextAreaElement;
  // A record file goes to the server as its bytes: old xiangqi files in GBK or Big5 would be
  // mangled if the browser read them as text; the server finds the encoding.
  const recordFile = h('input', { type: 'file', accept: '.pgn,.kif,.txt,.xqf,.usi,.gc', 'data-testid': 'record-file' }) as HTMLInputElement;
  const fileBase64 = async (f: File) => {
    const bytes = new Uint8Array(await f.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  };
  const error = h('div', { class: 'error' });
  const fillSetups = () => {
    const v = all.find((x) => x.id === game.value)!;
    setup.innerHTML = '';
    setup.append(h('option', { value: '' }, 'Standard'), ...v.setups.map((s) => h('option', { value: s.name }, s.name)));
  };
  const fillColors = () => {
    const v = all.find((x) => x.id === game.value)!;
    const was = color.value || 'first';
    color.innerHTML = '';
    color.append(h('option', { value: 'first' }, `${v.colors[0]} (moves first)`), h('option', { value: 'second' }, v.colors[1]), h('option', { value: 'random' }, 'Random'));
    color.value = was;
  };
  const fillRules = () => {
    rules = ruleOptionControls(game.value);
    ruleBox.replaceChildren(rules.el);
  };
  game.onchange = () => { fillSetups(); fillTimeControls(); fillColors(); fillRules(); };
  fillSetups();
  fillTimeControls();
  fillColors();
  fillRules();
  const create = async () => {
    error.textContent = '';
    const file = recordFile.files?.[0];
    const text = file ? '' : importText.value.trim();
    const lines = text.split('\n');
    // Two lines or fewer whose first has the board's slashes: a position and moves; else a record.
    const positionAndMoves = !text || (lines.length <= 2 && lines[0].split('/').length >= 9 && !lines[0].startsWith('position'));
    const [fen = '', moves = ''] = positionAndMoves ? lines : [];
    try {
      await startGame({
        game: game.value,
        setup: setup.value,
        options: rules.read(),
        fen: fen.trim(),
        moves: moves.split(/\s+/).filter(Boolean),
        record: positionAndMoves ? '' : text,
        ...(file ? { record_base64: await fileBase64(file) } : {}),
        color: color.value,
        casual: casual.checked,
        ...(rated.checked ? { rated: true } : {}),
        opponent: opponent.value === 'kirin' ? { kind: 'kirin', strength: Number(strength.value) }
          : opponent.value === 'open' ? { kind: 'human', open: true }
          : opponent.value === 'named' ? { kind: 'human', name: opponentName.value.trim() } : { kind: 'human' },
        // Against Kirin the name is not asked for, only sent when known.
        name: opponent.value === 'kirin' ? savedName() || undefined : await myName(),
        ...clockSpec(timeControl.value),
      });
    } catch (e) {
      error.textContent = (e as Error).message;
    }
  };
  const recent = h('ul', { class: 'recent' });
  root.innerHTML = '';
  const lobby = lobbyView(all);
  root.append(h('div', { class: 'home' },
    h('div', { class: 'home-main' }, (await currentAccount()) ? yourTurnView() : '', lobby.challenges, lobby.playing, h('section', { class: 'recent-games' }, h('h2', {}, 'Recent games'), recent)),
    h('section', { class: 'new-game' },
      h('h2', {}, 'Create a game'),
      nameField(),
      h('label', {}, 'Game ', game),
      h('fieldset', {}, h('legend', {}, 'Rules'), ruleBox),
      h('label', {}, 'Start ', setup),
      h('label', {}, 'Opponent ', opponent),
      strengthLabel,
      opponentNameLabel,
      h('label', {}, 'Your side ', color),
      h('label', {}, 'Time control ', timeControl),
      h('label', {}, casual, ' casual (take-backs allowed)'),
      ratedLabel,
      h('label', { class: 'wide' }, 'Import ', importText),
      h('label', { class: 'wide' }, 'or a record file ', recordFile),
      h('button', { onclick: oneAtATime(create), 'data-testid': 'create' }, 'Start'),
      error)));
  // A player by the name they chose (an account's a link to its page), Kirin by its level.
  for (const g of (await listGames()).games)
    recent.append(h('li', {}, ...gameAndSeats(g.id, g.game, g.names), h('span', { class: 'hint' }, ` · ${pliesText(g.plies)}${g.result ? ` · ${g.result}` : ''}`)));
}
