// Small DOM helpers and the player's display preferences (kept in localStorage).
import type { PieceStyle } from './pieces';

type Child = Node | string;

export function h(tag: string, attrs: Record<string, any> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith('on')) (el as any)[k] = v;
    else el.setAttribute(k, v);
  }
  el.append(...children);
  return el;
}

export interface Prefs {
  style: PieceStyle;
  size: number;
}

export function prefs(): Prefs {
  const narrow = Math.min(window.innerWidth - 24, 640);
  const saved = JSON.parse(localStorage.getItem('kirin-prefs') || '{}');
  return { style: saved.style ?? 'kanji', size: saved.size ?? narrow };
}

export function savePrefs(p: Partial<Prefs>) {
  localStorage.setItem('kirin-prefs', JSON.stringify({ ...prefs(), ...p }));
}
