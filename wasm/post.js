// Appended to the Emscripten module (--post-js): the engine's input. Lines wait in
// Module.kirinLines and go one at a time to kirin_command; while a search runs, it takes the
// waiting lines itself each time it pauses (kirin_wasm.cpp), so "stop" reaches it.
// Module.post(text) takes one line or several separated by newlines; its promise settles when
// every line handed in so far has been read and no search is running.
Module["kirinLines"] = [];
var kirinDrained = Promise.resolve();
var kirinBusy = false;
Module["post"] = function (text) {
  for (const line of String(text).split("\n")) Module["kirinLines"].push(line);
  if (kirinBusy) return kirinDrained;
  kirinBusy = true;
  kirinDrained = (async () => {
    try {
      while (Module["kirinLines"].length) {
        const line = Module["kirinLines"].shift();
        await ccall("kirin_command", null, ["string"], [line], { async: true });
      }
    } catch (e) {
      Module["print"]("info string error: the engine stopped: " + e);
      throw e;
    } finally {
      kirinBusy = false;
    }
  })();
  return kirinDrained;
};
