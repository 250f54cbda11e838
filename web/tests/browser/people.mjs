// Games between people: a move reaching the opponent and a spectator live, a timed game to a flag fall,
// a lobby challenge accepted in a second browser context with a move each, a declined draw offer, a
// resignation and a rematch, a challenge joined by its link and one withdrawn, take-back and impasse.
import { join } from 'node:path';

export default async function people(t) {
  const { base, browser, outDir, check, shoot, click, xiangqiSquare, ply, waitPly, moves, post } = t;

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
  // A correspondence game's two clocks in one format, days and hours:minutes (1d 00:00 beside 0d 23:59).
  const daily = await (await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'xiangqi', opponent: { kind: 'human' }, days_per_move: 1 }) })).json();
  await post(`/api/games/${daily.id}/move`, daily.token, { move: 'h2e2' });
  await clockPage.goto(`${base}/g/${daily.id}#${daily.token}`);
  await clockPage.waitForFunction(() => document.querySelector('[data-testid=clock-second]')?.classList.contains('running'), null, { timeout: 5000 }).catch(() => {});
  await clockPage.waitForTimeout(1200);
  const dailyClocks = [await clockPage.textContent('[data-testid=clock-first]'), await clockPage.textContent('[data-testid=clock-second]')];
  check(dailyClocks.every((c) => /^\d+d \d\d:\d\d$/.test(c)), `clock: a correspondence game's two clocks read alike, days and hours:minutes (${dailyClocks.join(' | ')})`);
  await clockPage.screenshot({ path: join(outDir, 'xiangqi-flag.png') });


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
  await t.create(alice);
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
  await alice.waitForSelector('[data-testid=draw-declined]', { timeout: 5000 }).catch(() => {});
  check((await alice.textContent('[data-testid=offers]')) === 'Bob declined the draw.', `offers: the declined offer is gone from Alice's page, which says Bob declined it (${await alice.textContent('[data-testid=offers]')})`);
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
  await Promise.all([alice.waitForURL(/\/g\/[0-9a-f]+$/), (async () => {
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
}
