// The rule options each game offers, with labels: the one list the pages draw their choices
// from (widgets/rule_options.ts), in the server's names and values (README "Rule options").

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
