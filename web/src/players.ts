// Display names: the player's own (asked once, kept in localStorage, editable), and how a seat
// of a game is named ("Kirin (level 4)", the player's name, or "Anonymous").
import { h } from './ui';

const KEY = 'kirin-name';

export const savedName = () => localStorage.getItem(KEY) ?? '';

// The player's name, asking for it the first time it is needed.
export function myName(): string {
  let name = savedName();
  if (!name) {
    name = (prompt('Your display name (others see it in the lobby and in your games):', '') ?? '').trim().slice(0, 30);
    if (name) localStorage.setItem(KEY, name);
  }
  return name || 'Anonymous';
}

// A name field that saves as it is typed: for the home page.
export function nameField(): HTMLElement {
  const input = h('input', { value: savedName(), maxlength: '30', placeholder: 'Your display name', 'data-testid': 'display-name', class: 'name-input' }) as HTMLInputElement;
  input.oninput = () => localStorage.setItem(KEY, input.value.trim());
  return h('label', { class: 'name-field' }, 'Your name ', input);
}

export interface Seat { kind: 'kirin' | 'human'; strength: number; player?: string | null }

export const seatName = (s: Seat | undefined) =>
  !s ? '?' : s.kind === 'kirin' ? `Kirin (level ${s.strength})` : s.player || 'Anonymous';
