// Tournaments (issue 49 item 3): four players sign up in four browser pages; Tara creates a Swiss
// of two rounds of xiangqi through the form on /tournaments, the others join on its page (/t/ID),
// and Tara's page counts them live. She starts it: the pairings of round 1 reach every page live,
// and a watcher's. On each board the first player opens the game from the event page ("Your
// game"), the second from the notice under the header of another page; each side moves once and
// the second player resigns. The standings then show the winners' points live, round 2 is paired
// live, and the Swiss's TRF report names the event. The list (with its game filter), the form
// and the event page are screenshotted at desktop and phone width.
import { join } from 'node:path';
import { signUp } from './accounts.mjs';

// The event as the server has it, asked through a page.
const eventOf = (page, id) => page.evaluate(async (i) => (await fetch(`/api/tournaments/${i}`)).json(), id);

// A game played from the first move to the second player's resignation: `first` is on the
// event page and opens the game with "Your game"; `second` finds it in the notice on the home page.
// Its page links the event (`event`, its id). `shot`: the notice is saved as it shows (tournament-notice.png), at the page's size: the game's
// first move is due within 30 s of its start.
async function playBoard(t, first, second, game, event, shot) {
  const { base, check, click, xiangqiSquare, waitPly } = t;
  await first.waitForSelector(`[data-testid=your-game][href="/g/${game}"]`, { timeout: 10000 });
  await Promise.all([first.waitForURL(`${base}/g/${game}`), first.click('[data-testid=your-game]')]);
  await second.goto(base + '/');
  const notice = second.locator(`[data-testid=tournament-notice] a[href="/g/${game}"]`);
  await notice.waitFor({ timeout: 10000 });
  check(await notice.isVisible(), `tournaments: the notice under the header links ${game} for its second player`);
  if (shot) await second.screenshot({ path: join(t.outDir, 'tournament-notice.png') });
  await Promise.all([second.waitForURL(`${base}/g/${game}`), notice.click()]);
  for (const p of [first, second]) await p.waitForSelector('[data-testid=status][data-status=playing]', { timeout: 10000 });
  check((await second.locator('[data-testid=tournament-notice]:visible').count()) === 0, 'tournaments: no notice on the game\'s own page');
  const back = await first.getAttribute('[data-testid=game-tournament]', 'href');
  check(back === `/t/${event}`, `tournaments: game ${game}'s page links its tournament (${back})`);
  await click(first, await xiangqiSquare(first, 'h2'));
  await click(first, await xiangqiSquare(first, 'e2'));
  await waitPly(second, 1);
  await click(second, await xiangqiSquare(second, 'h9'));
  await click(second, await xiangqiSquare(second, 'g7'));
  check((await waitPly(first, 2)) === 2, `tournaments: both players of ${game} moved, with their sessions`);
  second.once('dialog', (d) => d.accept());
  await second.click('[data-testid=resign]');
  await first.waitForSelector('[data-testid=status][data-status=over]', { state: 'attached', timeout: 5000 });
}

export default async function tournaments(t) {
  const { base, browser, check, shoot } = t;
  const names = ['Tara', 'Uri', 'Vera', 'Walt'];
  const players = [];
  for (const name of names) {
    const p = await browser.newPage();
    await signUp(t, p, name, `${name.toLowerCase()} password`);
    players.push(p);
  }
  const [tara, ...others] = players;
  const byName = (name) => players[names.findIndex((n) => n.toLowerCase() === name.toLowerCase())];

  // The form: a Swiss of two rounds of xiangqi, 5 min + 3 s.
  await tara.goto(base + '/tournaments');
  await tara.waitForSelector('[data-testid=tournament-form]');
  await tara.selectOption('[data-testid=tournament-kind]', 'swiss');
  await tara.selectOption('[data-testid=tournament-game]', 'xiangqi');
  check(!(await tara.locator('[data-testid=tournament-clock] option[value=""]').count()), 'tournaments: the form offers no game without a clock');
  // By correspondence the form asks for the days each round may take.
  const daysField = tara.locator('[data-testid=tournament-deadline_days]');
  await tara.selectOption('[data-testid=tournament-clock]', '1d');
  check(await daysField.isVisible() && (await daysField.inputValue()) === '14'
    && (await tara.locator('label', { has: daysField }).textContent()).startsWith('Days to play each round'),
  'tournaments: a Swiss in days per move asks for the days of each round (14)');
  await tara.selectOption('[data-testid=tournament-clock]', '5+3');
  check(!(await daysField.isVisible()), 'tournaments: with a clock it does not');
  await tara.fill('[data-testid=tournament-rounds]', '2');
  await tara.fill('[data-testid=tournament-name]', 'Spring Swiss');
  await shoot(tara, 'tournaments-form');
  await Promise.all([tara.waitForURL(/\/t\/[0-9a-z]+$/), tara.click('[data-testid=tournament-create]')]);
  const id = tara.url().split('/t/')[1];
  await tara.waitForSelector('[data-testid=tournament-title]');
  check((await tara.locator('[data-testid=tournament-title]').textContent()) === 'Spring Swiss', 'tournaments: the event page names the new Swiss');
  check(/^Starts in \d+:\d\d/.test(await tara.locator('[data-testid=tournament-when]').textContent()), `tournaments: a countdown to the start (${await tara.locator('[data-testid=tournament-when]').textContent()})`);
  check((await tara.locator('[data-testid=standings] tr').count()) === 1, 'tournaments: its creator plays in it');
  check((await tara.locator('[data-testid=tournament-start]').count()) === 1, 'tournaments: its creator may start it');

  // The others join on its page; Tara's page counts them live. A watcher who is not logged in.
  for (const p of others) {
    await p.goto(`${base}/t/${id}`);
    await p.click('[data-testid=tournament-join]');
    await p.waitForSelector('[data-testid=tournament-withdraw]');
  }
  check((await others[0].locator('[data-testid=tournament-start]').count()) === 0, 'tournaments: a player who did not create it is offered no Start');
  await tara.waitForFunction(() => document.querySelectorAll('[data-testid=standings] tr').length === 4, null, { timeout: 5000 }).catch(() => {});
  check((await tara.locator('[data-testid=standings] tr').count()) === 4, 'tournaments: the creator\'s page shows the three who joined, live');
  const count = await tara.locator('[data-testid=tournament-players]').textContent();
  check(count === 'Players: 4 / 100', `tournaments: the page counts the players (${count})`);
  const watcher = await browser.newPage();
  await watcher.goto(`${base}/t/${id}`);
  await watcher.waitForSelector('[data-testid=standings]');
  check((await watcher.locator('[data-testid=tournament-join]').count()) === 0, 'tournaments: nobody logged in: no Join');
  await shoot(tara, 'tournament-created');

  // Started: round 1's pairings reach every page live.
  await tara.click('[data-testid=tournament-start]');
  for (const [i, p] of [...players, watcher].entries()) {
    const ok = await p.waitForFunction(() => document.querySelectorAll('[data-round="1"] li').length === 2, null, { timeout: 10000 }).then(() => true, () => false);
    check(ok, `tournaments: round 1's two boards reach ${i < 4 ? names[i] : 'the watcher'}'s page live`);
  }
  check((await watcher.locator('[data-testid=tournament-status]').getAttribute('data-status')) === 'started', 'tournaments: the status says it is under way');
  const round1 = (await eventOf(watcher, id)).pairings.filter((p) => p.round === 1);

  // Each board played: its first player from the event page, its second from the notice.
  await Promise.all(round1.map((p, i) => playBoard(t, byName(p.first), byName(p.second), p.game, id, i === 0)));

  // The standings and round 2, live on the watcher's page.
  const winners = round1.map((p) => p.first.toLowerCase()).sort();
  const settled = await watcher.waitForFunction(() => [...document.querySelectorAll('[data-testid=standings] tr')]
    .filter((tr) => tr.querySelector('[data-testid=points]').textContent === '1').length === 2, null, { timeout: 10000 }).then(() => true, () => false);
  const leaders = await watcher.locator('[data-testid=standings] tr').evaluateAll((trs) => trs.slice(0, 2).map((tr) => tr.dataset.name.toLowerCase()).sort());
  check(settled && JSON.stringify(leaders) === JSON.stringify(winners), `tournaments: the standings put the two winners first with a point each, live (${leaders.join(', ')})`);
  const results = await watcher.locator('[data-round="1"] li').evaluateAll((lis) => lis.map((li) => li.dataset.result));
  check(results.every((r) => r === '1-0'), `tournaments: round 1's results show on the page (${results.join(', ')})`);
  const paired = await watcher.waitForFunction(() => document.querySelectorAll('[data-round="2"] li').length === 2, null, { timeout: 15000 }).then(() => true, () => false);
  check(paired, 'tournaments: round 2 is paired live once round 1 ended');
  const gameLinks = await watcher.locator('[data-round="1"] a[data-testid=pairing-game]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  check(JSON.stringify(gameLinks.sort()) === JSON.stringify(round1.map((p) => `/g/${p.game}`).sort()), 'tournaments: each pairing links its game');
  const trf = await watcher.evaluate(async (href) => (await fetch(href)).text(), await watcher.locator('[data-testid=tournament-trf]').getAttribute('href'));
  check(trf.startsWith('012 Spring Swiss'), `tournaments: the TRF link gives the Swiss's report (${trf.split('\n')[0]})`);
  await shoot(watcher, 'tournament-event');
  const walt = byName('Walt');
  await walt.goto(`${base}/t/${id}`);
  await walt.waitForSelector('[data-round="2"]');
  await shoot(walt, 'tournament-player');

  // The list: the event under way, gone when another game is chosen.
  await watcher.goto(base + '/tournaments');
  const line = watcher.locator(`[data-testid=tournaments-started] li[data-id="${id}"]`);
  await line.waitFor({ timeout: 5000 }).catch(() => {});
  check((await line.count()) === 1 && (await line.textContent()).includes('Swiss, 2 rounds'), 'tournaments: the list shows the Swiss under way');
  check((await watcher.locator('[data-testid=tournament-log-in]').count()) === 1, 'tournaments: nobody logged in is asked to log in to create one');
  await shoot(watcher, 'tournaments-list');
  await watcher.selectOption('[data-testid=tournaments-game]', 'chushogi');
  check((await line.count()) === 0 && watcher.url().endsWith('?game=chushogi'), 'tournaments: filtered by Chu Shogi, the xiangqi Swiss is not listed');
  for (const p of [...players, watcher]) await p.close();
}
