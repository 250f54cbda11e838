// Kirin in the browser (WebAssembly): analysis and a hint with the server's engine blocked, and the
// server's engine when the module is missing or asked for.
export default async function wasm(t) {
  const { base, browser, check, shoot } = t;

  // Kirin in the browser (WebAssembly in a Web Worker) with the server's engine endpoints
  // blocked: the analysis board's lines arrive (depth, a legal first move) and say where Kirin
  // runs; "Ask Kirin" on a game page answers the same way. With the module missing, or asked for
  // by ?engine=server, the server analyses instead and the page says so.
  const wasmPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const blocked = [];
  await wasmPage.route(/\/api\/(analysis|analyse)/, (route) => { blocked.push(route.request().url()); return route.abort(); });
  const legal = async (game, moves) => (await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game, moves, opponent: { kind: 'human' } }) })).status === 201;
  for (const [game, moves] of [['chushogi', ['7i7h', '6c8e']], ['xiangqi', ['h2e2']], ['chuseireigi', ['6i6h']]]) {
    await wasmPage.goto(`${base}/analysis?game=${game}&moves=${moves.join(',')}`);
    await wasmPage.waitForFunction(() => Number(document.querySelector('[data-testid=analysis-status]')?.dataset.depth) >= 4, null, { timeout: 30000 }).catch(() => {});
    const depth = Number(await wasmPage.locator('[data-testid=analysis-status]').getAttribute('data-depth'));
    // The move as the engine gave it (the link's text is in the player's notation).
    const first = (await wasmPage.locator('[data-testid=pv-line] .pv a').first().getAttribute('data-move').catch(() => '')) ?? '';
    const where = await wasmPage.locator('[data-testid=engine-where]').getAttribute('data-where');
    check(depth >= 4 && where === 'browser' && first !== '' && (await legal(game, [...moves, first])),
      `wasm: ${game} analysed in the browser with the server's engine blocked: depth ${depth}, first move ${first} legal, "${await wasmPage.textContent('[data-testid=engine-where]')}"`);
    if (game === 'chushogi') await shoot(wasmPage, 'analysis-wasm');
  }
  check(blocked.length === 0, `wasm: the page asked the server's engine nothing (${blocked.length} requests)`);
  const game = await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'chushogi', moves: ['7i7h'], opponent: { kind: 'human' } }) }).then((r) => r.json());
  await wasmPage.goto(`${base}/g/${game.id}`);
  await wasmPage.click('[data-testid=ask-kirin]');
  await wasmPage.waitForSelector('[data-testid=hint][data-where]', { timeout: 20000 }).catch(() => {});
  const hintMove = await wasmPage.locator('[data-testid=hint]').getAttribute('data-best');
  check((await wasmPage.locator('[data-testid=hint]').getAttribute('data-where')) === 'browser' && hintMove && (await legal('chushogi', ['7i7h', hintMove])),
    `wasm: Ask Kirin answers in the browser with a legal move (${await wasmPage.textContent('[data-testid=hint]')})`);
  await shoot(wasmPage, 'hint-wasm');
  await wasmPage.close();

  const noWasm = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await noWasm.route(/\/kirin-wasm\//, (route) => route.abort());
  await noWasm.goto(`${base}/analysis?game=chushogi&moves=7i7h`);
  await noWasm.waitForSelector('[data-testid=pv-line]', { timeout: 40000 }).catch(() => {});
  check((await noWasm.locator('[data-testid=engine-where]').getAttribute('data-where')) === 'server' && (await noWasm.locator('[data-testid=pv-line]').count()) >= 1,
    `wasm: without the module the server analyses ("${await noWasm.textContent('[data-testid=engine-where]')}")`);
  await noWasm.goto(`${base}/analysis?game=xiangqi&engine=server`);
  await noWasm.waitForSelector('[data-testid=pv-line]', { timeout: 40000 }).catch(() => {});
  check((await noWasm.locator('[data-testid=engine-where]').getAttribute('data-where')) === 'server' && (await noWasm.locator('[data-testid=pv-line]').count()) >= 1,
    'wasm: ?engine=server asks the server');
  await noWasm.close();
}
