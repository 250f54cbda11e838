// The header's account corner: signing up, logging in and out, and who is logged in (the
// server's session cookie, which no script can read: api/client.ts asks).
import { accountPost, currentAccount } from '../api/client';
import type { Account } from '../api/types';
import { challengeNotices } from './challenge_notices';
import { h, oneAtATime } from './dom';
import { h as vh, view } from './view';

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
      await accountPost(mode, { name: name.value, password: password.value });
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

// The header's account corner: "Sign up" and "Log in", or the name (a link to the player's page)
// and "Log out"; empty until the server has said who is logged in.
export async function accountBar(header: HTMLElement) {
  let account: Account | null | undefined;
  const bar = view(() => vh('div.account-bar', { attrs: { 'data-testid': 'account-bar' } }, account === undefined ? [] : account ? [
    vh('a.account-name', { attrs: { href: `/@/${encodeURIComponent(account.name)}`, title: 'Your page: ratings, games and account settings', 'data-testid': 'account-name-shown' } }, account.name),
    vh('button.link', { attrs: { 'data-testid': 'logout' }, on: { click: oneAtATime(async () => {
      await accountPost('logout', {});
      location.reload();
    }) } }, 'Log out'),
  ] : [
    vh('button.link', { attrs: { 'data-testid': 'signup' }, on: { click: () => accountDialog('signup') } }, 'Sign up'),
    vh('button.link', { attrs: { 'data-testid': 'login' }, on: { click: () => accountDialog('login') } }, 'Log in'),
  ]));
  header.append(bar.el);
  account = await currentAccount();
  if (account) challengeNotices(header);
  bar.redraw();
}
