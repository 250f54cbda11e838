// The site's languages and how a page picks one. Tags are BCP 47, as <html lang>, the catalogs'
// file names (locales/TAG.json) and the account's preference (docs/api.md) write them: the
// script, not a country, tells the two written Chinese apart.
export const LANGUAGES = ['en', 'zh-Hans', 'zh-Hant', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

// Each language's name in itself, as language menus write them: a reader finds their own
// language whatever the page is in, so these are never translated.
export const ENDONYMS: Record<Language, string> = { en: 'English', 'zh-Hans': '简体中文', 'zh-Hant': '繁體中文', ja: '日本語' };

export const isLanguage = (s: unknown): s is Language => (LANGUAGES as readonly unknown[]).includes(s);

// A browser's language tag ("zh-TW", "ja-JP", "en-GB") as the site's, or null for one it does not
// speak. Chinese goes by script where the tag names it, else by region: Taiwan, Hong Kong and
// Macau write traditional characters; the mainland, Singapore and a bare "zh" simplified.
export function siteLanguage(tag: string): Language | null {
  const [lang, ...rest] = tag.toLowerCase().split(/[-_]/);
  if (lang === 'en') return 'en';
  if (lang === 'ja') return 'ja';
  if (lang !== 'zh') return null;
  if (rest.includes('hant')) return 'zh-Hant';
  if (rest.includes('hans')) return 'zh-Hans';
  return rest.some((r) => ['tw', 'hk', 'mo'].includes(r)) ? 'zh-Hant' : 'zh-Hans';
}

// The page's language: the reader's own choice on this browser, else the one their account keeps,
// else the first of the browser's languages the site speaks, else English (lichess's order).
export function chooseLanguage(from: { saved: unknown; account: unknown; browser: readonly string[] }): Language {
  if (isLanguage(from.saved)) return from.saved;
  if (isLanguage(from.account)) return from.account;
  for (const tag of from.browser) {
    const lang = siteLanguage(tag);
    if (lang) return lang;
  }
  return 'en';
}
