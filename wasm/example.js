// The example page's script (a file of its own, so the page works under a strict
// Content-Security-Policy too). One worker; USI for the shogi games, UCI for xiangqi.
"use strict";
const $ = (id) => document.getElementById(id);
const log = (line) => {
  $("log").textContent += line + "\n";
  $("log").scrollTop = $("log").scrollHeight;
};

const worker = new Worker("kirin-worker.js");
worker.onmessage = (e) => {
  const line = e.data;
  log(line);
  const pv = / score (cp|mate) (-?\d+) .* pv (\S+)/.exec(line);
  if (line.startsWith("info depth") && pv) $("best").textContent = `${pv[3]} (${pv[1]} ${pv[2]})`;
  if (line.startsWith("bestmove")) $("best").textContent += " · done";
};
let protocol = null;

$("go").onclick = () => {
  const game = $("game").value;
  const wanted = game === "xiangqi" ? "uci" : "usi";
  worker.postMessage("stop");
  if (protocol !== wanted) {
    worker.postMessage(wanted);  // the handshake chooses the protocol
    protocol = wanted;
  }
  worker.postMessage(`setoption name ${wanted.toUpperCase()}_Variant value ${game}`);
  const moves = $("moves").value.trim();
  worker.postMessage(`position startpos${moves ? " moves " + moves : ""}`);
  worker.postMessage("go infinite");
  $("best").textContent = "-";
};
$("stop").onclick = () => worker.postMessage("stop");
$("where").textContent = typeof WebAssembly === "object" ? "" : "This browser has no WebAssembly.";
