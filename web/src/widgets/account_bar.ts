// The header's account corner: signing up, logging in and out, and who is logged in (the
// server's session cookie, which no script can read: api/client.ts asks).
import { accountPost, currentAccount } from '../api/client';
import type { Account } from '../api/types';
import { t } from '../i18n';
import { errorText } from '../model/error_words';
import { challengeNotices } from './challenge_notices';
import { h, oneAtATime } from './dom';
import { tournamentNotice } from './tournament_notice';
import { h as vh, view } from './view';

// The sign-up and log-in form, as a dialog; resolves once it is closed (reloading the page on
// success, so that every part of it sees the session).
function accountDialog(mode: 'signup' | 'login') {
  const name = h('input', { name: 'name', autocomplete: 'username', maxlength: '20', required: '', 'data-testid': 'account-name' }) as HTMLInputElement;
  const password = h('input', { name: 'password', type: 'password', autocomplete: mode === 'signup' ? 'new-password' : 'current-password', minlength: '8', maxlength: '256', required: '', 'data-testid': 'account-password' }) as HTMLInputElement;
  const error = h('div', { class: 'error', 'data-testid': 'account-error' });
  const title = t(mode === 'signup' ? 'header.signUp' : 'header.logIn');
  const form = h('form', { class: 'account-form' },
    h('h3', {}, title),
    h('label', {}, t('account.name'), name),
    mode === 'signup' ? h('p', { class: 'hint-text' }, t('account.nameHint')) : '',
    h('label', {}, t('account.password'), password),
    mode === 'signup' ? h('p', { class: 'hint-text' }, t('account.passwordHint')) : '',
    error,
    h('div', { class: 'dialog-buttons' },
      h('button', { type: 'submit', class: 'primary', 'data-testid': 'account-submit' }, title),
      h('button', { type: 'button', onclick: () => dialog.close(), 'data-testid': 'account-cancel' }, t('common.cancel')))) as HTMLFormElement;
  const dialog = h('dialog', { class: 'name-dialog account-dialog', 'data-testid': 'account-dialog' }, form) as HTMLDialogElement;
  form.onsubmit = async (e) => {
    e.preventDefault();
    error.textContent = '';
    try {
      await accountPost(mode, { name: name.value, password: password.value });
      location.reload();
    } catch (err) {
      error.textContent = errorText(err);
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
    vh('a.account-name', { attrs: { href: `/@/${encodeURIComponent(account.name)}`, title: t('header.yourPage'), 'data-testid': 'account-name-shown' } }, account.name),
    vh('button.link', { attrs: { 'data-testid': 'logout' }, on: { click: oneAtATime(async () => {
      await accountPost('logout', {});
      location.reload();
    }) } }, t('header.logOut')),
  ] : [
    vh('button.link', { attrs: { 'data-testid': 'signup' }, on: { click: () => accountDialog('signup') } }, t('header.signUp')),
    vh('button.link', { attrs: { 'data-testid': 'login' }, on: { click: () => accountDialog('login') } }, t('header.logIn')),
  ]));
  header.append(bar.el);
  account = await currentAccount();
  if (account) {
    challengeNotices(header);
    tournamentNotice(header);
  }
  bar.redraw();
}
