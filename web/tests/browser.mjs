// Browser test: Debian's chromium, headless, driven by playwright-core against `kirin serve`, one area
// of the site after another, each in web/tests/browser/AREA.mjs: play (games against Kirin), people
// (games between people, the clock, the lobby and offers), history (move history and the analysis
// board), restart (pages following a game through server restarts), abort (aborting a game nobody moved in),
// game_analysis (a finished game's computer analysis), wasm (Kirin in the browser),
// editor (the position editor), problems and puzzles, guide (the piece guide on the boards, and the
// /learn pages), notation (the player's notation wherever a move is shown), tournaments (a Swiss made,
// joined, played and followed live through its pages). Each area saves screenshots of its pages, at 1280 and 390 px wide (NAME-1280.png,
// NAME-390.png) among others.
// CTest runs each area as a test of its own (browser_AREA) with its own server, database and browser,
// so that one area's failure does not hide another's; ports (0: the server picks) and databases
// (named after the process) do not collide when two run at once.
// Usage: node browser.mjs KIRIN_BINARY OUTPUT_DIR [AREA...]   (every area when none is named)
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const [kirin, outDir, ...asked] = process.argv.slice(2);
const known = readdirSync(join(dirname(fileURLToPath(import.meta.url)), 'browser'))
  .filter((f) => f.endsWith('.mjs')).map((f) => f.slice(0, -'.mjs'.length)).sort();
if (!kirin || !outDir || asked.some((a) => !known.includes(a))) {
  console.error(`usage: node browser.mjs KIRIN_BINARY OUTPUT_DIR [AREA...]; areas: ${known.join(' ')}`);
  process.exit(2);
}
const areas = asked.length ? asked : known;
mkdirSync(outDir, { recursive: true });
const db = join(tmpdir(), `kirin-browser-${process.pid}.db`);
for (const ext of ['', '-wal', '-shm']) rmSync(db + ext, { force: true });

// `kirin serve` on `port` (0: it picks one); resolves to its address once it listens.
function serve(port) {
  // Small searches for the computer analyses of games (game_analysis), so that they take a moment;
  // no limit on the sign-ups of the one address every area's accounts come from.
  const child = spawn(kirin, ['serve', '--port', String(port), '--db', db, '--game-analysis-nodes', '20000', '--games-per-minute', '0', '--signups-per-hour', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const address = new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      const m = /http:\/\/[0-9.]+:\d+/.exec(String(d));
      if (m) resolve(m[0]);
    });
    child.on('exit', (code) => reject(new Error(`kirin serve exited with ${code}`)));
  });
  return { child, address };
}
let server = serve(0);
const base = await server.address;
// Stops the server with `signal` (SIGTERM, or SIGKILL for a crash) and starts it again on the same
// port and database, as an operator's restart does; the pages keep their address.
async function restartServer(signal) {
  const old = server.child;
  const exited = new Promise((resolve) => old.once('exit', resolve));
  old.kill(signal);
  await exited;
  server = serve(Number(new URL(base).port));
  await server.address;
}

let failures = 0, passed = 0;
const check = (ok, what) => {
  if (ok) passed++;
  else failures++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
};

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

// The centre of a square of a shogi board (first side at the bottom): "7g" -> pixels.
async function shogiSquare(page, key) {
  const box = await page.locator('.shogi-board sg-board').boundingBox();
  const file = parseInt(key), rank = key.charCodeAt(key.length - 1) - 97;
  return { x: box.x + ((12 - file + 0.5) * box.width) / 12, y: box.y + ((rank + 0.5) * box.height) / 12 };
}
async function xiangqiSquare(page, sq) {
  const box = await page.locator('.xiangqi-board cg-board').boundingBox();
  const flipped = (await page.locator('.xiangqi-board.flipped').count()) > 0;
  let file = sq.charCodeAt(0) - 97, rank = Number(sq.slice(1));
  if (flipped) [file, rank] = [8 - file, 9 - rank];
  return { x: box.x + ((file + 0.5) * box.width) / 9, y: box.y + ((9 - rank + 0.5) * box.height) / 10 };
}
// A page at desktop and at phone width, saved as NAME-1280.png and NAME-390.png.
async function shoot(page, name) {
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(outDir, `${name}-${width}.png`), fullPage: true });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width === 390) check(wide <= 390, `phone width: ${name} is ${wide} px wide`);
  }
  await page.setViewportSize(size);
  // The board learns its new bounds from a resize event and a ResizeObserver, both delivered with
  // the next rendered frames; a click before them lands on the square of the old layout.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForTimeout(250);
}
// Drags a piece from the editor's palette ("first-K") to a point of the board.
async function dragFromPalette(page, piece, to) {
  const box = await page.locator(`[data-testid="palette-${piece}"]`).boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await page.waitForTimeout(120);
}
async function click(page, where) {
  await page.mouse.click(where.x, where.y);
  await page.waitForTimeout(120);
}
const ply = (page) => page.locator('[data-testid=status]').getAttribute('data-ply').then(Number);
async function waitPly(page, n) {
  for (let i = 0; i < 100 && (await ply(page)) < n; i++) await page.waitForTimeout(100);
  return ply(page);
}
const moves = (page) => page.locator('[data-testid=moves] li').evaluateAll((els) => els.map((e) => e.dataset.move));

// Clicks the home page's Start and waits for the new game's page: the game's id.
async function create(page) {
  await Promise.all([page.waitForURL(/\/g\/[0-9a-f]+$/), page.click('[data-testid=create]')]);
  return page.url().split('/g/')[1];
}

async function newGame(page, game, importText) {
  await page.goto(base + '/');
  await page.selectOption('[data-testid=game]', game);
  if (importText) {
    await page.click('[data-testid=more-options] summary');
    await page.fill('textarea', importText);
  }
  await create(page);
  await page.waitForSelector('[data-testid=status]');
}

async function reloadAndShoot(page, name, expected) {
  await page.reload();
  await page.waitForSelector('[data-testid=status]');
  await page.waitForTimeout(300);
  const after = await moves(page);
  check(JSON.stringify(after) === JSON.stringify(expected), `${name}: the game is intact after a reload (${after.join(' ')})`);
  await page.screenshot({ path: join(outDir, `${name}.png`), fullPage: true });
}
// A POST with a player's token, as the page sends it.
const post = (path, token, body) => fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
// Waits for a problem or puzzle page's status to match; a timeout says what the status was instead.
const statusIs = (p, re) => p.waitForFunction((src) => new RegExp(src).test(document.querySelector('[data-testid=solve-status]')?.textContent ?? ''), re.source, { timeout: 20000 })
  .catch(async (e) => { throw new Error(`status /${re.source}/ not reached: "${await p.locator('[data-testid=solve-status]').textContent()}" (${e.message.split('\n')[0]})`); });

const t = { kirin, base, browser, restartServer, outDir, check, shoot, click, create, shogiSquare, xiangqiSquare, dragFromPalette, ply, waitPly, moves, newGame, reloadAndShoot, post, statusIs };
try {
  // An exception ends its area only: the next area starts afresh.
  for (const area of areas) {
    const [passedBefore, failuresBefore] = [passed, failures];
    console.log(`== ${area}`);
    try {
      await (await import(`./browser/${area}.mjs`)).default(t);
    } catch (e) {
      check(false, `${area}: exception: ${e.stack}`);
    }
    console.log(`== ${area}: ${passed - passedBefore} passed, ${failures - failuresBefore} failed`);
  }
} finally {
  await browser.close();
  server.child.kill('SIGTERM');
  for (const ext of ['', '-wal', '-shm']) rmSync(db + ext, { force: true });
}
console.log(`${passed} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
