// The controls for a game's rule options (model/rule_options.ts lists them), on the new-game form
// and the position editor.
import { t } from '../i18n';
import { RULE_OPTIONS } from '../model/rule_options';
import { h } from './dom';

// The controls for a game's options, and a reader giving the options that differ from the
// defaults ("lion=hawk"), as the server takes them. Choosing a rule set shows the finer points it
// sets, and those then count as the defaults (the server applies options in order, the set first).
// `write` sets the controls from such options (a rule set first, as read gives them).
export function ruleOptionControls(game: string): { el: HTMLElement; read: () => string[]; write: (options: string[]) => void } {
  const list = RULE_OPTIONS[game] ?? [];
  const readers: (() => string | null)[] = [];
  const inputs = new Map<string, HTMLInputElement | HTMLSelectElement>();
  const el = h('div', { class: 'rule-options' });
  const selects = new Map<string, HTMLSelectElement>();
  const bundled = (): Record<string, string> => {
    for (const o of list)
      if (o.kind === 'choice' && o.bundles) return o.bundles[selects.get(o.key)?.value ?? ''] ?? {};
    return {};
  };
  for (const o of list) {
    if (o.kind === 'choice') {
      const sel = h('select', { 'data-testid': `rule-${o.key}` }, ...o.values.map(([value, label]) => h('option', { value }, t(label)))) as HTMLSelectElement;
      selects.set(o.key, sel);
      inputs.set(o.key, sel);
      const bundles = o.bundles;
      if (bundles)
        sel.addEventListener('change', () => {
          for (const [key, value] of Object.entries(bundles[sel.value] ?? {})) {
            const finer = selects.get(key);
            if (finer) finer.value = value;
          }
        });
      readers.push(() => {
        const byDefault = bundles ? o.values[0][0] : bundled()[o.key] ?? o.values[0][0];
        return sel.value === byDefault ? null : `${o.key}=${sel.value}`;
      });
      el.append(h('label', {}, `${t(o.label)} `, sel));
    } else {
      const input = h('input', { type: 'number', min: String(o.min), max: String(o.max), value: String(o.off), 'data-testid': `rule-${o.key}`, class: 'short' }) as HTMLInputElement;
      inputs.set(o.key, input);
      readers.push(() => (Number(input.value) === o.off || !input.value ? null : `${o.key}=${Number(input.value)}`));
      el.append(h('label', {}, `${t(o.label)} `, input, h('span', { class: 'hint' }, ` ${t(o.hint)}`)));
    }
  }
  if (!list.length) el.append(h('span', { class: 'hint' }, t('ruleOptions.none')));
  const write = (options: string[]) => {
    for (const kv of options) {
      const [key, value] = kv.split('=');
      const input = inputs.get(key);
      if (!input || value === undefined) continue;
      input.value = value;
      input.dispatchEvent(new Event('change'));  // a rule set sets its finer points
    }
  };
  return { el, read: () => readers.map((r) => r()).filter((x): x is string => x !== null), write };
}
