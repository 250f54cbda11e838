// Browser test: Debian's chromium, headless, driven by playwright-core against `kirin serve`.
// For each game: start a game against Kirin from the new-game page, play moves by clicking
// (Chu Seireigi: a drop; Chu Shogi: a Lion double move and a promotion; xiangqi: a cannon move),
// reload and check the game is intact, and save a screenshot per game. Then the position editor:
// palettes, tools and hands, with the SFEN/FEN checked exactly, and a game started from it.
// Issue 14: a timed game to a flag fall; move history by the arrow keys (the board's FEN at a
// ply against the server's, and the pieces drawn against that FEN); the analysis board; a lobby challenge accepted in a second browser
// context, a move each, a declined draw offer, a resignation and a rematch; rule options as
// choices. Issue 19: a problem made in the editor and solved, one made under the JCSA rules, a
// puzzle (wrong tries, the answer, solved). Issue 20: Kirin in the browser (WebAssembly) analyses
// with the server's engine blocked. Screenshots of each page at 1280 and 390 px wide (NAME-1280.png, NAME-390.png).
// Usage: node browser.mjs KIRIN_BINARY OUTPUT_DIR
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const [kirin, outDir] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const db = join(tmpdir(), `kirin-browser-${process.pid}.db`);
for (const ext of ['', '-wal', '-shm']) rmSync(db + ext, { force: true });

const server = spawn(kirin, ['serve', '--port', '0', '--db', db], { stdio: ['ignore', 'pipe', 'inherit'] });
const base = await new Promise((resolve, reject) => {
  server.stdout.on('data', (d) => {
    const m = /http:\/\/[0-9.]+:\d+/.exec(String(d));
    if (m) resolve(m[0]);
  });
  server.on('exit', (code) => reject(new Error(`kirin serve exited with ${code}`)));
});

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
// The pieces a FEN holds, as the boards draw them: "KEY SIDE ROLE" per square (shogiground's keys
// 7g, chessgroundx's a1..i:) and "hand SIDE ROLE xN" per kind in hand, sorted.
function fenPieces(fen, game) {
  const [board, , hands] = fen.split(' ');
  const rows = board.split('/'), xiangqi = game === 'xiangqi', out = [];
  const files = xiangqi ? 9 : rows.length;
  const side = (t) => (t.replace('+', '') === t.replace('+', '').toUpperCase() ? (xiangqi ? 'white' : 'sente') : (xiangqi ? 'black' : 'gote'));
  const role = (t) => (xiangqi ? `${t.toLowerCase()}-piece` : `t-${t.toLowerCase().replace('+', 'x')}`);
  rows.forEach((row, r) => {
    let c = 0;
    for (const m of row.matchAll(/(\d+)|(\+?[A-Za-z])/g)) {
      if (m[1]) { c += Number(m[1]); continue; }
      out.push(`${xiangqi ? 'abcdefghi'[c] + '123456789:'[9 - r] : `${files - c}${'abcdefghijkl'[r]}`} ${side(m[2])} ${role(m[2])}`);
      c++;
    }
  });
  if (!xiangqi && hands && hands !== '-')
    for (const m of hands.matchAll(/(\d*)(\+?[A-Za-z])/g)) out.push(`hand ${side(m[2])} ${role(m[2])} x${m[1] || 1}`);
  return out.sort().join(', ');
}
// The pieces the game page's board draws, in fenPieces' form: once it has settled (animations
// done), or as it stands after 2 s.
async function drawnPieces(page, expected) {
  let drawn = '';
  for (let i = 0; i < 20; i++) {
    drawn = await page.evaluate(() => {
      const out = [];
      const named = (el, pattern) => [...el.classList].find((c) => pattern.test(c));
      for (const el of document.querySelectorAll('.board-box sg-board piece, .board-box cg-board piece')) {
        const key = el.sgKey ?? el.cgKey;  // none: the element kept for a dragged piece
        if (!key || el.sgFading || el.cgFading || el.classList.contains('ghost') || el.classList.contains('dragging')) continue;
        out.push(`${key} ${named(el, /^(sente|gote|white|black)$/)} ${named(el, /^t-|-piece$/)}`);
      }
      for (const wrap of document.querySelectorAll('.board-box sg-hp-wrap')) {
        const piece = wrap.querySelector('piece'), n = Number(wrap.getAttribute('data-nb'));
        if (piece && n > 0) out.push(`hand ${named(piece, /^(sente|gote)$/)} ${named(piece, /^t-/)} x${n}`);
      }
      return out.sort().join(', ');
    });
    if (drawn === expected) break;
    await page.waitForTimeout(100);
  }
  return drawn;
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

async function newGame(page, game, importText) {
  await page.goto(base + '/');
  await page.selectOption('[data-testid=game]', game);
  if (importText) await page.fill('textarea', importText);
  await Promise.all([page.waitForURL(/\/g\/[0-9a-f]+#/), page.click('[data-testid=create]')]);
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

try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  page.on('pageerror', (e) => check(false, `page error: ${e.message}`));

  // Chu Seireigi: drop a Pawn from the hand (a position with a Pawn in each hand).
  await newGame(page, 'chuseireigi',
    'lacsgekgscal/1n1juxouj1n1/f1w1rqib1y1f/ppppppppppp1/12/12/12/12/1PPPPPPPPPPP/F1Y1BIQR1W1F/1N1JUOXUJ1N1/LACSGKEGSCAL b Pp 1');
  // Drag and drop from the hand.
  const hb = await page.locator('.hand-bottom sg-hp-wrap piece.t-p').first().boundingBox();
  const target = await shogiSquare(page, '12f');
  await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x, target.y, { steps: 8 });
  await page.mouse.up();
  check((await waitPly(page, 2)) === 2, 'Chu Seireigi: the drop P*12f (dragged from the hand) was played and Kirin replied');
  let list = await moves(page);
  check(list[0] === 'P*12f', `Chu Seireigi: first move is P*12f (${list[0]})`);
  await reloadAndShoot(page, 'chuseireigi', list);

  // Chu Shogi: a Lion double move capturing on its first step (two clicks, then the second
  // step), then a promotion.
  await newGame(page, 'chushogi', 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/ppppp1pppppp/3i4i3/5p6/5N6/2P9/PP1PPPPPPPPP/MVRHDQ1DHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1');
  await click(page, await shogiSquare(page, '7g'));
  await click(page, await shogiSquare(page, '7f'));
  check(await page.locator('.lion-bar').isVisible(), 'Chu Shogi: after the first Lion step the board waits for the second');
  check((await page.locator('sq.lion-mid').count()) === 1, 'Chu Shogi: the first step\'s square is highlighted');
  await click(page, await shogiSquare(page, '7e'));
  check((await waitPly(page, 2)) === 2, 'Chu Shogi: the Lion move was played and Kirin replied');
  list = await moves(page);
  check(list[0] === '7g7f7e', `Chu Shogi: first move is the Lion's double move 7g7f7e (${list[0]})`);
  await reloadAndShoot(page, 'chushogi', list);

  // Chu Shogi promotion: a Pawn one step from the zone (ranks a-d), with the promotion dialog.
  await newGame(page, 'chushogi', 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/ppppppppppp1/3i4i2P/12/12/3I4I3/PPPPPPPPPPP1/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1');
  await click(page, await shogiSquare(page, '1e'));
  await click(page, await shogiSquare(page, '1d'));
  const choice = page.locator('sg-promotion-choices piece').first();
  check(await choice.isVisible(), 'Chu Shogi: entering the zone offers the promotion choice');
  const cb = await choice.boundingBox();
  await page.mouse.click(cb.x + cb.width / 2, cb.y + cb.height / 2);
  check((await waitPly(page, 2)) === 2, 'Chu Shogi: the promotion was played and Kirin replied');
  list = await moves(page);
  check(list[0] === '1e1d+', `Chu Shogi: first move is 1e1d+ (${list[0]})`);
  await reloadAndShoot(page, 'chushogi-promotion', list);

  // Xiangqi: the central cannon.
  await newGame(page, 'xiangqi');
  await click(page, await xiangqiSquare(page, 'h2'));
  await click(page, await xiangqiSquare(page, 'e2'));
  check((await waitPly(page, 2)) === 2, 'Xiangqi: h2e2 was played and Kirin replied');
  list = await moves(page);
  check(list[0] === 'h2e2', `Xiangqi: first move is h2e2 (${list[0]})`);
  await reloadAndShoot(page, 'xiangqi', list);

  // Two people: the second player's page shows the first player's move live (server-sent
  // events), and a spectator sees it too.
  const created = await (await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'xiangqi', opponent: { kind: 'human' } }) })).json();
  const first = await browser.newPage(), second = await browser.newPage(), watcher = await browser.newPage();
  // A token travels only in the Authorization header: no URL the pages request carries one.
  const leaked = [];
  for (const p of [first, second])
    p.on('request', (r) => {
      if (r.url().includes(created.token) || r.url().includes(created.opponent_token)) leaked.push(r.url());
    });
  await first.goto(`${base}/g/${created.id}#${created.token}`);
  await second.goto(`${base}/g/${created.id}#${created.opponent_token}`);
  await watcher.goto(`${base}/g/${created.id}`);
  for (const p of [first, second, watcher]) await p.waitForSelector('[data-testid=status]');
  await click(first, await xiangqiSquare(first, 'b2'));
  await click(first, await xiangqiSquare(first, 'e2'));
  check((await waitPly(second, 1)) === 1, 'two people: the move reached the opponent\'s page live');
  check((await waitPly(watcher, 1)) === 1, 'two people: a spectator sees the move');
  check((await second.locator('[data-testid=status]').textContent()).includes('your turn'), 'two people: now it is the second player\'s turn');
  check((await watcher.locator('[data-testid=status]').textContent()).endsWith('to move'), 'two people: the spectator has no turn');
  check(leaked.length === 0, `two people: no requested URL carries a token (${leaked.join(' ')})`);

  // A timed game: the clocks tick in the page, go red under 10 s, and the server ends the game
  // when the side to move runs out, with no request from the page.
  const timed = await (await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'xiangqi', opponent: { kind: 'human' }, clock: { initial_ms: 2500, increment_ms: 0 } }) })).json();
  const post = (path, token, body) => fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const clockPage = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  await clockPage.goto(`${base}/g/${timed.id}#${timed.token}`);
  await clockPage.waitForSelector('[data-testid=clock-first]');
  await post(`/api/games/${timed.id}/move`, timed.token, { move: 'h2e2' });
  await post(`/api/games/${timed.id}/move`, timed.opponent_token, { move: 'h9g7' });
  await clockPage.waitForFunction(() => document.querySelector('[data-testid=clock-first]').classList.contains('running'), null, { timeout: 5000 });
  const t1 = await clockPage.locator('[data-testid=clock-first]').textContent();
  await clockPage.waitForTimeout(600);
  const t2 = await clockPage.locator('[data-testid=clock-first]').textContent();
  check(t1 !== t2 && (await clockPage.locator('[data-testid=clock-first].low').count()) === 1, `clock: Red's clock ticks and is red under 10 s (${t1} -> ${t2})`);
  await clockPage.waitForFunction(() => document.querySelector('[data-testid=result]').textContent.includes('time forfeit'), null, { timeout: 6000 }).catch(() => {});
  const flagged = await clockPage.locator('[data-testid=result]').textContent();
  check(flagged === 'Black wins (time forfeit)' && await clockPage.locator('[data-testid=result]').isVisible(), `clock: the flag fell by itself and the result banner says so (${flagged})`);
  await clockPage.screenshot({ path: join(outDir, 'xiangqi-flag.png') });

  // Move history: the arrow keys step through a game, the board shows the position at that ply
  // (as the server has it) and is read-only; a move arriving while looking back does not move
  // the board; "back to the game" does.
  const histMoves = ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0'];
  const hist = await (await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'xiangqi', opponent: { kind: 'human' } }) })).json();
  for (let i = 0; i < 4; i++) await post(`/api/games/${hist.id}/move`, i % 2 ? hist.opponent_token : hist.token, { move: histMoves[i] });
  const atTwo = await (await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'xiangqi', moves: histMoves.slice(0, 2), opponent: { kind: 'human' } }) })).json();
  const hp = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  hp.on('pageerror', (e) => check(false, `history page error: ${e.message}`));
  await hp.goto(`${base}/g/${hist.id}#${hist.token}`);
  await hp.waitForSelector('[data-testid=status]');
  const shownFen = () => hp.locator('.board-box').getAttribute('data-fen');
  const boardOf = (f) => f.split(' ').slice(0, 2).join(' ');
  await hp.keyboard.press('Home');
  check(boardOf(await shownFen()) === boardOf(hist.start_fen), `history: Home shows the start position (${await shownFen()})`);
  check((await drawnPieces(hp, fenPieces(hist.start_fen, 'xiangqi'))) === fenPieces(hist.start_fen, 'xiangqi'), 'history: the board drawn at Home is the start position');
  await hp.keyboard.press('ArrowRight');
  await hp.keyboard.press('ArrowRight');
  check(boardOf(await shownFen()) === boardOf(atTwo.fen), `history: two steps right show the position after ply 2 as the server has it (${await shownFen()})`);
  check((await drawnPieces(hp, fenPieces(atTwo.fen, 'xiangqi'))) === fenPieces(atTwo.fen, 'xiangqi'), `history: the board drawn at ply 2 is that position (${await drawnPieces(hp, '')})`);
  check((await hp.locator('[data-testid=moves] li.current').getAttribute('data-ply')) === '2', 'history: the move list marks ply 2');
  await click(hp, await xiangqiSquare(hp, 'a0'));
  await click(hp, await xiangqiSquare(hp, 'a1'));
  check((await hp.locator('[data-testid=status]').getAttribute('data-ply')) === '4', 'history: the board is read-only while looking back (a click-move sent nothing)');
  await post(`/api/games/${hist.id}/move`, hist.token, { move: histMoves[4] });
  await waitPly(hp, 5);
  check((await hp.locator('.history-nav').getAttribute('data-shown')) === '2' && (await hp.locator('[data-testid=back-to-game]').isVisible()), 'history: a new move does not pull the board forward; "back to the game" shows');
  await hp.screenshot({ path: join(outDir, 'history-1280.png'), fullPage: true });
  await hp.click('[data-testid=back-to-game]');
  check(boardOf(await shownFen()) === boardOf((await (await fetch(`${base}/api/games/${hist.id}`)).json()).fen) && !(await hp.locator('[data-testid=back-to-game]').isVisible()), 'history: "back to the game" shows the live position');
  await hp.locator('[data-testid=moves] li[data-ply="1"]').click();
  check((await hp.locator('.history-nav').getAttribute('data-shown')) === '1', 'history: clicking a move shows it');
  await hp.keyboard.press('End');
  check((await hp.locator('.history-nav').getAttribute('data-shown')) === '5', 'history: End goes to the last move');
  await hp.keyboard.press('ArrowLeft');
  await shoot(hp, 'history');

  // The positions the page shows against the server's for the same moves played afresh, every
  // 10th ply of a self-play game of each game (drops, promotions, captures into hand, Lion double
  // moves), and the board drawn at each of them (its pieces and hands) against that position.
  const replayGames = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'data/replay_games.txt'), 'utf8')
    .split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(' '));
  const positionKey = (f) => (f.split(' ')[2] === '-' && f.split(' ')[3] === '-' ? f.split(' ').slice(0, 2) : f.split(' ').slice(0, 3)).join(' ');
  const replayPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  for (const [game, ...gameMoves] of replayGames) {
    const made = await (await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game, moves: gameMoves, opponent: { kind: 'human' } }) })).json();
    await replayPage.goto(`${base}/g/${made.id}`);
    await replayPage.waitForSelector('[data-testid=status]');
    const wrong = [], misdrawn = [];
    for (let n = 10; n <= gameMoves.length; n += 10) {
      await replayPage.locator(`[data-testid=moves] li[data-ply="${n}"]`).click();
      const mine = await replayPage.locator('.board-box').getAttribute('data-fen');
      const server = (await (await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game, moves: gameMoves.slice(0, n), opponent: { kind: 'human' } }) })).json()).fen;
      if (positionKey(mine) !== positionKey(server)) wrong.push(`ply ${n}: ${mine} != ${server}`);
      const drawn = await drawnPieces(replayPage, fenPieces(server, game));
      if (drawn !== fenPieces(server, game)) misdrawn.push(`ply ${n}: ${drawn} != ${fenPieces(server, game)}`);
    }
    check(wrong.length === 0 && gameMoves.length >= 48, `history: ${game}, ${gameMoves.length} plies, the page's position at every 10th ply is the server's (${wrong[0] ?? 'all equal'})`);
    check(misdrawn.length === 0, `history: ${game}, the board drawn at every 10th ply is that position, pieces and hands (${misdrawn[0] ?? 'all equal'})`);
  }

  // The analysis board, opened from the game at the shown ply (4): Kirin's lines arrive live,
  // the multi-PV choice gives that many lines, a typed move is tried as a variation, an illegal
  // one is refused with the server's reason, and "play from here" starts a game against Kirin.
  {
    await Promise.all([hp.waitForURL(/\/analysis\?/), hp.click('[data-testid=analyse]')]);
    const analysisUrlSeen = new URL(hp.url());
    check(analysisUrlSeen.searchParams.get('moves') === histMoves.slice(0, 4).join(','), `analysis: opened at the shown ply (${analysisUrlSeen.searchParams.get('moves')})`);
    await hp.waitForSelector('[data-testid=pv-line]', { timeout: 20000 }).catch(() => {});
    const firstLine = await hp.locator('[data-testid=pv-line]').first().textContent().catch(() => '');
    check(/^[+-]\d+\.\d\d|mate/.test(firstLine), `analysis: an info line arrived (${firstLine}; ${await hp.textContent('[data-testid=analysis-error]')})`);
    await hp.selectOption('[data-testid=multipv]', '3');
    await hp.waitForSelector('[data-testid=pv-line][data-multipv="3"]', { timeout: 20000 }).catch(() => {});
    check((await hp.locator('[data-testid=pv-line]').count()) === 3, `analysis: three lines with multi-PV 3 (${await hp.locator('[data-testid=pv-line]').count()})`);
    await shoot(hp, 'analysis');
    await hp.fill('[data-testid=move-input]', 'e0e5');
    await hp.press('[data-testid=move-input]', 'Enter');
    await hp.waitForFunction(() => document.querySelector('[data-testid=analysis-error]').textContent, null, { timeout: 10000 }).catch(() => {});
    check((await hp.textContent('[data-testid=analysis-error]')).startsWith('e0e5: ') && (await hp.locator('[data-testid=variation] li.tried').count()) === 0, `analysis: an illegal move is refused with the engine's reason (${await hp.textContent('[data-testid=analysis-error]')})`);
    await click(hp, await xiangqiSquare(hp, 'b0'));
    await click(hp, await xiangqiSquare(hp, 'c2'));
    check(JSON.stringify(await hp.locator('[data-testid=variation] li.tried').allTextContents()) === '["b0c2"]', 'analysis: a move made on the board is tried as a variation');
    await hp.waitForSelector('[data-testid=pv-line]', { timeout: 20000 }).catch(() => {});
    check((await hp.textContent('[data-testid=analysis-error]')) === '' && (await hp.locator('[data-testid=pv-line]').count()) >= 1, `analysis: the analysis restarts on the variation (${await hp.textContent('[data-testid=analysis-error]')})`);
    // The diagram link draws the position on the board, variation included.
    // Clicked in the page, its new tab held back: the link's own handler sets its address.
    const svgHref = await hp.$eval('[data-testid=analysis-diagram-svg]', (el) => {
      el.addEventListener('click', (e) => e.preventDefault(), { once: true });
      el.click();
      return el.getAttribute('href');
    });
    const svgAnswer = await fetch(new URL(svgHref, base));
    check(svgAnswer.status === 200 && (await svgAnswer.text()).includes('<svg') && new URL(svgHref, base).searchParams.get('moves').endsWith('b0c2'),
      `analysis: the diagram link draws the shown position (${svgHref})`);
    await Promise.all([hp.waitForURL(/\/g\/[0-9a-f]+#/), hp.click('[data-testid=play-from-here]')]);
    const fromHere = await (await fetch(`${base}/api/games/${/\/g\/([0-9a-f]+)/.exec(hp.url())[1]}`)).json();
    check(JSON.stringify(fromHere.moves.slice(0, 5)) === JSON.stringify([...histMoves.slice(0, 4), 'b0c2']) && fromHere.players.first.kind === 'kirin' && fromHere.players.second.kind === 'human', `analysis: play from here starts a game from the variation, the player on the side to move (Black) and Kirin on the other (${fromHere.moves})`);
  }

  // Kirin in the browser (WebAssembly in a Web Worker) with the server's engine endpoints
  // blocked: the analysis board's lines arrive (depth, a legal first move) and say where Kirin
  // runs; "Ask Kirin" on a game page answers the same way. With the module missing, or asked for
  // by ?engine=server, the server analyses instead and the page says so.
  {
    const wasmPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const blocked = [];
    await wasmPage.route(/\/api\/(analysis|analyse)/, (route) => { blocked.push(route.request().url()); return route.abort(); });
    const legal = async (game, moves) => (await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game, moves, opponent: { kind: 'human' } }) })).status === 201;
    for (const [game, moves] of [['chushogi', ['7i7h', '6c8e']], ['xiangqi', ['h2e2']], ['chuseireigi', ['6i6h']]]) {
      await wasmPage.goto(`${base}/analysis?game=${game}&moves=${moves.join(',')}`);
      await wasmPage.waitForFunction(() => Number(document.querySelector('[data-testid=analysis-status]')?.dataset.depth) >= 4, null, { timeout: 30000 }).catch(() => {});
      const depth = Number(await wasmPage.locator('[data-testid=analysis-status]').getAttribute('data-depth'));
      const first = (await wasmPage.locator('[data-testid=pv-line] .pv a').first().textContent().catch(() => '')).trim();
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

  // The lobby: Alice creates an open challenge from the home page; Bob, in another browser
  // context, sees it live and accepts; Alice's page turns to "playing" by itself; each plays a
  // move by clicking; a draw offer reaches Bob with Accept/Decline; Alice resigns, offers a
  // rematch, Bob accepts, and both land in the new game with the colours swapped.
  const alice = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const bob = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  for (const [p, who] of [[alice, 'Alice'], [bob, 'Bob']]) {
    p.on('pageerror', (e) => check(false, `${who}'s page error: ${e.message}`));
    p.on('dialog', (d) => d.accept());
    await p.goto(base + '/');
    await p.fill('[data-testid=display-name]', who);
  }
  await alice.selectOption('[data-testid=game]', 'xiangqi');
  await alice.selectOption('[data-testid=opponent]', 'open');
  await alice.selectOption('[data-testid=color]', 'first');
  await alice.selectOption('[data-testid=clock]', '5+3');
  await Promise.all([alice.waitForURL(/\/g\/[0-9a-f]+#/), alice.click('[data-testid=create]')]);
  await alice.waitForSelector('[data-testid=status][data-status=waiting]');
  const lobbyId = /\/g\/([0-9a-f]+)/.exec(alice.url())[1];
  const row = bob.locator(`[data-testid=challenges] tr[data-id="${lobbyId}"]`);
  await row.waitFor({ timeout: 5000 });
  const rowText = await row.textContent();
  check(rowText.includes('Alice') && rowText.includes('Xiangqi') && rowText.includes('5 min + 3 s') && rowText.includes('Black'), `lobby: Bob sees Alice's challenge live (${rowText})`);
  await shoot(bob, 'home');
  await Promise.all([bob.waitForURL(new RegExp(`/g/${lobbyId}`)), row.locator('[data-testid=accept-challenge]').click()]);
  await bob.waitForSelector('[data-testid=status][data-status=playing]');
  await alice.waitForSelector('[data-testid=status][data-status=playing]', { timeout: 5000 }).catch(() => {});
  check((await alice.locator('[data-testid=status]').getAttribute('data-status')) === 'playing', 'lobby: Alice\'s page turns to playing when Bob accepts');
  check((await alice.textContent('[data-testid=name-second]')).includes('Bob') && (await bob.textContent('[data-testid=name-first]')).includes('Alice'), 'lobby: each page names the other player');
  await click(alice, await xiangqiSquare(alice, 'h2'));
  await click(alice, await xiangqiSquare(alice, 'e2'));
  check((await waitPly(bob, 1)) === 1, 'lobby: Alice\'s move reached Bob');
  await click(bob, await xiangqiSquare(bob, 'h9'));
  await click(bob, await xiangqiSquare(bob, 'g7'));
  check((await waitPly(alice, 2)) === 2 && JSON.stringify(await moves(alice)) === '["h2e2","h9g7"]', `lobby: Bob's move (clicked on his turned board) reached Alice (${await moves(alice)})`);
  await alice.click('[data-testid=draw-offer]');
  await bob.waitForSelector('[data-testid=draw-decline]', { timeout: 5000 }).catch(() => {});
  check((await bob.locator('[data-testid=draw-accept]').count()) === 1, 'offers: Bob is shown Alice\'s draw offer with Accept and Decline');
  await shoot(bob, 'game-offer');
  await bob.click('[data-testid=draw-decline]');
  await alice.waitForFunction(() => !document.querySelector('[data-testid=offers]').textContent.includes('offered'), null, { timeout: 5000 }).catch(() => {});
  check((await alice.textContent('[data-testid=offers]')) === '', 'offers: the declined offer is gone from Alice\'s page');
  await alice.click('text=Resign');
  await bob.waitForSelector('[data-testid=result]:not([hidden])', { timeout: 5000 });
  check((await bob.textContent('[data-testid=result]')) === 'Black wins (resignation)', `result: the banner gives the winner and the reason (${await bob.textContent('[data-testid=result]')})`);
  await alice.click('[data-testid=rematch]');
  await bob.waitForSelector('[data-testid=rematch-accept]', { timeout: 5000 }).catch(() => {});
  await shoot(bob, 'game-over');
  await Promise.all([
    alice.waitForURL((u) => !u.pathname.endsWith(lobbyId), { timeout: 8000 }),
    bob.waitForURL((u) => !u.pathname.endsWith(lobbyId), { timeout: 8000 }),
    bob.click('[data-testid=rematch-accept]'),
  ]).catch((e) => check(false, `rematch: ${e.message}`));
  await alice.waitForSelector('[data-testid=status]');
  await bob.waitForSelector('[data-testid=status]');
  check(alice.url() === bob.url() && alice.url() !== `${base}/g/${lobbyId}`, `rematch: both players are in the new game (${alice.url()})`);
  check((await bob.textContent('[data-testid=status]')).includes('your turn') && (await alice.textContent('[data-testid=name-second]')).includes('(you)'), 'rematch: the colours are swapped (Bob moves first)');
  await click(bob, await xiangqiSquare(bob, 'b2'));
  await click(bob, await xiangqiSquare(bob, 'e2'));
  check((await waitPly(alice, 1)) === 1, 'rematch: Bob (now Red) moves with his old token and Alice sees it');

  // A challenge joined from its plain link (the game page's Accept), and one withdrawn by its
  // creator: it leaves the lobby.
  const open = await (await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'chushogi', opponent: { kind: 'human', open: true }, name: 'Dora' }) })).json();
  await bob.goto(`${base}/g/${open.id}`);
  await bob.click('[data-testid=join]');
  await bob.waitForSelector('[data-testid=status][data-status=playing]', { timeout: 5000 }).catch(() => {});
  check((await bob.textContent('[data-testid=name-second]')) === 'White · Bob (you)' && (await bob.textContent('[data-testid=name-first]')) === 'Black · Dora', `lobby: a challenge's plain link is accepted on the game page (${await bob.textContent('[data-testid=name-second]')})`);
  await Promise.all([alice.waitForURL(/\/g\/[0-9a-f]+#/), (async () => {
    await alice.goto(base + '/');
    await alice.selectOption('[data-testid=opponent]', 'open');
    await alice.click('[data-testid=create]');
  })()]);
  await alice.waitForSelector('[data-testid=status][data-status=waiting]');
  const withdrawn = /\/g\/([0-9a-f]+)/.exec(alice.url())[1];
  await bob.goto(base + '/');
  await bob.waitForSelector(`[data-testid=challenges] tr[data-id="${withdrawn}"]`, { timeout: 5000 }).catch(() => {});
  const listedBefore = await bob.locator(`[data-testid=challenges] tr[data-id="${withdrawn}"]`).count();
  await alice.click('[data-testid=cancel]');
  await alice.waitForSelector('[data-testid=status][data-status=cancelled]', { timeout: 5000 }).catch(() => {});
  await bob.waitForFunction((id) => !document.querySelector(`[data-testid=challenges] tr[data-id="${id}"]`), withdrawn, { timeout: 5000 }).catch(() => {});
  check(listedBefore === 1 && (await bob.locator(`[data-testid=challenges] tr[data-id="${withdrawn}"]`).count()) === 0 && (await alice.textContent('[data-testid=status]')) === 'This challenge was cancelled.', 'lobby: a withdrawn challenge leaves the lobby live');

  // No Kirin analysis for the players of a game that counts (not casual) while it is played;
  // a spectator has it.
  const rated = await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'xiangqi', casual: false, opponent: { kind: 'human' } }) }).then((r) => r.json());
  await bob.goto(`${base}/g/${rated.id}#${rated.opponent_token}`);
  await bob.waitForSelector('[data-testid=status]');
  const playerSees = await bob.locator('[data-testid=analyse]').count();
  const spectator = await browser.newPage();  // a context of its own: no token kept
  await spectator.goto(`${base}/g/${rated.id}`);
  await spectator.waitForSelector('[data-testid=status]');
  check(playerSees === 0 && (await spectator.locator('[data-testid=analyse]').count()) === 1, 'analysis: a player of a game that counts has no Analyse button while it is played; a spectator has');

  // A take-back request and an impasse claim, made through the API, reach the opponent's page
  // with their buttons; accepting takes the move back, and agreeing ends the game by impasse.
  const json = (r) => r.json();
  const tb = await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'xiangqi', opponent: { kind: 'human' } }) }).then(json);
  await post(`/api/games/${tb.id}/move`, tb.token, { move: 'h2e2' });
  await post(`/api/games/${tb.id}/move`, tb.opponent_token, { move: 'h9g7' });
  await post(`/api/games/${tb.id}/takeback`, tb.token, { action: 'request' });
  await bob.goto(`${base}/g/${tb.id}#${tb.opponent_token}`);
  await bob.waitForSelector('[data-testid=takeback-accept]', { timeout: 5000 }).catch(() => {});
  check((await bob.locator('[data-testid=takeback-decline]').count()) === 1, 'offers: a take-back request shows to the opponent with Accept and Decline');
  await bob.click('[data-testid=takeback-accept]');
  await bob.waitForSelector('[data-testid=status][data-ply="0"]', { timeout: 5000 }).catch(() => {});
  check((await ply(bob)) === 0, `offers: accepting the take-back takes both moves back, to the requester's turn (ply ${await ply(bob)})`);
  const imp = await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'chuseireigi', fen: '3K8/12/12/12/12/12/12/12/12/12/12/8k3 b 12P3p 1', opponent: { kind: 'human' } }) }).then(json);
  await post(`/api/games/${imp.id}/impasse`, imp.token, {});
  await bob.goto(`${base}/g/${imp.id}#${imp.opponent_token}`);
  await bob.waitForSelector('[data-testid=impasse-accept]', { timeout: 5000 }).catch(() => {});
  await shoot(bob, 'game-impasse-claim');
  await bob.click('[data-testid=impasse-accept]');
  await bob.waitForSelector('[data-testid=result]:not([hidden])', { timeout: 5000 }).catch(() => {});
  check((await bob.textContent('[data-testid=result]')).includes('impasse'), `offers: agreeing to the impasse claim ends the game by it (${await bob.textContent('[data-testid=result]')})`);

  // Rule options as choices: the Lion Hawk for Chu Seireigi against Kirin.
  const ro = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await ro.goto(base + '/');
  await ro.selectOption('[data-testid=game]', 'chuseireigi');
  await ro.selectOption('[data-testid=rule-lion]', 'hawk');
  await Promise.all([ro.waitForURL(/\/g\/[0-9a-f]+#/), ro.click('[data-testid=create]')]);
  await ro.waitForSelector('[data-testid=status]');
  const roGame = await (await fetch(`${base}/api/games/${/\/g\/([0-9a-f]+)/.exec(ro.url())[1]}`)).json();
  check(JSON.stringify(roGame.options) === '["lion=hawk"]', `rule options: the Lion Hawk choice creates the game with lion=hawk (${JSON.stringify(roGame.options)})`);
  await ro.click('text=Board and sound');
  await ro.uncheck('[data-testid=sound]');
  check((await ro.evaluate(() => localStorage.getItem('kirin-muted'))) === '1', 'sound: the mute switch is kept in localStorage');
  await shoot(ro, 'game-chuseireigi');

  // Position editor, Chu Seireigi: clear the board, place pieces from the palettes by dragging
  // and by clicking, delete one, fill the hands, and check the SFEN after each kind of edit.
  const ed = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  ed.on('pageerror', (e) => check(false, `editor page error: ${e.message}`));
  await ed.goto(base + '/editor');
  await ed.selectOption('[data-testid=editor-game]', 'chuseireigi');
  await ed.click('[data-testid=clear]');
  const fen = () => ed.inputValue('[data-testid=fen]');
  check((await fen()) === '12/12/12/12/12/12/12/12/12/12/12/12 b - 1', `editor: Clear board empties the SFEN (${await fen()})`);
  await dragFromPalette(ed, 'first-K', await shogiSquare(ed, '6l'));
  await dragFromPalette(ed, 'second-K', await shogiSquare(ed, '7a'));
  await ed.click('[data-testid=palette-first-G]');
  await click(ed, await shogiSquare(ed, '5k'));
  await click(ed, await shogiSquare(ed, '7k'));
  await ed.click('[data-testid=palette-second-P]');
  await click(ed, await shogiSquare(ed, '6d'));
  await ed.click('[data-testid="palette-second-+R"]');
  await click(ed, await shogiSquare(ed, '3c'));
  await ed.click('[data-testid=tool-delete]');
  await click(ed, await shogiSquare(ed, '7k'));
  await ed.click('[data-testid=tool-move]');
  const board = '5k6/12/9+r2/6p5/12/12/12/12/12/12/7G4/6K5';
  check((await fen()) === `${board} b - 1`, `editor: palette drags and clicks and the delete tool give the board (${await fen()})`);
  await ed.click('[data-testid=hand-first-P-plus]');
  await ed.click('[data-testid=hand-first-P-plus]');
  await ed.click('[data-testid=hand-second-N-plus]');
  check((await fen()) === `${board} b 2Pn 1`, `editor: the hands are written in the SFEN (${await fen()})`);
  await ed.waitForTimeout(200);
  await ed.screenshot({ path: join(outDir, 'editor-chuseireigi.png'), fullPage: true });

  // A piece dragged from the board onto the upper hand goes into White's hand.
  const gold = await shogiSquare(ed, '5k'), topHand = await ed.locator('.hand-top sg-hand').boundingBox();
  await ed.mouse.move(gold.x, gold.y);
  await ed.mouse.down();
  await ed.mouse.move(topHand.x + topHand.width / 2, topHand.y + topHand.height / 2, { steps: 12 });
  await ed.mouse.up();
  await ed.waitForTimeout(150);
  check((await fen()) === '5k6/12/9+r2/6p5/12/12/12/12/12/12/12/6K5 b 2Pgn 1', `editor: a board piece dropped on a hand goes into it (${await fen()})`);
  // And a promoted piece from the palette dropped on the lower hand: Black gets it unpromoted.
  const bottomHand = await ed.locator('.hand-bottom sg-hand').boundingBox();
  await dragFromPalette(ed, 'second-+S', { x: bottomHand.x + bottomHand.width / 2, y: bottomHand.y + bottomHand.height / 2 });
  check((await fen()) === '5k6/12/9+r2/6p5/12/12/12/12/12/12/12/6K5 b S2Pgn 1', `editor: a palette piece dropped on a hand goes into it unpromoted (${await fen()})`);

  // And back: typed text sets the hands, the side to move and the move number.
  await ed.fill('[data-testid=fen]', `${board} w P3n 5`);
  const count = (id) => ed.textContent(`[data-testid=hand-${id}]`);
  check((await count('first-P')) === '1' && (await count('second-N')) === '3', 'editor: typed hands show in the hand editor');
  check((await ed.inputValue('[data-testid=side]')) === 'second' && (await ed.inputValue('[data-testid=move-number]')) === '5', 'editor: typed side and move number show in their controls');
  await ed.click('[data-testid=hand-first-P-plus]');
  const final = `${board} w 2P3n 5`;
  check((await fen()) === final, `editor: an edit after typing rewrites the whole SFEN (${await fen()})`);

  // A game against a person from that position: the game page shows its hands and turn.
  await ed.selectOption('[data-testid=editor-opponent]', 'human');
  await Promise.all([ed.waitForURL(/\/g\/[0-9a-f]+#/), ed.click('[data-testid=editor-start]')]);
  await ed.waitForSelector('[data-testid=status]');
  const nb = (hand, role) => ed.locator(`.hand-${hand} sg-hp-wrap:has(piece.${role})`).getAttribute('data-nb');
  check((await nb('bottom', 't-p')) === '2' && (await nb('top', 't-n')) === '3', 'editor: the game page shows the hands set in the editor');
  check((await ed.textContent('[data-testid=status]')).startsWith('White to move'), 'editor: the game starts with White to move');
  const gameId = /\/g\/([0-9a-f]+)/.exec(ed.url())[1];
  const started = await (await fetch(`${base}/api/games/${gameId}`)).json();
  check(started.start_fen === final, `editor: the server starts the game from the editor's SFEN (${started.start_fen})`);

  // An invalid position: the server's reason shows in the editor.
  await ed.goto(base + '/editor');
  await ed.selectOption('[data-testid=editor-game]', 'chuseireigi');
  await ed.click('[data-testid=clear]');
  await ed.click('[data-testid=editor-start]');
  await ed.waitForFunction(() => document.querySelector('.error')?.textContent);
  check((await ed.textContent('.error')) === 'bad start position: invalid position: Black has no King', `editor: an invalid position shows the server's error (${await ed.textContent('.error')})`);

  // Xiangqi: palette placements and the side to move, with the exact FEN.
  await ed.selectOption('[data-testid=editor-game]', 'xiangqi');
  await ed.click('[data-testid=clear]');
  await dragFromPalette(ed, 'first-K', await xiangqiSquare(ed, 'e0'));
  await dragFromPalette(ed, 'second-K', await xiangqiSquare(ed, 'd9'));
  await ed.click('[data-testid=palette-first-R]');
  await click(ed, await xiangqiSquare(ed, 'a5'));
  await ed.selectOption('[data-testid=side]', 'second');
  check((await fen()) === '3k5/9/9/9/R8/9/9/9/9/4K4 b - - 0 1', `editor: xiangqi placements give the FEN (${await fen()})`);
  await ed.screenshot({ path: join(outDir, 'editor-xiangqi.png'), fullPage: true });
  await ed.reload();
  await ed.waitForSelector('[data-testid=fen]');
  check((await fen()) === '3k5/9/9/9/R8/9/9/9/9/4K4 b - - 0 1', `editor: the position survives a reload (${await fen()})`);

  // Chu Shogi's handicaps load from the list.
  const chushogi = (await (await fetch(base + '/api/variants')).json()).games.find((g) => g.id === 'chushogi');
  await ed.selectOption('[data-testid=editor-game]', 'chushogi');
  await ed.selectOption('[data-testid=setups]', { label: chushogi.setups[0].name });
  check((await fen()) === chushogi.setups[0].fen, `editor: the handicap ${chushogi.setups[0].name} loads (${await fen()})`);

  // The editor at phone width: nothing wider than the screen.
  const edPhone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await edPhone.goto(base + '/editor');
  await edPhone.selectOption('[data-testid=editor-game]', 'chuseireigi');
  await edPhone.waitForTimeout(200);
  const width = await edPhone.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 390, `phone width: the editor is ${width} px wide`);
  await edPhone.screenshot({ path: join(outDir, 'editor-phone.png'), fullPage: true });

  // Phone width: the board fits the screen.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto(page.url());
  await phone.waitForSelector('[data-testid=status]');
  const w = (await phone.locator('.board-box').boundingBox()).width;
  check(w <= 390, `phone width: the board is ${Math.round(w)} px wide`);
  await phone.screenshot({ path: join(outDir, 'xiangqi-phone.png'), fullPage: true });

  // An old xiangqi file in GBK, picked as a file: its bytes go to the server, which reads them.
  const pgn = '[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n';
  const gbk = execFileSync('iconv', ['-f', 'UTF-8', '-t', 'GB18030'], { input: pgn });
  const gbkPage = await browser.newPage();
  await gbkPage.goto(base + "/");
  await gbkPage.selectOption('[data-testid=game]', 'xiangqi');
  await gbkPage.setInputFiles('[data-testid=record-file]', { name: 'old.pgn', mimeType: 'application/octet-stream', buffer: gbk });
  await Promise.all([gbkPage.waitForURL(/\/g\/[0-9a-f]+#/), gbkPage.click('[data-testid=create]')]);
  await gbkPage.waitForSelector('[data-testid=status]');
  const imported = await moves(gbkPage);
  check(imported.join(' ') === 'h2e2 h9g7 h0g2 i9h9', `import: a GBK record file read as its moves (${imported.join(' ')})`);

  {
    // Issue 19: a problem made in the editor and solved on its page (a wrong move first, told so
    // with the defence that beats it), then a puzzle: three wrong tries, the answer, and solving it.
    // Waits for the status to match; a timeout says what the status was instead.
    const statusIs = (p, re) => p.waitForFunction((src) => new RegExp(src).test(document.querySelector('[data-testid=solve-status]')?.textContent ?? ''), re.source, { timeout: 20000 })
      .catch(async (e) => { throw new Error(`status /${re.source}/ not reached: "${await p.locator('[data-testid=solve-status]').textContent()}" (${e.message.split('\n')[0]})`); });
    const ed = await browser.newPage();
    await ed.goto(base + '/editor');
    await ed.selectOption('[data-testid=editor-game]', 'xiangqi');
    await ed.fill('[data-testid=fen]', '9/3k5/9/5P3/9/9/9/9/5K3/9 w - - 0 1');
    await ed.click('[data-testid=make-problem]');
    await ed.waitForSelector('[data-testid=problem-link]', { timeout: 20000 });
    const made = await ed.locator('[data-testid=problem-made]').textContent();
    check(made.startsWith('Mate in 4: f1e1 d8d7 f6f7 d7d8 f7e7 d8d9 e7e8.'), `problem: the editor shows the proved solution (${made.slice(0, 60)})`);
    check(!(await ed.locator('[data-testid=rest-to-defender]').isVisible()), 'editor: xiangqi (no drops) does not offer "the defender holds the rest of the set"');
    await shoot(ed, 'problem-editor');
    await Promise.all([ed.waitForURL(/\/p\/[0-9a-f]+$/), ed.click('[data-testid=problem-link]')]);
    await ed.waitForSelector('[data-testid=solve-status]');
    await click(ed, await xiangqiSquare(ed, 'f6'));
    await click(ed, await xiangqiSquare(ed, 'g6'));
    await statusIs(ed, /^Wrong: f6g6/);
    const refuted = await ed.locator('[data-testid=solve-status]').textContent();
    check(refuted === 'Wrong: f6g6: no mate in the 7 plies left. Kirin answers d8d7. Try another move.', `problem: a wrong move is refuted (${refuted})`);
    await shoot(ed, 'problem-wrong');
    for (const [from, to, reply] of [['f1', 'e1', 'd8d7'], ['f6', 'f7', 'd7d8'], ['f7', 'e7', 'd8d9']]) {
      await click(ed, await xiangqiSquare(ed, from));
      await click(ed, await xiangqiSquare(ed, to));
      await statusIs(ed, new RegExp(`^Right. Kirin answers ${reply}`));
    }
    await click(ed, await xiangqiSquare(ed, 'e7'));
    await click(ed, await xiangqiSquare(ed, 'e8'));
    await statusIs(ed, /^Mate! Solved/);
    check(true, 'problem: solved against Kirin\'s longest defence');
    await shoot(ed, 'problem-solved');
    await ed.click('[data-testid=show-solution]');
    await ed.click('[data-testid=solution-next]');
    await ed.click('[data-testid=solution-next]');
    const step = await ed.locator('[data-testid=solution-step]').textContent();
    check(step === '2. d8d7', `problem: the solution shown step by step (${step})`);

    // A Chu Shogi tsume without the attacker's King, made through the API: the Dragon King mates
    // along the top rank, the Gold guarding the King's flight squares.
    const tsume = await (await fetch(base + '/api/problems', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ game: 'chushogi', fen: '11k/12/10G1/7+R4/12/12/12/12/12/12/12/12 b - 1' }) })).json();
    await ed.goto(base + tsume.url);
    await ed.waitForSelector('[data-testid=solve-status]');
    const tsumeTitle = await ed.locator('[data-testid=problem-title]').textContent();
    check(tsumeTitle === 'Chu Shogi: mate in 1, every move a check', `tsume: the title says the convention (${tsumeTitle})`);
    await click(ed, await shogiSquare(ed, '5d'));
    await click(ed, await shogiSquare(ed, '5a'));
    await statusIs(ed, /^Mate! Solved/);
    check(true, 'tsume: solved on the 12x12 board');
    await shoot(ed, 'problem-chushogi');

    // The editor's rule choice: the Black Lion's 5e3c mates by the JCSA's rules, where the seed's
    // would let the White Lion take it through its Go-Between (2e3d3c). Refused under the default,
    // made under the JCSA's, and the problem page says which rules it is judged by.
    const lion = '11k/12/12/9I2/7N2n1/12/12/12/12/12/12/12 b - 1';
    await ed.goto(base + '/editor?' + new URLSearchParams({ game: 'chushogi', fen: lion }));
    await ed.waitForSelector('[data-testid=editor-rules-summary]');
    await ed.click('[data-testid=make-problem]');
    await ed.waitForFunction(() => document.querySelector('.error')?.textContent, null, { timeout: 20000 });
    const seedError = await ed.locator('.error').textContent();
    check(seedError === 'not a problem: the side to move has no forced mate with checks only', `rules: the default rules have no mate here (${seedError})`);
    await ed.click('[data-testid=editor-rules-summary]');
    await ed.selectOption('[data-testid=rule-rules]', 'jcsa');
    const summary = await ed.locator('[data-testid=editor-rules-summary]').textContent();
    check(summary === 'Rules: JCSA rules', `rules: the editor's summary names the rule set (${summary})`);
    // The finer points show what the rule set plays (the JCSA's bare King and dead Lance).
    const bare = await ed.locator('[data-testid=rule-bareking]').inputValue();
    const lastRank = await ed.locator('[data-testid=rule-lastrank]').inputValue();
    check(bare === 'jcsa' && lastRank === 'pawn', `rules: the JCSA set shows its bare King and last-rank points (${bare}, ${lastRank})`);
    // The address keeps the rule choice: a reload (or a shared link) has it.
    await ed.reload();
    await ed.waitForSelector('[data-testid=editor-rules-summary]');
    const kept = await ed.locator('[data-testid=editor-rules-summary]').textContent();
    check(kept === 'Rules: JCSA rules' && ed.url().includes('options=rules%3Djcsa'), `rules: a reload keeps the rule set (${kept}, ${ed.url()})`);
    await ed.click('[data-testid=make-problem]');
    await ed.waitForSelector('[data-testid=problem-link]', { timeout: 20000 });
    const madeJcsa = await ed.locator('[data-testid=problem-made]').textContent();
    check(madeJcsa.startsWith('Mate in 1: 5e3c.'), `rules: the JCSA's mate is proved (${madeJcsa.slice(0, 60)})`);
    await shoot(ed, 'problem-editor-rules');
    await Promise.all([ed.waitForURL(/\/p\/[0-9a-f]+$/), ed.click('[data-testid=problem-link]')]);
    await ed.waitForSelector('[data-testid=solve-status]');
    const rulesTitle = await ed.locator('[data-testid=problem-title]').textContent();
    check(rulesTitle === 'Chu Shogi: mate in 1, every move a check · JCSA rules', `rules: the problem's title names its rule set (${rulesTitle})`);
    await click(ed, await shogiSquare(ed, '5e'));
    await click(ed, await shogiSquare(ed, '3c'));
    await statusIs(ed, /^Mate! Solved/);
    check(true, 'rules: solved by the JCSA\'s rules');
    await shoot(ed, 'problem-rules');

    // Chu Seireigi by tsume's convention: the defender holds the rest of the set.
    const restFen = '11k/12/12/12/R11/12/12/5B6/12/12/12/10R1 b - 1';
    await ed.goto(base + '/editor?' + new URLSearchParams({ game: 'chuseireigi', fen: restFen }));
    await ed.waitForSelector('[data-testid=rest-to-defender]');
    check(await ed.locator('[data-testid=rest-to-defender]').isVisible(), 'editor: Chu Seireigi offers "the defender holds the rest of the set"');
    await ed.check('[data-testid=rest-to-defender]');
    await ed.click('[data-testid=make-problem]');
    await ed.waitForSelector('[data-testid=problem-link]', { timeout: 20000 });
    const madeRest = await ed.locator('[data-testid=problem-made]').textContent();
    check(madeRest.startsWith('Mate in 2: 12e1e P*1b 1e1b+.'), `tsume: the defender's hands of the rest of the set (${madeRest.slice(0, 40)})`);

    const pz = await browser.newPage();
    await pz.goto(base + '/puzzles/xiangqi?n=0');
    await pz.waitForSelector('[data-testid=solve-status]');
    const theme = await pz.locator('[data-testid=puzzle-theme]').textContent();
    check(theme === 'Theme: quiet move', `puzzle: the theme is shown (${theme})`);
    check(!(await pz.content()).includes('e2g0'), 'puzzle: the answer is not in the page before it is asked for');
    for (let i = 1; i <= 3; i++) {
      await click(pz, await xiangqiSquare(pz, 'a6'));
      await click(pz, await xiangqiSquare(pz, 'a5'));
      await statusIs(pz, /^a6a5 is not it/);
      await pz.waitForTimeout(200);
      check((await pz.locator('[data-testid=puzzle-answer]').isVisible()) === (i === 3), `puzzle: the answer button after ${i} wrong tries: ${i === 3 ? 'shown' : 'hidden'}`);
    }
    await shoot(pz, 'puzzle-wrong');
    await pz.click('[data-testid=puzzle-answer]');
    await pz.click('[data-testid=solution-next]');
    const first = await pz.locator('[data-testid=solution-step]').textContent();
    check(first === '1. h2h0', `puzzle: the answer, step by step (${first})`);
    await pz.goto(base + '/puzzles/xiangqi?n=0');
    await pz.waitForSelector('[data-testid=solve-status]');
    await click(pz, await xiangqiSquare(pz, 'h2'));
    await click(pz, await xiangqiSquare(pz, 'h0'));
    await statusIs(pz, /^Right. The answer is e2g0/);
    await click(pz, await xiangqiSquare(pz, 'g3'));
    await click(pz, await xiangqiSquare(pz, 'g0'));
    await statusIs(pz, /^Solved/);
    check(true, 'puzzle: solved');
    await shoot(pz, 'puzzle-solved');
    await pz.click('[data-testid=puzzle-next]');
    await pz.waitForFunction(() => location.search === '?n=1');
    check(true, 'puzzle: the next one');
    // A Chu Seireigi puzzle, reached by the page's own link, with the hands beside the board.
    await Promise.all([pz.waitForURL(/\/puzzles\/chuseireigi/), pz.click('[data-testid=puzzles-chuseireigi]')]);
    await pz.waitForSelector('[data-testid=solve-status]');
    const seireigi = await pz.locator('h2').textContent();
    check(/^Chu Seireigi puzzle \d+ of 286$/.test(seireigi), `puzzle: Chu Seireigi's set (${seireigi})`);
    await shoot(pz, 'puzzle-chuseireigi');
  }
} catch (e) {
  check(false, `exception: ${e.stack}`);
} finally {
  await browser.close();
  server.kill('SIGTERM');
  for (const ext of ['', '-wal', '-shm']) rmSync(db + ext, { force: true });
}
console.log(`${passed} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
