#!/usr/bin/env node
// Kirin's WebAssembly engine in a terminal, under Node: each argument is one line of input
// (`node kirin-cli.js bench`), or, with none, lines come from standard input until its end.
// The engine's output goes to standard output, as `kirin usi` writes it.
"use strict";
const fs = require("fs");
const path = require("path");

async function main() {
  const simd = process.argv.includes("--no-simd") ? false : WebAssembly.validate(require("./simd-probe.js"));
  const args = process.argv.slice(2).filter((a) => a !== "--no-simd");
  const name = simd ? "kirin-simd" : "kirin";
  const factory = require(path.join(__dirname, name + ".js"));
  const engine = await factory({
    wasmBinary: fs.readFileSync(path.join(__dirname, name + ".wasm")),
    print: (line) => process.stdout.write(line + "\n"),
    printErr: (line) => process.stderr.write(line + "\n"),
  });
  if (args.length) {
    for (const line of args) await engine.post(line);
    return;
  }
  const rl = require("readline").createInterface({ input: process.stdin });
  let last = Promise.resolve();
  for await (const line of rl) last = engine.post(line);
  await last;
}

main().catch((e) => {
  process.stderr.write("kirin-cli: " + (e && e.message ? e.message : e) + "\n");
  process.exit(1);
});
