// Each game's special rules in short, for its /learn page: what a player must know beyond the
// pieces' moves, as the rules files say it (../shared/rules/*.md, the sections named). The words
// are the catalogs' (learn.rules.GAME.SECTION.pN, src/i18n/locales), English the one of record.
import { t } from '../i18n';

export interface RuleSection {
  title: string;
  points: string[];
}

// Each game's sections in order, with how many points each has.
const SECTIONS: Record<string, [string, number][]> = {
  chushogi: [['promotion', 3], ['lion', 4], ['lionTrading', 2], ['end', 4]],
  chuseireigi: [['drops', 3], ['promotion', 3], ['end', 4]],
  xiangqi: [['river', 2], ['blocked', 2], ['end', 3]],
};

export function learnRules(game: string): { intro: string; sections: RuleSection[] } | undefined {
  const sections = SECTIONS[game];
  if (!sections) return undefined;
  const key = `learn.rules.${game}`;
  return {
    intro: t(`${key}.intro`),
    sections: sections.map(([name, n]) => ({
      title: t(`${key}.${name}.title`),
      points: Array.from({ length: n }, (_, i) => t(`${key}.${name}.p${i + 1}`)),
    })),
  };
}
