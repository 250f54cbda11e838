// The smallest module that uses a SIMD instruction (i8x16.popcnt of a splat): a browser or
// Node that validates it runs kirin-simd.wasm, others kirin.wasm. Loaded by importScripts in
// the worker and by require under Node.
var KIRIN_SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);
if (typeof module !== "undefined") module.exports = KIRIN_SIMD_PROBE;
