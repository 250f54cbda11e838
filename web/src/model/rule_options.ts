// The rule options each game offers, with labels: the one list the new-game page draws its
// choices from (the server's names and values: README "Rule options").
import { h } from '../widgets/dom';

export type RuleOption =
  // [value, label], default first. `bundles`: a rule set's value -> the finer options it sets.
  | { key: string; label: string; kind: 'choice'; values: [string, string][]; bundles?: Record<string, Record<string, string>> }
  | { key: string; label: string; kind: 'number'; min: number; max: number; off: number; hint: string };

export const RULE_OPTIONS: Record<string, RuleOption[]> = {
  chuseireigi: [
    { key: 'rules', label: 'Rule set', kind: 'choice', values: [['primary', 'Primary (seed 000)'], ['legacy', 'Legacy (seed 001: its pieces, stinging Lion, 64-point impasse)']] },
    { key: 'lion', label: 'Lion', kind: 'choice', values: [['leaper', 'Leaper (jumps to any square two away)'], ['hawk', 'Lion Hawk (Bishop + jumps two away)']] },
  ],
  chushogi: [
    // The bundles follow src/rules/chushogi_rule_sets.cpp (the points with a choice here).
    { key: 'rules', label: 'Rule set', kind: 'choice', values: [['seed', 'Seed 003 rules'], ['lishogi', 'lishogi rules (exactly as lishogi plays)'], ['jcsa', 'JCSA rules (the Japan Chu Shogi Association\'s competition rules)']],
      bundles: { seed: { bareking: 'none', lastrank: 'pawn+lance' }, lishogi: { bareking: 'lishogi', lastrank: 'pawn+lance' }, jcsa: { bareking: 'jcsa', lastrank: 'pawn' } } },
    { key: 'bareking', label: 'Bare King', kind: 'choice', values: [['none', 'No special rule'], ['lishogi', 'Baring the enemy King wins (as lishogi)'], ['jcsa', 'One piece against the lone King wins (as the JCSA)']] },
    { key: 'lastrank', label: 'Promotion on the last rank', kind: 'choice', values: [['pawn+lance', 'Pawn and Lance may always promote'], ['pawn', 'Only the Pawn']] },
  ],
  xiangqi: [
    // The server's default is axf+ends ('ends' alone); the rule set and the ending combine with '+'.
    { key: 'repetition', label: 'Repetition', kind: 'choice', values: [['ends', 'Asian rules (game ends)'], ['vary', 'Asian rules (aggressor varies)'], ['simple', 'Simplified (game ends)'], ['simple+vary', 'Simplified (aggressor varies)']] },
    { key: 'checklimit', label: 'Check limit', kind: 'number', min: 0, max: 999, off: 0, hint: 'checks in a row per checking piece, then the checker must vary (Tiantian: 6; 0 = off)' },
    { key: 'movelimit', label: 'Move limit', kind: 'number', min: 0, max: 9999, off: 0, hint: 'moves each without a capture, then a draw (0 = off)' },
  ],
};

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
      const sel = h('select', { 'data-testid': `rule-${o.key}` }, ...o.values.map(([value, label]) => h('option', { value }, label))) as HTMLSelectElement;
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
      el.append(h('label', {}, `${o.label} `, sel));
    } else {
      const input = h('input', { type: 'number', min: String(o.min), max: String(o.max), value: String(o.off), 'data-testid': `rule-${o.key}`, class: 'short' }) as HTMLInputElement;
      inputs.set(o.key, input);
      readers.push(() => (Number(input.value) === o.off || !input.value ? null : `${o.key}=${Number(input.value)}`));
      el.append(h('label', {}, `${o.label} `, input, h('span', { class: 'hint' }, ` ${o.hint}`)));
    }
  }
  if (!list.length) el.append(h('span', { class: 'hint' }, 'No rule options for this game.'));
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

// "lion=hawk" -> "Lion: Lion Hawk (...)" for the lobby and the game page.
export function describeOptions(game: string, options: string[]): string {
  return options.map((kv) => {
    const [key, value] = kv.split('=');
    const o = (RULE_OPTIONS[game] ?? []).find((x) => x.key === key);
    if (!o) return kv;
    if (o.kind === 'number') return `${o.label} ${value}`;
    return (o.values.find(([v]) => v === value)?.[1] ?? value).replace(/ \(.*\)$/, '');
  }).join(', ');
}
