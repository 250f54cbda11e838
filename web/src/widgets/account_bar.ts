// The header's account corner: signing up, logging in and out, and who is logged in (the
// server's session cookie, which no script can read: api/client.ts asks).
import { accountPost, currentAccount } from '../api/client';
import { challengeNotices } from './challenge_notices';
import { h, oneAtATime } from './dom';

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
      await accountPost('logout', {});
      location.reload();
    }) }, 'Log out'));
}
