// The home page's new game or challenge: game, rule options, start (standard, handicap, or an
// imported position and moves), opponent (Kirin at a strength, an open challenge in the lobby, a
// person by private link, or a player by name), colour and time control.
import { currentAccount } from '../../api/client';
import type { VariantInfo } from '../../api/types';
import { t } from '../../i18n';
import { clockSpec, timeControls } from '../../model/clock';
import { errorText } from '../../model/error_words';
import { colorOf, gameName, setupName } from '../../model/games';
import { h, oneAtATime } from '../../widgets/dom';
import { myName, nameField, savedName } from '../../widgets/players';
import { ruleOptionControls } from '../../widgets/rule_options';
import { startGame } from '../../widgets/seat_tokens';

// The opponent, Kirin's strength or the player's name, and whether the game is casual or rated.
function opponentControls() {
  const opponent = h('select', { name: 'opponent', 'data-testid': 'opponent' },
    h('option', { value: 'kirin' }, t('home.opponentKirin')),
    h('option', { value: 'open' }, t('home.opponentOpen')),
    h('option', { value: 'human' }, t('home.opponentFriend')),
    h('option', { value: 'named' }, t('home.opponentNamed'))) as HTMLSelectElement;
  const opponentName = h('input', { name: 'opponent-name', maxlength: '20', placeholder: t('home.opponentNamePlaceholder'), 'data-testid': 'opponent-name' }) as HTMLInputElement;
  const strength = h('select', { name: 'strength', 'data-testid': 'strength' },
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => h('option', { value: String(n) }, t('common.level', { level: n })))) as HTMLSelectElement;
  strength.value = '4';
  const strengthLabel = h('label', {}, `${t('home.strength')} `, strength), nameLabel = h('label', { hidden: '' }, `${t('home.player')} `, opponentName);
  // Casual (take-backs allowed) or rated (for a player logged in: against a player with an
  // account, an open challenge or one by name, with a clock, no take-backs): one switch, a hint
  // under it saying what the choice means.
  const casual = h('input', { type: 'radio', name: 'mode', value: 'casual', checked: '', 'data-testid': 'casual' }) as HTMLInputElement;
  const rated = h('input', { type: 'radio', name: 'mode', value: 'rated', 'data-testid': 'rated' }) as HTMLInputElement;
  const modeHint = h('p', { class: 'hint', 'data-testid': 'mode-hint' });
  let loggedIn = false;
  const explain = () => { modeHint.textContent = t(rated.checked ? 'home.ratedHint' : loggedIn ? 'home.casualHint' : 'home.casualHintLogIn'); };
  const mode = h('div', { class: 'mode-switch', role: 'radiogroup', 'data-testid': 'mode' },
    h('label', {}, casual, ` ${t('home.casual')}`), h('label', {}, rated, ` ${t('home.rated')}`), modeHint);
  rated.disabled = true;
  explain();
  void currentAccount().then((a) => { loggedIn = !!a; rated.disabled = !a; explain(); });
  opponent.onchange = () => {
    strengthLabel.hidden = opponent.value !== 'kirin';
    nameLabel.hidden = opponent.value !== 'named';
    // Kirin and a private link's anonymous guest have no rating.
    if (opponent.value === 'kirin' || opponent.value === 'human') casual.checked = true;
    explain();
  };
  casual.onchange = explain;
  rated.onchange = () => {
    explain();
    if (!rated.checked || opponent.value === 'open' || opponent.value === 'named') return;
    opponent.value = 'open';
    opponent.dispatchEvent(new Event('change'));
  };
  const o = () => opponent.value;
  return {
    opponent, strengthLabel, nameLabel, mode,
    // The new game's fields for them.
    spec: async () => ({
      // The server's two fields (docs/api.md): a rated game is not casual.
      casual: !rated.checked,
      ...(rated.checked ? { rated: true } : {}),
      opponent: o() === 'kirin' ? { kind: 'kirin', strength: Number(strength.value) }
        : o() === 'open' ? { kind: 'human', open: true }
        : o() === 'named' ? { kind: 'human', name: opponentName.value.trim() } : { kind: 'human' },
      // Against Kirin the name is not asked for, only sent when known.
      name: o() === 'kirin' ? savedName() || undefined : await myName(),
    }),
  };
}

// A start position and moves, or a whole record, typed or as a file.
function importControls() {
  const text = h('textarea', { rows: '3', placeholder: t('home.importPlaceholder') }) as HTMLTextAreaElement;
  // A record file goes to the server as its bytes: old xiangqi files in GBK or Big5 would be
  // mangled if the browser read them as text; the server finds the encoding.
  const file = h('input', { type: 'file', accept: '.pgn,.kif,.txt,.xqf,.usi,.gc', 'data-testid': 'record-file' }) as HTMLInputElement;
  const fileBase64 = async (f: File) => {
    const bytes = new Uint8Array(await f.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  };
  return {
    text, file,
    spec: async () => {
      const f = file.files?.[0];
      const typed = f ? '' : text.value.trim();
      const lines = typed.split('\n');
      // Two lines or fewer whose first has the board's slashes: a position and moves; else a record.
      const positionAndMoves = !typed || (lines.length <= 2 && lines[0].split('/').length >= 9 && !lines[0].startsWith('position'));
      const [fen = '', moves = ''] = positionAndMoves ? lines : [];
      return { fen: fen.trim(), moves: moves.split(/\s+/).filter(Boolean), record: positionAndMoves ? '' : typed, ...(f ? { record_base64: await fileBase64(f) } : {}) };
    },
  };
}

export function newGameForm(all: VariantInfo[]): HTMLElement {
  const game = h('select', { name: 'game', 'data-testid': 'game' }, ...all.map((v) => h('option', { value: v.id }, gameName(v.id)))) as HTMLSelectElement;
  const setup = h('select', { name: 'setup' }) as HTMLSelectElement;
  const ruleBox = h('div', {});
  let rules = ruleOptionControls(game.value);
  const them = opponentControls(), imported = importControls();
  const color = h('select', { name: 'color', 'data-testid': 'color' }) as HTMLSelectElement;
  const timeControl = h('select', { name: 'clock', 'data-testid': 'clock' }) as HTMLSelectElement;
  const error = h('div', { class: 'error' });
  // The choices that depend on the game.
  const fill = () => {
    const v = all.find((x) => x.id === game.value)!;
    setup.replaceChildren(h('option', { value: '' }, t('common.standard')), ...v.setups.map((s) => h('option', { value: s.name }, setupName(s.name))));
    timeControl.replaceChildren(...timeControls(game.value).map(([value, label]) => h('option', { value }, label)));
    const was = color.value || 'first';
    color.replaceChildren(h('option', { value: 'first' }, t('home.movesFirst', { side: colorOf(v, 'first') })), h('option', { value: 'second' }, colorOf(v, 'second')), h('option', { value: 'random' }, t('common.random')));
    color.value = was;
    rules = ruleOptionControls(game.value);
    ruleBox.replaceChildren(rules.el);
  };
  game.onchange = fill;
  fill();
  const create = async () => {
    error.textContent = '';
    try {
      await startGame({ game: game.value, setup: setup.value, options: rules.read(), ...(await imported.spec()), color: color.value, ...(await them.spec()), ...clockSpec(timeControl.value) });
    } catch (e) {
      error.textContent = errorText(e);
    }
  };
  // The parts few games need (the rules' details, another start, an import) folded away, so that
  // Start is in view at once.
  const more = h('details', { class: 'more-options', 'data-testid': 'more-options' }, h('summary', {}, t('home.moreOptions')),
    h('fieldset', {}, h('legend', {}, t('home.rules')), ruleBox),
    h('label', {}, `${t('home.start')} `, setup),
    h('label', { class: 'wide' }, `${t('home.import')} `, imported.text),
    h('label', { class: 'wide' }, `${t('home.recordFile')} `, imported.file));
  return h('section', { class: 'new-game' },
    h('h2', {}, t('home.createGame')),
    nameField(),
    h('label', {}, `${t('home.game')} `, game),
    h('label', {}, `${t('home.opponent')} `, them.opponent),
    them.strengthLabel,
    them.nameLabel,
    h('label', {}, `${t('home.yourSide')} `, color),
    h('label', {}, `${t('home.timeControl')} `, timeControl),
    them.mode,
    more,
    h('button', { onclick: oneAtATime(create), 'data-testid': 'create' }, t('home.startButton')),
    error);
}
