// Kirin in WebAssembly under Node (node --test): the same search as the native build (bench's
// node count, the signature, and every best move), and USI over the module's line interface:
// stop ends an infinite search, a bad position gets its one error line, Hash is bounded.
// KIRIN_BINARY: the native kirin; KIRIN_WASM_DIR: the built folder (build/wasm/kirin-wasm).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';

const dir = path.resolve(process.env.KIRIN_WASM_DIR);
const native = process.env.KIRIN_BINARY;
const require = createRequire(import.meta.url);

// One module instance with its output collected; `simd` picks the build.
async function engine(simd) {
  const name = simd ? 'kirin-simd' : 'kirin';
  const out = [];
  const m = await require(path.join(dir, `${name}.js`))({
    wasmBinary: readFileSync(path.join(dir, `${name}.wasm`)),
    print: (line) => out.push(line),
    printErr: (line) => out.push(`stderr: ${line}`),
  });
  return { m, out };
}

const signature = (text) => Number(/Nodes searched\s*: (\d+)/.exec(text)?.[1]);
const positions = (text) => text.split('\n').filter((l) => / nodes {2}best /.test(l));
const nps = (text) => Number(/Nodes\/second\s*: (\d+)/.exec(text)?.[1]);

test('bench in WebAssembly searches the same tree as native kirin bench, with and without SIMD', async () => {
  const nativeOut = execFileSync(native, ['bench'], { encoding: 'utf8' });
  for (const simd of [false, true]) {
    const { m, out } = await engine(simd);
    await m.post('bench');
    const wasmOut = out.join('\n');
    assert.equal(signature(wasmOut), signature(nativeOut));
    assert.equal(positions(wasmOut).length, 10);
    // Node counts and best moves position by position (times aside, the lines are the same).
    assert.deepEqual(positions(wasmOut), positions(nativeOut));
    console.log(`bench ${simd ? 'SIMD' : 'no SIMD'}: ${signature(wasmOut)} nodes, ${nps(wasmOut)} nps (native ${nps(nativeOut)} nps)`);
  }
});

test('stop ends an infinite search with a legal bestmove, and isready is answered during it', async () => {
  const { m, out } = await engine(true);
  await m.post('usi\nposition startpos moves 7i7h\nisready');
  assert.equal(out.at(-1), 'readyok');
  const legal = new Set(execFileSync(native, ['moves', '--game', 'chushogi', '7i7h'], { encoding: 'utf8' }).trim().split('\n').slice(1));
  const done = m.post('go infinite');
  await new Promise((r) => setTimeout(r, 1500));
  m.post('isready');
  await new Promise((r) => setTimeout(r, 300));
  assert.ok(out.includes('readyok'));
  assert.ok(!out.some((l) => l.startsWith('bestmove')), 'an infinite search waits for stop');
  m.post('stop');
  await done;
  const best = out.find((l) => l.startsWith('bestmove')).split(' ')[1];
  assert.ok(legal.has(best), `${best} is a legal move after 7i7h`);
  assert.ok(out.some((l) => /^info depth \d+ .* pv /.test(l)));
});

test('a command that changes the engine waits for a finite search, and is refused during an infinite one', async () => {
  const { m, out } = await engine(false);
  await m.post('usi');
  out.length = 0;
  m.post('go depth 6');
  m.post('position startpos moves 7i7h');
  m.post('go infinite');
  await new Promise((r) => setTimeout(r, 800));
  m.post('setoption name Hash value 32');
  m.post('stop');
  await m.post('isready');
  const bestmoves = out.filter((l) => l.startsWith('bestmove'));
  assert.equal(bestmoves.length, 2);
  assert.ok(out.includes("info string error: 'setoption' during an infinite search: send stop first"));
  // isready is answered at once, during the search that stop is ending.
  assert.ok(out.indexOf('readyok') < out.lastIndexOf(bestmoves[1]));
});

test('bad input gets one error line and changes nothing; Hash stops at 256 MB', async () => {
  const { m, out } = await engine(true);
  await m.post('usi');
  out.length = 0;
  await m.post('position startpos moves 7i7h 7i7h');
  await m.post('setoption name Hash value 300');
  await m.post('setoption name Hash value 256');
  await m.post('bench 0');
  await m.post('go depth 1');
  assert.equal(out[0].startsWith("info string error: bad move 2 '7i7h'"), true, out[0]);
  assert.equal(out[1], 'info string error: option Hash: expected a number from 1 to 256, got \'300\'');
  assert.equal(out[2], "info string error: expected 'bench' or 'bench <depth 1-30>'");
  assert.ok(out.at(-1).startsWith('bestmove '));
});

test('uci as the first line speaks UCI for xiangqi', async () => {
  const { m, out } = await engine(true);
  await m.post('uci\nposition startpos\ngo depth 3');
  assert.ok(out.includes('uciok'));
  assert.ok(out.includes('option name UCI_Variant type combo default xiangqi var xiangqi var xiangqi-axf-hk var xiangqi-simple var chushogi var chushogi-seed var chushogi-lishogi var chushogi-jcsa var chuseireigi var chuseireigi-legacy'));
  assert.match(out.at(-1), /^bestmove [a-i]\d[a-i]\d/);
});
