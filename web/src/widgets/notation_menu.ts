// The player's notation (model/notations.ts): kept in this browser's localStorage and, for a
// logged-in player, in the account's preferences, so that another browser follows it (read once
// per page, written on each change); and the menu that chooses it.
import { accountPreferences, currentAccount, setPreferences } from '../api/client';
import { currentLanguage, t } from '../i18n';
import { gameName } from '../model/games';
import { defaultNotation, type NotationFamily, notationFamily, notationName, NOTATIONS, readChoice } from '../model/notations';
import { NOTATION_KEY } from '../model/storage_keys';
import { h } from './dom';

function stored() {
  try {
    return readChoice(JSON.parse(localStorage.getItem(NOTATION_KEY) ?? '{}'));
  } catch {
    return {};
  }
}

// The notation of `game`'s family as this browser has it now.
export function chosenNotation(game: string): string {
  const family = notationFamily(game);
  return stored()[family] ?? defaultNotation(family, currentLanguage());
}

// The notation of `game`, the account's choice (when logged in) taken first: where it differs,
// this browser keeps the account's.
export async function notationFor(game: string): Promise<string> {
  const account = readChoice((await accountPreferences())?.notation);
  if (Object.keys(account).length) localStorage.setItem(NOTATION_KEY, JSON.stringify({ ...stored(), ...account }));
  return chosenNotation(game);
}

// A new choice, kept here and (logged in) with the account; a failure to reach the account
// leaves this browser's.
export async function chooseNotation(family: NotationFamily, notation: string) {
  localStorage.setItem(NOTATION_KEY, JSON.stringify({ ...stored(), [family]: notation }));
  if (await currentAccount()) await setPreferences({ notation: { [family]: notation } }).catch(() => null);
}

// The menu for `game`'s family; `onChange` after a choice is kept, to write the page's moves anew.
export function notationMenu(game: string, onChange: (notation: string) => void, testid = 'notation'): HTMLElement {
  const family = notationFamily(game);
  const select = h('select', { 'data-testid': testid, 'data-game': game },
    ...NOTATIONS[family].map((n) => h('option', { value: n }, notationName(n)))) as HTMLSelectElement;
  select.value = chosenNotation(game);
  select.onchange = async () => {
    await chooseNotation(family, select.value);
    onChange(select.value);
  };
  return h('label', { class: 'notation-menu' }, `${t('notations.label')} `, select);
}

// The account's settings: a menu for each family (the player's own page), showing the account's
// choice once it is read.
export function notationSettings(): HTMLElement {
  const menu = (game: string, title: string) => h('p', {}, h('strong', {}, title), ' ', notationMenu(game, () => {}, `notation-${notationFamily(game)}`));
  const form = h('form', { class: 'account-form settings-form', 'data-testid': 'notation-settings' }, h('h3', {}, t('notations.title')),
    h('p', { class: 'hint-text' }, t('notations.hint')),
    menu('xiangqi', gameName('xiangqi')), menu('chushogi', t('notations.shogiGames')));
  void notationFor('xiangqi').then(() => form.querySelectorAll('select').forEach((s) => { s.value = chosenNotation(s.dataset.game ?? ''); }));
  return form;
}
