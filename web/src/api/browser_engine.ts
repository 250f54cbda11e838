// Kirin in the player's browser: the WebAssembly engine (/kirin-wasm/, wasm/README.md) in a Web
// Worker, spoken to in USI (UCI for xiangqi). The pages ask `browserEngine()` first and use the
// server's analysis endpoints when it is null: no Worker or WebAssembly, the module failed to
// load, or the game has a rule option the engine cannot be told.
import type { AnalysisInfo } from './types';

export type EngineWhere = 'browser' | 'server';

export interface EngineSpec { game: string; fen: string; moves: string[]; options: string[] }

// How long the worker may take to load and answer its handshake before the server is used.
const LOAD_MS = 15000;
const WORKER_URL = '/kirin-wasm/kirin-worker.js';

// The engine's dialect and variant name for a game and its rule options, or null when an
// option cannot be set through the engine's own options (listed by its handshake).
function setup(spec: EngineSpec, listed: Set<string>): { proto: 'usi' | 'uci'; lines: string[] } | null {
  const proto = spec.game === 'xiangqi' ? 'uci' : 'usi';
  // In USI plain "chushogi" is lishogi's rules (its variant key); the platform's default is the seed's.
  let variant = spec.game === 'chushogi' ? 'chushogi-seed' : spec.game;
  const lines: string[] = [];
  for (const o of spec.options) {
    const [key, value] = o.split('=');
    if (spec.game === 'chuseireigi' && key === 'rules' && value === 'legacy') variant = 'chuseireigi-legacy';
    else if (spec.game === 'chushogi' && key === 'rules' && ['seed', 'lishogi', 'jcsa'].includes(value)) variant = `chushogi-${value}`;
    else if (spec.game === 'xiangqi' && key === 'repetition' && ['axf-hk', 'simple'].includes(value)) variant = `xiangqi-${value}`;
    else if (spec.game === 'xiangqi' && key === 'repetition' && value === 'axf') continue;
    else if (listed.has(key) && value !== undefined) lines.push(`setoption name ${key} value ${value}`);
    else return null;
  }
  const name = proto === 'usi' ? 'USI_Variant' : 'UCI_Variant';
  return { proto, lines: [`setoption name ${name} value ${variant}`, ...lines] };
}

// "info depth 9 seldepth 14 multipv 1 score cp -36 nodes 63815 nps 31405 hashfull 15 time 2032 pv ..."
// as the server's analysis events have it (mate in moves for the side to move).
export function parseInfo(line: string, proto: 'usi' | 'uci'): AnalysisInfo | null {
  const w = line.split(' ');
  if (w[0] !== 'info' || !w.includes('pv') || !w.includes('depth')) return null;
  const num = (key: string) => Number(w[w.indexOf(key) + 1] ?? 0);
  const kind = w[w.indexOf('score') + 1], value = Number(w[w.indexOf('score') + 2]);
  const mate = kind === 'mate' ? (proto === 'uci' ? value : value > 0 ? Math.ceil(value / 2) : -Math.floor(-value / 2)) : null;
  return { depth: num('depth'), multipv: w.includes('multipv') ? num('multipv') : 1, score: kind === 'cp' ? value : 0, mate,
    nodes: num('nodes'), nps: num('nps'), time_ms: num('time'), pv: w.slice(w.indexOf('pv') + 1) };
}

// The engine's answer "info string error: ..." to a position or option: the position is wrong,
// as the server's 400 would say, not the engine.
export class EngineRefusal extends Error {}

export interface Search {
  stop(): void;
}

export class BrowserEngine {
  private worker: Worker;
  private listener: ((line: string) => void) | null = null;
  private options = new Set<string>();
  private proto: 'usi' | 'uci' | null = null;
  private queue: Promise<void> = Promise.resolve();
  private current: { stop: () => void } | null = null;

  private constructor(worker: Worker) {
    this.worker = worker;
    worker.onmessage = (e: MessageEvent<string>) => this.listener?.(String(e.data));
  }

  static async load(): Promise<BrowserEngine> {
    const engine = new BrowserEngine(new Worker(WORKER_URL));
    try {
      await engine.handshake('usi', LOAD_MS);
      return engine;
    } catch (e) {
      engine.worker.terminate();
      throw e;
    }
  }

  // Sends the handshake and collects the options it lists; rejects on an error line or timeout.
  private handshake(proto: 'usi' | 'uci', ms: number): Promise<void> {
    this.proto = proto;
    this.options.clear();
    return this.until(proto === 'usi' ? 'usiok' : 'uciok', ms, (line) => {
      const m = /^option name (\S+) type/.exec(line);
      if (m) this.options.add(m[1]);
    }, [proto]);
  }

  // Posts `lines`, then waits for a line starting with `end`; an error line rejects.
  private until(end: string, ms: number, each: (line: string) => void, lines: string[]): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => { this.listener = null; reject(new Error(`no '${end}' from the engine in ${ms / 1000} s`)); }, ms);
      this.worker.onerror = (e) => { clearTimeout(timer); reject(new Error(e.message || 'the engine worker failed')); };
      this.listener = (line) => {
        if (line.startsWith('info string error')) {
          clearTimeout(timer);
          this.listener = null;
          reject(new EngineRefusal(line.replace(/^info string error: /, '')));
        } else if (line.startsWith(end)) {
          clearTimeout(timer);
          this.listener = null;
          resolve();
        } else each(line);
      };
      for (const l of lines) this.worker.postMessage(l);
    });
  }

  // Searches the position: `onInfo` after each depth of each line, `onDone` with the best move
  // (null: no legal move) unless stopped first, `onError` with an EngineRefusal when the engine
  // refuses the position, another Error when it cannot search it (ask the server then).
  // The searches of one engine run one after the other; a new one stops the one before.
  search(spec: EngineSpec, go: string, multipv: number, handlers: {
    onInfo: (i: AnalysisInfo) => void; onDone: (best: string | null) => void; onError: (e: Error) => void;
  }): Search {
    let stopped = false;
    this.current?.stop();
    const run = async () => {
      if (stopped) return;
      const wanted = spec.game === 'xiangqi' ? 'uci' : 'usi';
      if (this.proto !== wanted) await this.handshake(wanted, LOAD_MS);
      const s = setup(spec, this.options);
      if (!s) throw new Error('this rule option is not known to the engine in the browser');
      const position = `position ${s.proto === 'usi' ? 'sfen' : 'fen'} ${spec.fen}${spec.moves.length ? ` moves ${spec.moves.join(' ')}` : ''}`;
      await this.until('readyok', LOAD_MS, () => {}, [...s.lines, `setoption name MultiPV value ${multipv}`, position, 'isready']);
      if (stopped) return;
      const proto = s.proto;
      await new Promise<void>((resolve) => {
        this.current = { stop: () => this.worker.postMessage('stop') };
        this.listener = (line) => {
          if (line.startsWith('bestmove')) {
            this.listener = null;
            this.current = null;
            const best = line.split(' ')[1];
            if (!stopped) handlers.onDone(best === 'resign' || best === '(none)' ? null : best);
            resolve();
          } else if (!stopped) {
            const info = parseInfo(line, proto);
            if (info) handlers.onInfo(info);
          }
        };
        this.worker.postMessage(go);
      });
    };
    this.queue = this.queue.then(run).catch((e: Error) => { if (!stopped) handlers.onError(e); });
    return { stop: () => { if (!stopped) { stopped = true; this.current?.stop(); } } };
  }

  close() {
    this.worker.terminate();
  }
}

let loading: Promise<BrowserEngine | null> | null = null;

// The page's one engine in the browser, loaded on first use; null where it cannot run (the
// reason is in the console). `?engine=server` in the page's address asks for the server.
export function browserEngine(): Promise<BrowserEngine | null> {
  if (!loading) {
    const refused = typeof Worker === 'undefined' || typeof WebAssembly !== 'object' ||
      new URLSearchParams(location.search).get('engine') === 'server';
    loading = refused ? Promise.resolve(null) : BrowserEngine.load().catch((e: Error) => {
      console.warn(`Kirin in the browser: ${e.message}; the server analyses instead`);
      return null;
    });
  }
  return loading;
}
