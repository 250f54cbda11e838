// No visible word left in the page code: every text a reader sees comes from the catalogs
// (src/i18n, t()). With the TypeScript compiler's parser and checker this finds, in web/src
// outside src/i18n, the string literals with letters that end up on the page: an element's text
// children (the arguments of h() after its tag), textContent, innerText, title, placeholder,
// aria-label, alt and label values (assigned, set as attributes, or in an object literal), the
// text of confirm(), alert() and prompt(), what the site's own helpers take as a `label`, `title`,
// `message` or `placeholder`, and prose in a table of names ({ inaccuracy: 'Inaccuracy' }), also
// where the literal sits inside a ?:, a + or a template; and the stylesheet's content: texts.
// Words that are the same in every language are allowed below by name. It also checks that each
// key the code asks t() or tParts() for by a literal exists in en.json.
// Run by node from anywhere; exits 1 and names each place (file:line: "text").
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(WEB, 'src');

// Shown as they are in every language: the engine's and the site's name, and the names of file
// formats and paper sizes.
const ALLOWED = new Set(['Kirin', 'KIF', 'PGN', 'SVG', 'PNG', 'PDF', 'SFEN/FEN', 'A4', 'OK']);
const VISIBLE = new Set(['textContent', 'innerText', 'title', 'placeholder', 'aria-label', 'ariaLabel', 'alt', 'label']);
const DIALOGS = new Set(['confirm', 'alert', 'prompt']);
const TEXT_CALLS = new Set(['t', 'tParts']);

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path === join(SRC, 'i18n') ? [] : sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

// en.json's keys, plural forms under their base key.
function catalogKeys() {
  const keys = new Set();
  const walk = (node, prefix) => {
    for (const [k, v] of Object.entries(node)) {
      const path = prefix ? `${prefix}.${k}` : k;
      if (v && typeof v === 'object') walk(v, path);
      else keys.add(path.replace(/_(zero|one|two|few|many|other)$/, ''));
    }
  };
  walk(JSON.parse(readFileSync(join(SRC, 'i18n', 'locales', 'en.json'), 'utf8')), '');
  return keys;
}

const hasWords = (text) => /\p{L}/u.test(text) && !ALLOWED.has(text.trim());
const nameOf = (node) => (ts.isIdentifier(node) || ts.isStringLiteral(node) || ts.isPrivateIdentifier(node) ? node.text : undefined);
const calledName = (call) => {
  const e = call.expression;
  return ts.isIdentifier(e) ? e.text : ts.isPropertyAccessExpression(e) ? e.name.text : undefined;
};

// The literal texts an expression puts on the page: through ?:, ??, ||, +, templates, parentheses
// and arrays (an element's list of children).
function texts(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node];
  if (ts.isTemplateExpression(node)) return [node.head, ...node.templateSpans.map((s) => s.literal)].filter((p) => hasWords(p.text));
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return texts(node.expression);
  if (ts.isConditionalExpression(node)) return [...texts(node.whenTrue), ...texts(node.whenFalse)];
  if (ts.isBinaryExpression(node) && [ts.SyntaxKind.PlusToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(node.operatorToken.kind))
    return [...texts(node.left), ...texts(node.right)];
  if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap(texts);
  return [];
}

// The program with its type checker: a call's parameters by name (a helper's `label`).
const config = ts.getParsedCommandLineOfConfigFile(join(WEB, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
const program = ts.createProgram(sources(SRC), config.options);
const checker = program.getTypeChecker();
const TEXT_PARAMS = new Set(['label', 'title', 'message', 'placeholder']);
// Prose in a table of names or choices ({ inaccuracy: 'Inaccuracy' }, [['kanji', 'Kanji (...)']]):
// a capital then small letters, or two words; not where the key says it is code.
const CODE_KEYS = new Set(['class', 'className', 'method', 'type', 'role', 'autocomplete', 'accept', 'href', 'src', 'download', 'target', 'name', 'key', 'id', 'value', 'fill', 'stroke', 'font', 'mark', 'kind', 'reach', 'ray']);
const prose = (text) => /^\p{Lu}\p{Ll}{2}/u.test(text.trim()) || /\p{L}\s+\p{L}/u.test(text);

const faults = [];
const keys = catalogKeys();
for (const file of sources(SRC)) {
  const source = program.getSourceFile(file);
  const where = (node) => `${relative(WEB, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  // A catalog key in a text's place (a rule option's label) is looked up where it is shown.
  const flag = (value) => {
    for (const lit of texts(value)) if (hasWords(lit.text) && !keys.has(lit.text)) faults.push(`${where(lit)}: "${lit.text}"`);
  };
  const visit = (node) => {
    if (ts.isCallExpression(node)) {
      const name = calledName(node), args = node.arguments;
      // h(tag, attrs, ...children) and snabbdom's h(selector, data?, children?): all but the tag.
      if (name === 'h' || name === 'vh') args.slice(1).forEach((a) => { if (!ts.isObjectLiteralExpression(a)) flag(a); });
      if (name && DIALOGS.has(name) && ts.isIdentifier(node.expression)) args.forEach(flag);
      // A parameter of the site's own helpers that takes a text: btn(label, ...), offerRow(text, ...).
      const declared = checker.getResolvedSignature(node)?.getDeclaration();
      const params = declared && declared.getSourceFile().fileName.startsWith(SRC) ? declared.parameters : [];
      params.forEach((p, i) => { if (args[i] && TEXT_PARAMS.has(nameOf(p.name))) flag(args[i]); });
      if (name === 'setAttribute' && args.length === 2 && ts.isStringLiteral(args[0]) && VISIBLE.has(args[0].text)) flag(args[1]);
      // A text's key must be in the catalog (a computed key is the catalog test's and the page's).
      if (name && TEXT_CALLS.has(name) && ts.isIdentifier(node.expression) && args[0] && ts.isStringLiteral(args[0]) && !keys.has(args[0].text))
        faults.push(`${where(args[0])}: t('${args[0].text}') is not a key of en.json`);
    }
    if (ts.isPropertyAssignment(node) && VISIBLE.has(nameOf(node.name))) flag(node.initializer);
    else if (ts.isPropertyAssignment(node) && !CODE_KEYS.has(nameOf(node.name)) && ts.isStringLiteral(node.initializer) && prose(node.initializer.text)) flag(node.initializer);
    if (ts.isArrayLiteralExpression(node)) node.elements.forEach((e) => { if (ts.isStringLiteral(e) && prose(e.text)) flag(e); });
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        ts.isPropertyAccessExpression(node.left) && VISIBLE.has(node.left.name.text)) flag(node.right);
    ts.forEachChild(node, visit);
  };
  visit(source);
}

// Words put on the page by the stylesheet (content: '...'): an attribute the code fills instead.
const css = readFileSync(join(SRC, 'style.css'), 'utf8');
for (const [i, line] of css.split('\n').entries())
  for (const m of line.matchAll(/content:\s*(['"])(.*?)\1/g)) if (hasWords(m[2])) faults.push(`src/style.css:${i + 1}: "${m[2]}"`);

if (faults.length) {
  for (const f of new Set(faults)) console.error(f);
  const n = new Set(faults).size;
  console.error(`${n} place${n === 1 ? '' : 's'} in the page code with a text not from the catalogs (web/src/i18n) or a key not in en.json`);
  process.exit(1);
}
console.log('literals: every visible text of web/src comes from the catalogs');
