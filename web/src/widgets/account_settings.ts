// The account's settings, on the player's own page (/@/NAME, as lishogi keeps them under the
// player's account): change the password (every other session ends: docs/api.md, Accounts) and
// close the account. The server's refusals are shown as text in the form.
import { accountPost } from '../api/client';
import { t } from '../i18n';
import { errorText } from '../model/error_words';
import { h } from './dom';
import { notationSettings } from './notation_menu';

const passwordInput = (testid: string, autocomplete: string) =>
  h('input', { type: 'password', autocomplete, maxlength: '256', required: '', 'data-testid': testid }) as HTMLInputElement;

// A form that shows what went wrong in `error`; its button is disabled while `act` runs, so that
// a double click acts once.
function settingsForm(title: string, fields: HTMLElement[], button: HTMLButtonElement, error: HTMLElement, act: () => Promise<void>) {
  const form = h('form', { class: 'account-form settings-form' }, h('h3', {}, title), ...fields, error, button) as HTMLFormElement;
  form.onsubmit = async (e) => {
    e.preventDefault();
    if (button.disabled) return;
    button.disabled = true;
    error.textContent = '';
    try {
      await act();
    } catch (err) {
      error.textContent = errorText(err);
    } finally {
      button.disabled = false;
    }
  };
  return form;
}

function changePassword(): HTMLElement {
  const current = passwordInput('password-current', 'current-password');
  const fresh = passwordInput('password-new', 'new-password'), again = passwordInput('password-again', 'new-password');
  const error = h('div', { class: 'error', role: 'alert', 'data-testid': 'password-error' });
  const done = h('p', { class: 'done', role: 'status', 'data-testid': 'password-done' });
  const button = h('button', { type: 'submit', class: 'primary', 'data-testid': 'password-submit' }, t('account.changePassword')) as HTMLButtonElement;
  const form = settingsForm(t('account.changePassword'), [
    h('label', {}, t('account.currentPassword'), current),
    h('label', {}, t('account.newPassword'), fresh),
    h('p', { class: 'hint-text' }, t('account.newPasswordHint')),
    h('label', {}, t('account.newPasswordAgain'), again),
  ], button, error, async () => {
    done.textContent = '';
    if (fresh.value !== again.value) throw new Error(t('account.passwordsDiffer'));
    await accountPost('password', { password: current.value, new_password: fresh.value });
    for (const input of [current, fresh, again]) input.value = '';
    done.textContent = t('account.passwordChanged');
  });
  form.append(done);
  return form;
}

function closeAccount(): HTMLElement {
  const password = passwordInput('close-password', 'current-password');
  const error = h('div', { class: 'error', role: 'alert', 'data-testid': 'close-error' });
  const button = h('button', { type: 'submit', class: 'danger', 'data-testid': 'close-submit' }, t('account.closeMyAccount')) as HTMLButtonElement;
  return settingsForm(t('account.closeAccount'), [
    h('p', { class: 'hint-text' }, t('account.closeHint')),
    h('label', {}, t('account.password'), password),
  ], button, error, async () => {
    await accountPost('close', { password: password.value });
    location.href = '/';  // logged out: the cookie is cleared
  });
}

// The "Account" section of the player's own page.
export function accountSettings(name: string): HTMLElement {
  return h('section', { class: 'account-settings', 'data-testid': 'account-settings' },
    h('h2', {}, t('account.title')),
    h('p', { class: 'hint' }, t('account.loggedInAs', { name })),
    h('div', { class: 'settings-forms' }, notationSettings(), changePassword(), closeAccount()));
}
