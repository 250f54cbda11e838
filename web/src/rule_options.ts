// The rule options each game offers, with labels: the one list the new-game page draws its
// choices from (the server's names and values: README "Rule options").
import { h } from './ui';

export type RuleOption =
  | { key: string; label: string; kind: 'choice'; values: [string, string][] }  // [value, label], default first
  | { key: string; label: string; kind: 'number'; min: number; max: number; off: number; hint: string };

export const RULE_OPTIONS: Record<string, RuleOption[]> = {
  chuseireigi: [
    { key: 'rules', label: 'Rule set', kind: 'choice', values: [['primary', 'Primary (seed 000)'], ['legacy', 'Legacy (seed 001: its pieces, stinging Lion, 64-point impasse)']] },
    { key: 'lion', label: 'Lion', kind: 'choice', values: [['leaper', 'Leaper (jumps to any square two away)'], ['hawk', 'Lion Hawk (Bishop + jumps two away)']] },
  ],
  chushogi: [
    { key: 'rules', label: 'Rule set', kind: 'choice', values: [['seed', 'Seed 003 rules'], ['lishogi', 'lishogi rules (exactly as lishogi plays)'], ['jcsa', 'JCSA rules (the Japan Chu Shogi Association\'s competition rules)']] },
    { key: 'bareking', label: 'Bare King', kind: 'choice', values: [['none', 'No special rule'], ['lishogi', 'Baring the enemy King wins (as lishogi)'], ['jcsa', 'One piece against the lone King wins (as the JCSA)']] },
    { key: 'lastrank', label: 'Promotion on the last rank', kind: 'choice', values: [['pawn+lance', 'Pawn and Lance may always promote'], ['pawn', 'Only the Pawn']] },
  ],
  xiangqi: [
    { key: 'repetition', label: 'Repetition', kind: 'choice', values: [['ends', 'The third occurrence ends the game'], ['vary', 'The aggressor must vary (idle repetition drawn on a claim)']] },
    { key: 'movelimit', label: 'Move limit', kind: 'number', min: 0, max: 9999, off: 0, hint: 'moves each without a capture, then a draw (0 = off)' },
  ],
};

// The controls for a game's options, and a reader giving the options that differ from the
// defaults ("lion=hawk"), as the server takes them.
export function ruleOptionControls(game: string): { el: HTMLElement; read: () => string[] } {
  const list = RULE_OPTIONS[game] ?? [];
  const readers: (() => string | null)[] = [];
  const el = h('div', { class: 'rule-options' });
  for (const o of list) {
    if (o.kind === 'choice') {
      const sel = h('select', { 'data-testid': `rule-${o.key}` }, ...o.values.map(([value, label]) => h('option', { value }, label))) as HTMLSelectElement;
      readers.push(() => (sel.value === o.values[0][0] ? null : `${o.key}=${sel.value}`));
      el.append(h('label', {}, `${o.label} `, sel));
    } else {
      const input = h('input', { type: 'number', min: String(o.min), max: String(o.max), value: String(o.off), 'data-testid': `rule-${o.key}`, class: 'short' }) as HTMLInputElement;
      readers.push(() => (Number(input.value) === o.off || !input.value ? null : `${o.key}=${Number(input.value)}`));
      el.append(h('label', {}, `${o.label} `, input, h('span', { class: 'hint' }, ` ${o.hint}`)));
    }
  }
  if (!list.length) el.append(h('span', { class: 'hint' }, 'No rule options for this game.'));
  return { el, read: () => readers.map((r) => r()).filter((x): x is string => x !== null) };
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
