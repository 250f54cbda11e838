// The pages translate the server's refusals by code (web/src/model/error_words.ts): each code
// they know must be one the server gives (src/server/refusals.cpp), each catalog key they use must
// be in en.json, and the {{variables}} of a key filled from a refusal's params must be among the
// params the server's words name, or the page would print a {{variable}} unfilled. The server's
// codes must be unique, and docs/api.md must list each. Run by node; exits 1 and names every fault.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const faults = [];

// The server's table: code -> the names its words take ({name}).
const table = readFileSync(join(ROOT, 'src', 'server', 'refusals.cpp'), 'utf8');
const server = new Map();
const ROW = /RefusalText\{R::(\w+),\s*K::(\w+),\s*"([^"]+)",\s*((?:"(?:[^"\\]|\\.)*"\s*)+)\}/g;
for (const [, , , code, literals] of table.matchAll(ROW)) {
  const words = [...literals.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]).join('');
  if (server.has(code)) faults.push(`refusals.cpp: code ${code} is given twice`);
  if (!/^[a-z][a-z_]*$/.test(code)) faults.push(`refusals.cpp: code ${code} is not snake_case`);
  server.set(code, new Set([...words.matchAll(/\{(\w+)\}/g)].map((m) => m[1])));
}
const rows = (table.match(/RefusalText\{R::/g) ?? []).length;
if (server.size !== rows || rows < 50) faults.push(`refusals.cpp: read ${server.size} codes of ${rows} rows`);

// en.json's texts by dotted key.
const en = JSON.parse(readFileSync(join(ROOT, 'web', 'src', 'i18n', 'locales', 'en.json'), 'utf8'));
const text = (key) => key.split('.').reduce((node, part) => (node && typeof node === 'object' ? node[part] : undefined), en);
const variables = (s) => new Set([...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]));

// The pages' table: code -> how it is worded.
const words = readFileSync(join(ROOT, 'web', 'src', 'model', 'error_words.ts'), 'utf8');
const block = /const BY_CODE[^{]*\{([\s\S]*?)\n\};/.exec(words);
if (!block) faults.push('error_words.ts: no BY_CODE table');
let known = 0;
for (const line of (block?.[1] ?? '').split('\n')) {
  const entry = /^ {2}(\w+): (.*)$/.exec(line);
  if (!entry) continue;
  const [, code, how] = entry;
  ++known;
  const params = server.get(code);
  if (!params) {
    faults.push(`error_words.ts: code ${code} is not one the server gives`);
    continue;
  }
  for (const [, key] of how.matchAll(/'(errors\.[\w.]+)'/g)) {
    if (typeof text(key) !== 'string') faults.push(`error_words.ts: ${code}: no key ${key} in en.json`);
  }
  const simple = /^(plain|withParams)\('([\w.]+)'\),$/.exec(how);
  if (!simple || typeof text(simple[2]) !== 'string') continue;
  for (const v of variables(text(simple[2]))) {
    if (simple[1] === 'plain') faults.push(`error_words.ts: ${code}: ${simple[2]} takes {{${v}}} but is worded plain`);
    else if (!params.has(v)) faults.push(`error_words.ts: ${code}: ${simple[2]} takes {{${v}}}, which the server does not give`);
  }
}
if (known < 30) faults.push(`error_words.ts: read only ${known} codes`);

// docs/api.md lists every code.
const api = readFileSync(join(ROOT, 'docs', 'api.md'), 'utf8');
for (const code of server.keys()) if (!api.includes(`| \`${code}\` |`)) faults.push(`docs/api.md: no row for code ${code}`);

for (const f of faults) console.error(f);
if (faults.length) process.exit(1);
console.log(`refusal codes: the pages translate ${known} of the server's ${server.size}, each with the params its words take`);
