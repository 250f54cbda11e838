// Small DOM helpers for what is built once and then changed in place (view.ts re-renders the
// rest): an element with its attributes and children, a button that acts once at a time.
import { t } from '../i18n';

export type Child = Node | string;

export function h(tag: string, attrs: Record<string, any> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith('on')) (el as any)[k] = v;
    else el.setAttribute(k, v);
  }
  el.append(...children);
  return el;
}

// A click handler that runs once at a time: the button is disabled until `act` (maybe async)
// is done, so a double click acts once.
export function oneAtATime(act: (e: Event) => unknown): (e: Event) => Promise<void> {
  return async (e: Event) => {
    const button = e.currentTarget as HTMLButtonElement | null;
    if (button?.disabled) return;
    if (button) button.disabled = true;
    try {
      await act(e);
    } finally {
      if (button) button.disabled = false;
    }
  };
}

// A button that copies `text` to the clipboard and says so.
export function copyButton(label: string, text: string, testid: string): HTMLElement {
  const b = h('button', { 'data-testid': testid, 'data-link': text, title: text }, label);
  b.onclick = async () => {
    try {
      await navigator.clipboard.writeText(text);
      b.textContent = t('common.copied');
    } catch {
      // No clipboard (a page not served over HTTPS): show the link to copy by hand.
      window.prompt(label, text);
    }
    setTimeout(() => { b.textContent = label; }, 1500);
  };
  return b;
}

// The tab's title: the page's name, then the site's.
export function setTitle(name: string) {
  document.title = t('common.titleSuffix', { name });
}
