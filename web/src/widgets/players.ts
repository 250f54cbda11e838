// Display names: the player's own (asked once in the page, kept in localStorage, editable), and a
// seat of a game shown with its account's name as a link (model/players.ts names it).
import { currentAccount } from '../api/client';
import type { Seat, Side } from '../api/types';
import { t, tParts } from '../i18n';
import { gameName } from '../model/games';
import { ratingAfterName, seatName } from '../model/players';
import { NAME_KEY as KEY } from '../model/storage_keys';
import { type Child, h } from './dom';
import { h as vh, toElement, type VNode } from './view';

export const savedName = () => localStorage.getItem(KEY) ?? '';

// The player's name, asking for it (in the page) the first time it is needed; "Anonymous" when
// the player would rather not say.
export async function myName(): Promise<string> {
  // A player who is logged in is known by the account's name.
  const account = await currentAccount();
  if (account) return account.name;
  let name = savedName();
  if (!name) {
    name = await askName();
    if (name) localStorage.setItem(KEY, name);
  }
  return name || 'Anonymous';
}

function askName(): Promise<string> {
  return new Promise((resolve) => {
    const input = h('input', { maxlength: '30', placeholder: t('players.displayName'), 'data-testid': 'name-dialog-input', class: 'name-input' }) as HTMLInputElement;
    const dialog = h('dialog', { class: 'name-dialog', 'data-testid': 'name-dialog' },
      h('form', { method: 'dialog' },
        h('label', {}, t('players.askName'), input),
        h('div', { class: 'dialog-buttons' },
          h('button', { value: 'ok', class: 'primary', 'data-testid': 'name-dialog-ok' }, t('common.ok')),
          h('button', { value: 'anonymous', formnovalidate: '', 'data-testid': 'name-dialog-anonymous' }, t('players.stayAnonymous'))))) as HTMLDialogElement;
    dialog.onclose = () => {
      dialog.remove();
      resolve(dialog.returnValue === 'ok' ? input.value.trim().slice(0, 30) : '');
    };
    document.body.append(dialog);
    dialog.showModal();
    input.focus();
  });
}

// A name field that saves as it is typed: for the home page.
export function nameField(): HTMLElement {
  const input = h('input', { value: savedName(), maxlength: '30', placeholder: t('players.displayName'), 'data-testid': 'display-name', class: 'name-input' }) as HTMLInputElement;
  input.oninput = () => localStorage.setItem(KEY, input.value.trim());
  return h('label', { class: 'name-field' }, `${t('home.yourName')} `, input);
}

// An account's name (or the display name `text` its seat shows) as a link to its player page;
// where there is no account (an anonymous player, Kirin) the text alone. Always a text node
// inside: a name is never markup.
export const playerLinkTree = (account: string | null | undefined, text = account ?? ''): VNode | string =>
  account ? vh('a.player-link', { attrs: { href: `/@/${encodeURIComponent(account)}` } }, text) : text;

// A seat as model/players.ts writes it ("alice (1500?) +12"), with its account's name linked to
// its page; a closed account's name is muted with " (closed)" after it (as lishogi greys it out).
// `self`: the account whose page this is, named without a link.
export function seatTree(s: Seat | undefined, self = ''): VNode {
  const name = seatName(s);
  const account = s?.kind === 'human' && s.account?.toLowerCase() !== self.toLowerCase() ? s.account : null;
  const who = s?.account_closed
    ? vh('span.closed-account', [playerLinkTree(account, name), vh('span.closed-mark', t('common.closed'))])
    : playerLinkTree(account, name);
  return vh('span.seat', [who, ratingAfterName(s)]);
}

// "Xiangqi: Alice (1500?) vs Bob": the game's name a link to it, each account's name a link to its
// page (the home page's lists, a player's games).
export const gameAndSeatsTree = (id: string, game: string, players: Record<Side, Seat>, self = ''): (VNode | string)[] =>
  [vh('a', { attrs: { href: `/g/${id}` } }, gameName(game)), ': ', ...tParts('common.vs', { first: seatTree(players.first, self), second: seatTree(players.second, self) })];

// The same as elements, for the parts of pages built once.
const asNode = (t: VNode | string): Node => (typeof t === 'string' ? document.createTextNode(t) : toElement(t));
export const playerLink = (account: string | null | undefined, text = account ?? '') => asNode(playerLinkTree(account, text));
export const seatView = (s: Seat | undefined, self = '') => toElement(seatTree(s, self));
export const gameAndSeats = (id: string, game: string, players: Record<Side, Seat>, self = ''): Child[] =>
  gameAndSeatsTree(id, game, players, self).map(asNode);
