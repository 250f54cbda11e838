// No function of the browser code is over 100 lines (the ctest web_function_length): a page
// that grows past that is split into widgets and helpers of its own, as the issue 46 layering
// did with the 293-328-line page functions. A function's lines count its nested functions, as
// ESLint's max-lines-per-function does. Read with the TypeScript compiler the build already uses.
// Usage: node function_length.mjs [SOURCE_DIR] [MAX_LINES]   (web/src and 100 by default)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const here = dirname(fileURLToPath(import.meta.url));
const root = process.argv[2] ?? join(here, '..', 'src');
const max = Number(process.argv[3] ?? 100);

const sources = (dir) => readdirSync(dir).flatMap((name) => {
  const path = join(dir, name);
  return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
});

// The name a reader finds the function by: its own, its variable's or property's, else "(anonymous)".
function nameOf(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText();
  return '(anonymous)';
}

const long = [];
let functions = 0;
for (const path of sources(root)) {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const line = (pos) => file.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      functions++;
      const first = line(node.getStart(file)), lines = line(node.getEnd()) - first + 1;
      if (lines > max) long.push(`${relative(root, path)}:${first}: ${nameOf(node)} is ${lines} lines`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}
if (long.length) {
  console.log(long.join('\n'));
  console.log(`function_length: ${long.length} of ${functions} functions are over ${max} lines`);
  process.exit(1);
}
console.log(`function_length: all ${functions} functions are ${max} lines or shorter`);
