// The rule options each game offers, with labels: the one list the pages draw their choices
// from (widgets/rule_options.ts), in the server's names and values (README "Rule options").
import { t } from '../i18n';

export type RuleOption =
  // [value, label], default first; labels and hints are catalog keys (src/i18n). `bundles`: a
  // rule set's value -> the finer options it sets.
  | { key: string; label: string; kind: 'choice'; values: [string, string][]; bundles?: Record<string, Record<string, string>> }
  | { key: string; label: string; kind: 'number'; min: number; max: number; off: number; hint: string };

const RULE_SET = 'ruleOptions.ruleSet';
export const RULE_OPTIONS: Record<string, RuleOption[]> = {
  chuseireigi: [
    { key: 'rules', label: RULE_SET, kind: 'choice', values: [['primary', 'ruleOptions.chuseireigi.primary'], ['legacy', 'ruleOptions.chuseireigi.legacy']] },
    { key: 'lion', label: 'ruleOptions.chuseireigi.lion', kind: 'choice', values: [['leaper', 'ruleOptions.chuseireigi.leaper'], ['hawk', 'ruleOptions.chuseireigi.hawk']] },
  ],
  chushogi: [
    // The bundles follow src/rules/chushogi_rule_sets.cpp (the points with a choice here).
    { key: 'rules', label: RULE_SET, kind: 'choice', values: [['seed', 'ruleOptions.chushogi.seed'], ['lishogi', 'ruleOptions.chushogi.lishogi'], ['jcsa', 'ruleOptions.chushogi.jcsa']],
      bundles: { seed: { bareking: 'none', lastrank: 'pawn+lance' }, lishogi: { bareking: 'lishogi', lastrank: 'pawn+lance' }, jcsa: { bareking: 'jcsa', lastrank: 'pawn' } } },
    { key: 'bareking', label: 'ruleOptions.chushogi.bareKing', kind: 'choice', values: [['none', 'ruleOptions.chushogi.bareNone'], ['lishogi', 'ruleOptions.chushogi.bareLishogi'], ['jcsa', 'ruleOptions.chushogi.bareJcsa']] },
    { key: 'lastrank', label: 'ruleOptions.chushogi.lastRank', kind: 'choice', values: [['pawn+lance', 'ruleOptions.chushogi.pawnLance'], ['pawn', 'ruleOptions.chushogi.pawnOnly']] },
  ],
  xiangqi: [
    // The server's default is axf+ends ('ends' alone); the rule set and the ending combine with '+'.
    { key: 'repetition', label: 'ruleOptions.xiangqi.repetition', kind: 'choice', values: [['ends', 'ruleOptions.xiangqi.ends'], ['vary', 'ruleOptions.xiangqi.vary'], ['simple', 'ruleOptions.xiangqi.simple'], ['simple+vary', 'ruleOptions.xiangqi.simpleVary']] },
    { key: 'checklimit', label: 'ruleOptions.xiangqi.checkLimit', kind: 'number', min: 0, max: 999, off: 0, hint: 'ruleOptions.xiangqi.checkLimitHint' },
    { key: 'movelimit', label: 'ruleOptions.xiangqi.moveLimit', kind: 'number', min: 0, max: 9999, off: 0, hint: 'ruleOptions.xiangqi.moveLimitHint' },
  ],
};

// "lion=hawk" -> "Lion: Lion Hawk (...)" for the lobby and the game page.
export function describeOptions(game: string, options: string[]): string {
  return options.map((kv) => {
    const [key, value] = kv.split('=');
    const o = (RULE_OPTIONS[game] ?? []).find((x) => x.key === key);
    if (!o) return kv;
    if (o.kind === 'number') return `${t(o.label)} ${value}`;
    // A choice without what its label says in brackets: "Asian rules (game ends)" -> "Asian rules".
    const label = o.values.find(([v]) => v === value)?.[1];
    return label ? t(label).replace(/\s*[(（][^(（]*[)）]$/, '') : value;
  }).join(t('common.listSeparator'));
}
