// The player's account: who is logged in (the server's session cookie, which no script can read),
// signing up, logging in and out from the header, and where a new seat's token goes: a player
// who is logged in plays with the session, so the page keeps no token.
import { challengeNotices } from './challenge_notices';
import { ApiError } from '../api/client';
import { h, oneAtATime } from './dom';

export interface Account { name: string; created: number; closed: boolean }

// A POST of the account API (docs/api.md, Accounts): the server's one-line error as an ApiError.
export async function accountPost(path: string, body: object): Promise<{ account: Account | null }> {
  const res = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const data = await res.json();
  if (!res.ok) throw new ApiError(data.error || res.statusText);
  return data;
}

let current: Promise<Account | null> | undefined;
// The account this browser is logged in as, asked once per page.
export function currentAccount(): Promise<Account | null> {
  current ??= fetch('/api/account').then((r) => r.json()).then((d) => d.account ?? null, () => null);
  return current;
}

// A new seat's token, kept in this browser only for a player who is not logged in.
export async function keepSeatToken(id: string, token?: string) {
  if (token && !(await currentAccount())) localStorage.setItem(`kirin-token-${id}`, token);
}

// The sign-up and log-in form, as a dialog; resolves once it is closed (reloading the page on
// success, so that every part of it sees the session).
function accountDialog(mode: 'signup' | 'login') {
  const name = h('input', { name: 'name', autocomplete: 'username', maxlength: '20', required: '', 'data-testid': 'account-name' }) as HTMLInputElement;
  const password = h('input', { name: 'password', type: 'password', autocomplete: mode === 'signup' ? 'new-password' : 'current-password', minlength: '8', maxlength: '256', required: '', 'data-testid': 'account-password' }) as HTMLInputElement;
  const error = h('div', { class: 'error', 'data-testid': 'account-error' });
  const title = mode === 'signup' ? 'Sign up' : 'Log in';
  const form = h('form', { class: 'account-form' },
    h('h3', {}, title),
    h('label', {}, 'Name', name),
    mode === 'signup' ? h('p', { class: 'hint-text' }, '2 to 20 letters, digits, _ or -. Others see it in your games.') : '',
    h('label', {}, 'Password', password),
    mode === 'signup' ? h('p', { class: 'hint-text' }, 'At least 8 characters.') : '',
    error,
    h('div', { class: 'dialog-buttons' },
      h('button', { type: 'submit', class: 'primary', 'data-testid': 'account-submit' }, title),
      h('button', { type: 'button', onclick: () => dialog.close(), 'data-testid': 'account-cancel' }, 'Cancel'))) as HTMLFormElement;
  const dialog = h('dialog', { class: 'name-dialog account-dialog', 'data-testid': 'account-dialog' }, form) as HTMLDialogElement;
  form.onsubmit = async (e) => {
    e.preventDefault();
    error.textContent = '';
    try {
      await accountPost(`/api/account/${mode}`, { name: name.value, password: password.value });
      location.reload();
    } catch (err) {
      error.textContent = (err as Error).message;
    }
  };
  dialog.onclose = () => dialog.remove();
  document.body.append(dialog);
  dialog.showModal();
  name.focus();
}

// The header's account corner: "Sign up" and "Log in", or the name (as text) and "Log out".
export async function accountBar(header: HTMLElement) {
  const box = h('div', { class: 'account-bar', 'data-testid': 'account-bar' });
  header.append(box);
  const a = await currentAccount();
  if (!a) {
    box.append(
      h('button', { class: 'link', onclick: () => accountDialog('signup'), 'data-testid': 'signup' }, 'Sign up'),
      h('button', { class: 'link', onclick: () => accountDialog('login'), 'data-testid': 'login' }, 'Log in'));
    return;
  }
  challengeNotices(header);
  box.append(
    h('a', { class: 'account-name', href: `/@/${encodeURIComponent(a.name)}`, title: 'Your page: ratings, games and account settings', 'data-testid': 'account-name-shown' }, a.name),
    h('button', { class: 'link', 'data-testid': 'logout', onclick: oneAtATime(async () => {
      await accountPost('/api/account/logout', {});
      location.reload();
    }) }, 'Log out'));
}
