// Kirin's Web Worker: `new Worker(".../kirin-worker.js")`, then postMessage("usi") and the rest of
// USI (or "uci" first for xiangqi) one line a message; every line Kirin writes comes back as one
// message, a string, as stockfish.js workers do. Lines sent before the engine has loaded wait.
// It runs kirin-simd.wasm where WebAssembly SIMD is there and kirin.wasm elsewhere, both from
// this folder.
"use strict";
importScripts("simd-probe.js");
importScripts(WebAssembly.validate(KIRIN_SIMD_PROBE) ? "kirin-simd.js" : "kirin.js");

let engine = null;
const early = [];
onmessage = (e) => (engine ? engine.post(e.data) : early.push(e.data));
KirinModule({ print: (line) => postMessage(line), printErr: (line) => console.warn("kirin:", line) }).then(
  (module) => {
    engine = module;
    for (const line of early.splice(0)) engine.post(line);
  },
  (err) => postMessage("info string error: the engine did not load: " + err),
);
