// The site's words in the reader's language: English, 简体中文, 繁體中文 or 日本語, from the catalogs in
// locales/ (English is the catalog of record; a key missing elsewhere falls back to it).
//
// Lookups go through i18next, the most used library for this on the web: plurals by each
// language's CLDR rules through Intl.PluralRules (key_one and key_other in English, key_other
// alone in Chinese and Japanese), {{name}} interpolation, fallback to English, and no framework
// to carry; it is small once bundled. English, the fallback, comes with the page; another
// language's catalog is a chunk of its own, fetched before the page draws anything, so a page is
// never shown half translated and nobody downloads the three catalogs they do not read.
//
// One language per page: it is chosen before anything is drawn (chooseLanguage) and a new choice
// reloads the page, as lichess does, so the instance below is set once and never changes under
// a page that is already drawn.
import i18next, { type i18n } from 'i18next';

import { LANGUAGE_KEY as SAVED } from '../model/storage_keys';
import { type Language, LANGUAGES } from './languages';
import en from './locales/en.json';

export { chooseLanguage, ENDONYMS, isLanguage, type Language, LANGUAGES, siteLanguage } from './languages';

type Catalog = Record<string, unknown>;
const CATALOGS: Record<Language, () => Promise<Catalog>> = {
  en: async () => en,
  'zh-Hans': () => import('./locales/zh-Hans.json').then((m) => m.default),
  'zh-Hant': () => import('./locales/zh-Hant.json').then((m) => m.default),
  ja: () => import('./locales/ja.json').then((m) => m.default),
};

let instance: i18n | null = null;

// Starts the page in `lang` once its catalog is here: <html lang> says it (fonts, screen readers,
// the browser's own translation offer), and t() answers in it. A catalog that cannot be fetched
// leaves the page in English.
export async function startI18n(lang: Language): Promise<void> {
  const catalog = await CATALOGS[lang]().catch(() => null);
  const chosen = catalog ? lang : 'en';
  instance = i18next.createInstance();
  void instance.init({
    lng: chosen,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    resources: { en: { translation: en }, ...(catalog ? { [chosen]: { translation: catalog } } : {}) },
    initAsync: false,        // the catalogs are here: t() answers as soon as init returns
    nsSeparator: false,      // keys are dotted paths only
    interpolation: { escapeValue: false },  // every text goes into the page as text, never as HTML
    returnNull: false,
  });
  document.documentElement.lang = chosen;
}

// A text of the catalog in the page's language, with {{variables}} from `values` (and the plural
// form `values.count` calls for). Asked before startI18n (a text made while the modules load,
// before the language is known) it throws, rather than answer in English unseen.
export function t(key: string, values?: Record<string, unknown>): string {
  if (!instance) throw new Error(`t('${key}') before the page's language was chosen`);
  return instance.t(key, values as never) as unknown as string;
}

export const currentLanguage = (): Language => (instance?.language as Language | undefined) ?? 'en';

// The reader's own choice on this browser, if they made one.
export function savedLanguage(): string | null {
  try {
    return localStorage.getItem(SAVED);
  } catch {
    return null;  // storage refused (a private window's settings): the choice lasts for the page
  }
}

// Remembers the reader's choice on this browser; the caller reloads the page in it.
export function saveLanguage(lang: Language): void {
  try {
    localStorage.setItem(SAVED, lang);
  } catch {
    // As above: nothing to remember it in.
  }
}

// The catalog key of a name the server gives in English (a piece, a handicap): its words in
// camelCase, "Ram's-Head Soldier" -> ramsHeadSoldier, "Two Lions" -> twoLions.
export function nameKey(name: string): string {
  const words = name.toLowerCase().replace(/'s\b/g, 's').split(/[^a-z0-9]+/).filter(Boolean);
  return words.map((w, i) => (i ? w[0].toUpperCase() + w.slice(1) : w)).join('');
}

// A text whose {{variables}} are nodes (a player's name as a link, a select; DOM nodes or
// snabbdom's): the text's pieces in order, the nodes in their places, for an element's append(). Word order is the language's,
// so the nodes are not always where English has them.
export function tParts<N>(key: string, nodes: Record<string, N | string>, values: Record<string, unknown> = {}): (N | string)[] {
  const marks: Record<string, string> = {};
  for (const name of Object.keys(nodes)) marks[name] = `\u0000${name}\u0000`;
  // The text splits into [text, name, text, name, ..., text]: names at the odd places.
  return t(key, { ...values, ...marks }).split('\u0000')
    .map((piece, i) => (i % 2 ? nodes[piece] ?? piece : piece)).filter((piece) => piece !== '');
}
