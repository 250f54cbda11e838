// What a newcomer meets (issue 29 item 5): the site's own 404 page, titles, a favicon and a loading
// state; the token out of the address bar and links to copy; a double click acting once; the home
// page at phone width with a long name and Chu Seireigi's own hand on a 1280x800 screen; the
// editor's verdict on the text typed; buttons only where they can act; the analysis board's
// dots, flip, arrow keys and notation; English wording and the name asked in the page; and a lost
// connection shown, the clocks stopped, and the page back once the server is. (The puzzle's
// wording is checked in puzzles.mjs, the records' headers in the C++ tests.)
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const json = (r) => r.json();
const create = (base, spec) => fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(spec) }).then(json);
// The POSTs a page sends, by path, with whether each carried an Idempotency-Key.
function postsOf(page) {
  const posts = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push({ path: new URL(r.url()).pathname, key: r.headers()['idempotency-key'] ?? '' });
  });
  return posts;
}

export default async function newcomer(t) {
  const { kirin, base, browser, outDir, check, shoot, click, xiangqiSquare, waitPly } = t;

  // The site's own 404 page for an unknown page, JSON for an unknown API path.
  {
    const page = await fetch(base + '/no/such/page');
    check(page.status === 404 && page.headers.get('content-type').startsWith('text/html'), `404: an unknown page is HTML with status 404 (${page.status} ${page.headers.get('content-type')})`);
    const api = await fetch(base + '/api/nosuch');
    check(api.status === 404 && (await api.json()).error === 'no such API: /api/nosuch', '404: an unknown API path keeps its JSON error');
    const p = await browser.newPage();
    await p.goto(base + '/no/such/page');
    await p.waitForSelector('[data-testid=not-found]');
    check((await p.title()) === 'Page not found · Kirin' && (await p.textContent('[data-testid=not-found]')).includes('There is no page at /no/such/page.'), `404: the page says so (${await p.title()})`);
    await shoot(p, 'not-found');
    await p.close();
  }

  // Every page names itself in its title and has the favicon; a page shows "Loading…" until its
  // data comes.
  {
    const p = await browser.newPage();
    const titles = {};
    for (const path of ['/', '/editor', '/analysis?game=chushogi', '/puzzles/chushogi', '/print']) {
      await p.goto(base + path);
      await p.waitForFunction(() => !document.querySelector('[data-testid=loading]'), null, { timeout: 10000 }).catch(() => {});
      titles[path] = await p.title();
      const icon = await p.locator('link[rel=icon]').getAttribute('href');
      check(icon === '/favicon.svg', `title: ${path} has the favicon link (${icon})`);
    }
    const expected = { '/': 'Play Chu Shogi, Chu Seireigi and Xiangqi · Kirin', '/editor': 'Position editor · Kirin', '/analysis?game=chushogi': 'Analysis board · Chu Shogi · Kirin', '/puzzles/chushogi': 'Chu Shogi puzzle 1 · Kirin', '/print': 'Print a set · Kirin' };
    check(JSON.stringify(titles) === JSON.stringify(expected), `title: each page names itself (${JSON.stringify(titles)})`);
    const icon = await fetch(base + '/favicon.svg');
    check(icon.status === 200 && icon.headers.get('content-type') === 'image/svg+xml', `favicon: served as SVG (${icon.status} ${icon.headers.get('content-type')})`);
    // The variants held back: the page shows its loading state, not a blank.
    let release;
    const held = new Promise((r) => { release = r; });
    await p.route('**/api/variants', async (route) => { await held; await route.continue(); });
    await p.goto(base + '/editor');
    const loading = await p.locator('[data-testid=loading]').textContent().catch(() => '');
    await p.screenshot({ path: join(outDir, 'loading.png') });
    release();
    await p.waitForSelector('[data-testid=fen]');
    check(loading === 'Loading…', `loading: a page shows its loading state while its data comes (${loading})`);
    await p.close();
  }

  // A game made on the home page: the token goes to the page's storage, not the address bar; the
  // links to copy are the watcher's and the opponent's; the opponent's link, opened, leaves the
  // address bar too. A double click on Start makes one game, with an Idempotency-Key.
  const alice = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const bob = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  for (const [p, who] of [[alice, 'Alice'], [bob, 'Bob']]) {
    p.on('pageerror', (e) => check(false, `${who}'s page error: ${e.message}`));
    p.on('dialog', (d) => d.accept());
  }
  const alicePosts = postsOf(alice), bobPosts = postsOf(bob);
  await alice.goto(base + '/');
  await alice.fill('[data-testid=display-name]', 'Alice');
  await alice.selectOption('[data-testid=game]', 'xiangqi');
  await alice.selectOption('[data-testid=opponent]', 'human');
  await Promise.all([alice.waitForURL(/\/g\/[0-9a-f]+$/), alice.dblclick('[data-testid=create]')]);
  await alice.waitForSelector('[data-testid=status]');
  const id = /\/g\/([0-9a-f]+)$/.exec(alice.url())[1];
  const creates = alicePosts.filter((x) => x.path === '/api/games');
  check(creates.length === 1 && /^[0-9a-f]{32}$/.test(creates[0].key), `double click: Start sent one request, with an Idempotency-Key (${JSON.stringify(creates)})`);
  check(!alice.url().includes('#'), `token: the creator's address has no token (${alice.url()})`);
  const stored = await alice.evaluate((g) => localStorage.getItem(`kirin-token-${g}`), id);
  check(/^[0-9a-f]{32}$/.test(stored ?? ''), 'token: the creator\'s token is in the page\'s storage');
  const watchLink = await alice.getAttribute('[data-testid=copy-watch-link]', 'data-link');
  const opponentLink = await alice.getAttribute('[data-testid=copy-opponent-link]', 'data-link');
  check(watchLink === `${base}/g/${id}`, `links: the watching link is the game's (${watchLink})`);
  const invite = await alice.evaluate((g) => localStorage.getItem(`kirin-invite-${g}`), id);
  check(opponentLink === `${base}/g/${id}#${invite}` && invite !== stored, `links: the opponent's link carries the opponent's token (${opponentLink})`);
  await alice.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  await alice.click('[data-testid=copy-watch-link]');
  check((await alice.evaluate(() => navigator.clipboard.readText())) === watchLink && (await alice.textContent('[data-testid=copy-watch-link]')) === 'Copied', 'links: the watching link is copied, and the button says so');
  await shoot(alice, 'game-links');
  await bob.goto(opponentLink);
  await bob.waitForSelector('[data-testid=status]');
  check(!bob.url().includes('#') && (await bob.textContent('[data-testid=name-second]')).includes('(you)'), `token: the opponent's link seats Bob and leaves his address bar (${bob.url()})`);

  // Buttons only where they can act: no take-back before one's own move, no impasse claim in
  // xiangqi or at the start of a Chu Shogi game.
  check((await alice.locator('[data-testid=takeback]').count()) === 0, 'buttons: no "Take back" before a move');
  await click(alice, await xiangqiSquare(alice, 'h2'));
  await click(alice, await xiangqiSquare(alice, 'e2'));
  await waitPly(bob, 1);
  await alice.waitForSelector('[data-testid=takeback]', { timeout: 5000 }).catch(() => {});
  check((await alice.locator('[data-testid=takeback]').count()) === 1 && (await bob.locator('[data-testid=takeback]').count()) === 0, 'buttons: "Take back" for the player who has moved, not for the one who has not');
  const chu = await create(base, { game: 'chushogi', opponent: { kind: 'human' } });
  const chuPage = await browser.newPage();
  await chuPage.goto(`${base}/g/${chu.id}#${chu.token}`);
  await chuPage.waitForSelector('[data-testid=status]');
  check((await chuPage.locator('[data-testid=impasse-claim]').count()) === 0 && (await chuPage.locator('[data-testid=abort]').count()) === 1, 'buttons: no "Claim impasse" at move 1 of Chu Shogi');
  await chuPage.close();

  // Bob's move: both have moved, so the game is resigned now, not aborted.
  await click(bob, await xiangqiSquare(bob, 'h9'));
  await click(bob, await xiangqiSquare(bob, 'g7'));
  await waitPly(alice, 2);
  // A double click on Decline, then on Resign: one request each, each with its key.
  await alice.click('[data-testid=draw-offer]');
  await bob.waitForSelector('[data-testid=draw-decline]', { timeout: 5000 });
  await bob.dblclick('[data-testid=draw-decline]');
  await bob.waitForTimeout(500);
  const declines = bobPosts.filter((x) => x.path.endsWith('/draw'));
  check(declines.length === 1 && declines[0].key !== '', `double click: Decline sent one request (${JSON.stringify(declines)})`);
  await alice.dblclick('[data-testid=resign]');
  await alice.waitForSelector('[data-testid=result]:not([hidden])', { timeout: 5000 });
  await alice.waitForTimeout(300);
  const resigns = alicePosts.filter((x) => x.path.endsWith('/resign'));
  check(resigns.length === 1 && (await alice.textContent('.panel .error')) === '', `double click: Resign sent one request and no error (${JSON.stringify(resigns)})`);

  // A record made here names the players and the day.
  const record = await fetch(`${base}/api/games/${id}/record?format=pgn`).then(json);
  check(record.text.includes('[Red "Alice"]') && /\[Date "\d{4}\.\d\d\.\d\d"\]/.test(record.text), `records: an exported record names the players and the date (${record.text.split('\n').slice(0, 6).join(' ')})`);

  // The name asked in the page, not in a prompt() box: Carol accepts a challenge with no name kept.
  const open = await create(base, { game: 'chushogi', opponent: { kind: 'human', open: true }, name: 'W'.repeat(30), clock: { initial_ms: 600000, byoyomi_ms: 30000 } });
  const carol = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  let prompted = false;
  carol.on('dialog', (d) => { prompted = true; d.dismiss(); });
  await carol.goto(base + '/');
  const row = carol.locator(`[data-testid=challenges] tr[data-id="${open.id}"]`);
  await row.waitFor({ timeout: 5000 });
  const rowText = await row.textContent();
  check(rowText.includes('10 min, then 30 s a move'), `wording: a byoyomi time control reads as English (${rowText})`);
  // The home page at 390 px with a 30-character name in the lobby and in the name field.
  await carol.fill('[data-testid=display-name]', 'N'.repeat(30));
  await carol.fill('[data-testid=display-name]', '');
  const wide = await carol.evaluate(() => document.documentElement.scrollWidth);
  await carol.screenshot({ path: join(outDir, 'home-long-name-390.png'), fullPage: true });
  check(wide <= 390, `home: at 390 px with a 30-character name the page fits the screen (${wide} px)`);
  await row.locator('[data-testid=accept-challenge]').click();
  await carol.waitForSelector('[data-testid=name-dialog]', { timeout: 5000 });
  await carol.screenshot({ path: join(outDir, 'name-dialog-390.png') });
  await carol.fill('[data-testid=name-dialog-input]', 'Carol');
  await Promise.all([carol.waitForURL(new RegExp(`/g/${open.id}`)), carol.click('[data-testid=name-dialog-ok]')]);
  await carol.waitForSelector('[data-testid=status][data-status=playing]');
  check(!prompted && (await carol.textContent('[data-testid=name-second]')).includes('Carol'), 'name: asked in the page (no prompt box) and used for the game');

  // Moves in English on the home page's recent games (finished ones: these resigned), one wording
  // in every list: xiangqi counts move pairs (3 plies are 2 moves), the shogi games each move.
  const resigned = async (spec) => {
    const g = await create(base, { ...spec, opponent: { kind: 'human' } });
    await fetch(`${base}/api/games/${g.id}/resign`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${g.token}` }, body: '{}' });
    return g.id;
  };
  const xq = await resigned({ game: 'xiangqi', moves: ['h2e2', 'h9g7', 'h0g2'] });
  const chuOne = await resigned({ game: 'chushogi', moves: ['9h9g'] });
  await carol.goto(base + '/');
  const recentXq = await carol.locator(`.recent li:has(a[href="/g/${xq}"])`).textContent();
  const recentChu = await carol.locator(`.recent li:has(a[href="/g/${chuOne}"])`).textContent();
  check(recentXq.includes('· 2 moves') && recentChu.includes('· 1 move') && !/pl(y|ies)/.test(recentXq + recentChu),
    `wording: "2 moves" for 3 plies of xiangqi, "1 move" for Chu Shogi's one (${recentXq} | ${recentChu})`);

  // The home page at 1280x800 (issue 46 item 4): a sentence says what the site is, Start is in
  // view without scrolling (the rarely used parts folded under "More options"), one Rated/Casual
  // switch (Rated only for a player logged in), the rule sets named Standard, lishogi, JCSA.
  {
    const p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await p.goto(base + '/');
    await p.waitForSelector('[data-testid=create]');
    const start = await p.locator('[data-testid=create]').boundingBox();
    const intro = await p.textContent('[data-testid=site-intro]');
    check(intro === 'Play Chu Shogi, Chu Seireigi and Xiangqi against Kirin or other people, analyse your games, solve problems.', `home: a sentence says what the site is (${intro})`);
    check(start.y + start.height <= 800, `home: Start is in view at 1280x800 (its bottom at ${Math.round(start.y + start.height)} px)`);
    check(!(await p.locator('[data-testid=more-options]').evaluate((d) => d.open)) && (await p.locator('textarea').isHidden()), 'home: the import and the rules\' details are folded under "More options"');
    const casualOn = await p.locator('[data-testid=casual]').isChecked(), ratedOff = await p.locator('[data-testid=rated]').isDisabled();
    check(casualOn && ratedOff && (await p.textContent('[data-testid=mode-hint]')).includes('log in'), 'home: one Rated/Casual switch, Casual for a visitor, Rated asking to log in');
    await p.click('[data-testid=more-options] summary');
    const sets = await p.locator('[data-testid=rule-rules] option').allTextContents();
    check(sets[0] === 'Standard' && sets[1].startsWith('lishogi') && sets[2].startsWith('JCSA'), `home: the rule sets are Standard, lishogi, JCSA (${sets.join(' | ')})`);
    await p.screenshot({ path: join(outDir, 'home-1280x800.png') });
    await p.close();
  }

  // Chu Seireigi at 1280x800: the player's own hand (below the board) is on the screen.
  {
    const g = await create(base, { game: 'chuseireigi', fen: '3K8/12/12/12/12/12/12/12/12/12/12/8k3 b 12P3p 1', opponent: { kind: 'human' } });
    const p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await p.goto(`${base}/g/${g.id}#${g.token}`);
    await p.waitForSelector('.hand-bottom sg-hand');
    await p.waitForTimeout(300);
    const hand = await p.locator('.hand-bottom sg-hand').boundingBox();
    await p.screenshot({ path: join(outDir, 'chuseireigi-hand-1280x800.png') });
    check(hand && hand.y + hand.height <= 800, `chu seireigi: the own hand is on a 1280x800 screen (bottom at ${hand && Math.round(hand.y + hand.height)} px)`);
    await p.close();
  }

  // The editor says at once whether the text is a position, and why not.
  {
    const ed = await browser.newPage();
    await ed.goto(base + '/editor');
    await ed.waitForSelector('[data-testid=fen-check][data-valid=true]', { timeout: 5000 }).catch(() => {});
    check((await ed.textContent('[data-testid=fen-check]')) === 'A valid position.', `editor: the start position is valid (${await ed.textContent('[data-testid=fen-check]')})`);
    await ed.fill('[data-testid=fen]', '12/12/12 b - 1');
    await ed.waitForSelector('[data-testid=fen-check][data-valid=false]', { timeout: 5000 }).catch(() => {});
    const verdict = await ed.textContent('[data-testid=fen-check]');
    check(verdict.startsWith('Not a valid position: ') && verdict.length > 'Not a valid position: '.length + 5, `editor: an invalid position is said to be so, with why (${verdict})`);
    await shoot(ed, 'editor-invalid-fen');
    await ed.close();
  }

  // The analysis board: legal-move dots, Flip, arrow keys, and the moves as the game page writes them.
  {
    const an = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    an.on('pageerror', (e) => check(false, `analysis page error: ${e.message}`));
    // With no moves the board shows the start, with its dots.
    await an.goto(`${base}/analysis?game=xiangqi`);
    await an.waitForSelector('.board-box[data-fen]', { timeout: 5000 }).catch(() => {});
    const startFen = await an.locator('.board-box').getAttribute('data-fen');
    check(startFen === 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1', `analysis: with no moves the board shows the start (${startFen})`);
    await an.goto(`${base}/analysis?game=xiangqi&moves=h2e2,h9g7`);
    await an.waitForFunction(() => document.querySelectorAll('[data-testid=variation] li').length === 2 && document.querySelector('[data-testid=variation] li').textContent !== 'h2e2', null, { timeout: 5000 }).catch(() => {});
    const written = await an.locator('[data-testid=variation] li').allTextContents();
    const gameNotation = (await create(base, { game: 'xiangqi', moves: ['h2e2', 'h9g7'], opponent: { kind: 'human' } })).notation;
    check(JSON.stringify(written) === JSON.stringify(gameNotation), `analysis: moves written as the game page writes them (${written} vs ${gameNotation})`);
    await click(an, await xiangqiSquare(an, 'b0'));
    const dots = await an.locator('cg-board square.move-dest').count();
    check(dots === 2, `analysis: a selected piece shows its legal moves as dots (${dots})`);
    await an.keyboard.press('Escape');
    await an.click('[data-testid=analysis-flip]');
    check((await an.locator('.xiangqi-board.flipped, .orientation-black').count()) >= 1, 'analysis: Flip turns the board');
    await an.click('[data-testid=analysis-flip]');
    const fenAt = () => an.locator('.board-box').getAttribute('data-fen');
    const end = await fenAt();
    await an.keyboard.press('ArrowLeft');
    await an.waitForTimeout(300);
    const back = await fenAt(), shown = await an.locator('.history-nav').getAttribute('data-shown');
    check(back !== end && shown === '1', `analysis: the left arrow steps back a move (shown ${shown})`);
    await an.keyboard.press('ArrowRight');
    await an.waitForTimeout(300);
    check((await fenAt()) === end, 'analysis: the right arrow steps forward again');
    await shoot(an, 'analysis-newcomer');
    await an.close();
  }

  // A lost connection: a server of its own, stopped under a timed game's page; the banner shows,
  // the clocks stop; the server back on the same port and database, the page follows again.
  {
    const db = join(tmpdir(), `kirin-newcomer-${process.pid}.db`);
    for (const ext of ['', '-wal', '-shm']) rmSync(db + ext, { force: true });
    const start = (port) => new Promise((resolve, reject) => {
      const s = spawn(kirin, ['serve', '--port', String(port), '--db', db, '--games-per-minute', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
      s.stdout.on('data', (d) => { const m = /http:\/\/[0-9.]+:(\d+)/.exec(String(d)); if (m) resolve({ s, url: m[0], port: Number(m[1]) }); });
      s.on('exit', (code) => reject(new Error(`kirin serve exited with ${code}`)));
    });
    const first = await start(0);
    const g = await create(first.url, { game: 'xiangqi', opponent: { kind: 'human' }, clock: { initial_ms: 600000, increment_ms: 0 } });
    const send = (url, tok, move) => fetch(`${url}/api/games/${g.id}/move`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tok}` }, body: JSON.stringify({ move }) });
    await send(first.url, g.token, 'h2e2');
    await send(first.url, g.opponent_token, 'h9g7');
    const p = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await p.goto(`${first.url}/g/${g.id}#${g.token}`);
    await p.waitForSelector('[data-testid=clock-first].running', { timeout: 5000 });
    const home = await browser.newPage();
    await home.goto(first.url + '/');
    await home.waitForSelector('[data-testid=playing] li a');
    const exited = new Promise((r) => first.s.once('exit', r));
    first.s.kill('SIGTERM');
    await exited;
    await p.waitForSelector('[data-testid=connection-lost]:not([hidden])', { timeout: 10000 }).catch(() => {});
    const banner = await p.locator('[data-testid=connection-lost]').textContent();
    const c1 = await p.textContent('[data-testid=clock-first]');
    await p.waitForTimeout(1200);
    const c2 = await p.textContent('[data-testid=clock-first]');
    check(banner.startsWith('Connection lost: reconnecting') && (await p.locator('.clock.running').count()) === 0 && c1 === c2, `connection: lost is shown and the clocks stop (${banner}; ${c1} -> ${c2})`);
    await shoot(p, 'connection-lost');
    await home.waitForFunction(() => document.querySelector('.lobby .error').textContent !== '', null, { timeout: 10000 }).catch(() => {});
    check((await home.textContent('.lobby .error')) === 'Connection lost: reconnecting…', `connection: the home page's lobby says so too (${await home.textContent('.lobby .error')})`);
    const second = await start(first.port);
    await send(second.url, g.token, 'b2c2');
    await p.waitForSelector('[data-testid=connection-lost]', { state: 'hidden', timeout: 40000 });
    check((await waitPly(p, 3)) === 3 && !(await p.locator('[data-testid=connection-lost]').isVisible()), 'connection: the page reconnects and shows the move made meanwhile');
    await home.waitForFunction(() => document.querySelector('.lobby .error').textContent === '', null, { timeout: 40000 }).catch(() => {});
    check((await home.textContent('.lobby .error')) === '', 'connection: the lobby is back too');
    await p.close();
    await home.close();
    second.s.kill('SIGTERM');
    for (const ext of ['', '-wal', '-shm']) rmSync(db + ext, { force: true });
  }
}
