// Display names: the player's own (asked once in the page, kept in localStorage, editable), and how a seat
// of a game is named ("Kirin (level 4)", the player's name, or "Anonymous").
import { currentAccount } from './account_bar';
import { h } from './dom';

const KEY = 'kirin-name';

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
    const input = h('input', { maxlength: '30', placeholder: 'Your display name', 'data-testid': 'name-dialog-input', class: 'name-input' }) as HTMLInputElement;
    const dialog = h('dialog', { class: 'name-dialog', 'data-testid': 'name-dialog' },
      h('form', { method: 'dialog' },
        h('label', {}, 'Your display name: others see it in the lobby and in your games.', input),
        h('div', { class: 'dialog-buttons' },
          h('button', { value: 'ok', class: 'primary', 'data-testid': 'name-dialog-ok' }, 'OK'),
          h('button', { value: 'anonymous', formnovalidate: '', 'data-testid': 'name-dialog-anonymous' }, 'Stay anonymous')))) as HTMLDialogElement;
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
  const input = h('input', { value: savedName(), maxlength: '30', placeholder: 'Your display name', 'data-testid': 'display-name', class: 'name-input' }) as HTMLInputElement;
  input.oninput = () => localStorage.setItem(KEY, input.value.trim());
  return h('label', { class: 'name-field' }, 'Your name ', input);
}

// A rated game's seat has its player's rating before the game and, once rated, the change;
// account_closed: its account was closed since.
export interface Seat {
  kind: 'kirin' | 'human'; strength: number; player?: string | null; account?: string | null; account_closed?: boolean;
  rating?: number | null; provisional?: boolean; rating_diff?: number | null;
}

// A rating as players read it: "1500?" while it is provisional (its deviation above 110).
export const ratingText = (rating: number, provisional?: boolean) => `${rating}${provisional ? '?' : ''}`;
export const diffText = (diff: number) => (diff > 0 ? `+${diff}` : diff < 0 ? `−${-diff}` : '±0');

// A seat's name with its rating and, once rated, the change: "alice (1500?) +12".
export const seatWithRating = (s: Seat | undefined) => seatName(s) + ratingAfterName(s);

const ratingAfterName = (s: Seat | undefined) =>
  (s?.rating ? ` (${ratingText(s.rating, s.provisional)})` : '') + (s?.rating_diff != null ? ` ${diffText(s.rating_diff)}` : '');

export const seatName = (s: Seat | undefined) =>
  !s ? '?' : s.kind === 'kirin' ? `Kirin (level ${s.strength})` : s.player || s.account || 'Anonymous';

// An account's name (or the display name `text` its seat shows) as a link to its player page;
// where there is no account (an anonymous player, Kirin) the text alone. Always a text node
// inside: a name is never markup.
export const playerLink = (account: string | null | undefined, text = account ?? ''): Node =>
  account ? h('a', { class: 'player-link', href: `/@/${encodeURIComponent(account)}` }, text) : document.createTextNode(text);

// A seat as seatWithRating writes it, with its account's name linked to its page; a closed
// account's name is muted with " (closed)" after it (as lishogi greys it out). `self`: the
// account whose page this is, named without a link.
export function seatView(s: Seat | undefined, self = ''): HTMLElement {
  const name = seatName(s);
  const account = s?.kind === 'human' && s.account?.toLowerCase() !== self.toLowerCase() ? s.account : null;
  const who = s?.account_closed
    ? h('span', { class: 'closed-account' }, playerLink(account, name), h('span', { class: 'closed-mark' }, ' (closed)'))
    : playerLink(account, name);
  return h('span', { class: 'seat' }, who, ratingAfterName(s));
}
