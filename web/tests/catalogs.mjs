// The message catalogs (web/src/i18n/locales/*.json) against the English one, the catalog of
// record: every key of en.json in every language and no key more, the same {{variables}} in each
// translation, the plural forms each language's Intl.PluralRules asks for (i18next picks the form
// by them), and no empty text. Run by node; exits 1 and names every fault.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'i18n', 'locales');
const LANGUAGES = ['en', 'zh-Hans', 'zh-Hant', 'ja'];
const PLURAL = /_(zero|one|two|few|many|other)$/;

// Where a language counts what English does not print, it may write that in place of English's
// count: a mate's length in plies, as tsume (Japanese, and Chinese for the shogi games) counts it,
// where English says "mate in 3" moves. The pages pass `plies` with `count` to these keys.
const PLIES_INSTEAD = new Set([
  'analysis.mateIn', 'analysis.matedIn', 'analysis.computer.mateIn', 'analysis.computer.mateFor',
  'problems.mateInShogi', 'problems.mateInXiangqi', 'problems.toMoveShogi', 'problems.toMoveXiangqi',
  'puzzles.themes.mateIn', 'editor.madeShogi', 'editor.madeXiangqi',
]);

const faults = [];
const fault = (text) => faults.push(text);

// "a.b.c" -> text, for every leaf; a leaf that is not text is a fault.
function flatten(node, file, prefix = '', out = new Map()) {
  for (const [key, value] of Object.entries(node)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) flatten(value, file, path, out);
    else if (typeof value === 'string') out.set(path, value);
    else fault(`${file}: ${path} is not text`);
  }
  return out;
}

// The catalog's messages by key without its plural suffix: key -> { form -> text } ('' for none).
function messages(lang) {
  const file = `${lang}.json`;
  const flat = flatten(JSON.parse(readFileSync(join(DIR, file), 'utf8')), file);
  const out = new Map();
  for (const [path, text] of flat) {
    const m = PLURAL.exec(path);
    const key = m ? path.slice(0, m.index) : path;
    if (!out.has(key)) out.set(key, {});
    out.get(key)[m ? m[1] : ''] = text;
  }
  return out;
}

const variables = (text) => new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]));
const union = (forms) => new Set(Object.values(forms).flatMap((t) => [...variables(t)]));
const show = (set) => `{${[...set].sort().join(', ')}}`;

const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();
for (const lang of LANGUAGES) if (!files.includes(`${lang}.json`)) fault(`${lang}.json: missing`);
for (const f of files) if (!LANGUAGES.includes(f.replace(/\.json$/, ''))) fault(`${f}: not one of the site's languages (${LANGUAGES.join(', ')})`);

const english = messages('en');
for (const lang of LANGUAGES) {
  if (!files.includes(`${lang}.json`)) continue;
  const file = `${lang}.json`;
  const catalog = lang === 'en' ? english : messages(lang);
  const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  for (const [key, forms] of catalog) {
    const en = english.get(key);
    if (!en) {
      fault(`${file}: ${key} is not in en.json`);
      continue;
    }
    for (const [form, text] of Object.entries(forms))
      if (!text.trim()) fault(`${file}: ${key}${form ? `_${form}` : ''} is empty`);
    // A plural in English is one in every language, with exactly the forms the language has.
    const mixed = (f) => '' in f && Object.keys(f).length > 1;
    const plural = !('' in en);
    if (mixed(forms)) {
      fault(`${file}: ${key} is both a text and a plural (${Object.keys(forms).filter(Boolean).map((x) => `_${x}`).join(', ')})`);
    } else if (mixed(en)) {
      // Said of en.json already.
    } else if (plural !== !('' in forms)) {
      fault(`${file}: ${key} is ${plural ? 'a plural in en.json but a text here' : 'a text in en.json but a plural here'}`);
    } else if (plural) {
      const have = Object.keys(forms);
      for (const c of needed) if (!have.includes(c)) fault(`${file}: ${key}_${c} is missing (${lang} needs ${needed.map((x) => `_${x}`).join(', ')})`);
      for (const c of have) if (!needed.includes(c)) fault(`${file}: ${key}_${c} is not a plural form of ${lang} (it needs ${needed.map((x) => `_${x}`).join(', ')})`);
    }
    if (lang === 'en') continue;
    const want = union(en), got = union(forms);
    const same = [...want].every((v) => got.has(v)) && [...got].every((v) => want.has(v));
    const swapped = PLIES_INSTEAD.has(key) &&
      [...got].every((v) => want.has(v) || v === 'plies') && [...want].every((v) => v === 'count' || got.has(v));
    if (!same && !swapped) fault(`${file}: ${key} has the variables ${show(got)}, en.json ${show(want)}`);
  }
  for (const key of english.keys()) if (!catalog.has(key)) fault(`${file}: ${key} is missing`);
}

if (faults.length) {
  for (const f of faults) console.error(f);
  console.error(`${faults.length} fault${faults.length === 1 ? '' : 's'} in the catalogs`);
  process.exit(1);
}
console.log(`catalogs: ${english.size} keys in ${LANGUAGES.join(', ')}`);
