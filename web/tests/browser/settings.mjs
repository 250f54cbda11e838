// The player-facing parts of accounts (issue 30): Erin and Finn sign up in two browser contexts.
// Erin's names link to her player page wherever they are shown (the lobby, a challenge notice, the
// game page, "Playing now", "Your turn", the chat, a player's game list); she challenges Finn by
// name to a rated game from the new-game form, and he accepts. On his own page Finn changes his
// password (his other session ends, the old password is refused, the new one works); Erin closes
// her account from hers, is logged out, and her name on the game shows as closed. Finn's page at
// a phone's width holds its ratings table and the chart starts at 1500.
import { signUp } from './accounts.mjs';

const text = (page, sel) => page.locator(sel).first().textContent({ timeout: 5000 }).catch(() => '');
const count = (page, sel) => page.locator(sel).count();
const whoAmI = (page) => page.evaluate(() => fetch('/api/account').then((r) => r.json()).then((d) => d.account?.name ?? null));

async function logIn(page, name, password) {
  await page.click('[data-testid=login]');
  await page.fill('[data-testid=account-name]', name);
  await page.fill('[data-testid=account-password]', password);
  await page.click('[data-testid=account-submit]');
}

export default async function settings(t) {
  const { base, browser, check, shoot, click, xiangqiSquare, waitPly } = t;
  const erin = await browser.newPage(), finn = await browser.newPage();
  for (const p of [erin, finn]) p.on('dialog', (d) => d.accept());  // resigning asks
  await signUp(t, erin, 'Erin', 'erin password');
  await signUp(t, finn, 'Finn_3', 'finn password');
  const erinLink = 'a[href="/@/Erin"]';
  // A move by clicks on `page`, seen on `other`'s page as ply `n`.
  const move = async (page, from, to, other, n, what) => {
    await click(page, await xiangqiSquare(page, from));
    await click(page, await xiangqiSquare(page, to));
    check((await waitPly(other, n)) === n, `settings: ${what}`);
  };

  // The lobby: Erin's open challenge links to her page.
  await erin.goto(base + '/');
  await erin.selectOption('[data-testid=game]', 'xiangqi');
  await erin.selectOption('[data-testid=opponent]', 'open');
  const open = await t.create(erin);
  await finn.goto(base + '/');
  const row = `[data-testid=challenges] tr[data-id="${open}"]`;
  await finn.waitForSelector(row, { timeout: 5000 }).catch(() => {});
  check((await text(finn, `${row} ${erinLink}`)) === 'Erin', 'settings: the lobby\'s challenger links to her page');
  await erin.click('[data-testid=cancel]');
  await finn.waitForSelector(row, { state: 'detached', timeout: 5000 }).catch(() => {});

  // A rated challenge by name from the form: "rated" keeps "A player by name".
  await erin.goto(base + '/');
  await erin.selectOption('[data-testid=game]', 'xiangqi');
  await erin.selectOption('[data-testid=opponent]', 'named');
  await erin.fill('[data-testid=opponent-name]', 'finn_3');
  await erin.selectOption('[data-testid=clock]', '3+2');
  await erin.selectOption('[data-testid=color]', 'first');
  await erin.check('[data-testid=rated]');
  check((await erin.locator('[data-testid=opponent]').inputValue()) === 'named', 'settings: ticking "rated" keeps a challenge by name');
  const ratedHint = await erin.locator('[data-testid=mode-hint]').textContent();
  check(ratedHint === 'Rated: against a player with an account, with a clock; no take-backs.', `settings: the Rated/Casual switch on Rated says what it needs (${ratedHint})`);
  const id = await t.create(erin);
  const notice = `[data-testid=challenge-notice][data-id="${id}"]`;
  await finn.waitForSelector(notice, { timeout: 5000 }).catch(() => {});
  check((await text(finn, `${notice} ${erinLink}`)) === 'Erin', 'settings: the challenge reached Finn, its challenger a link to her page');
  await Promise.all([finn.waitForURL(`${base}/g/${id}`), finn.click(`${notice} [data-testid=notice-accept]`)]);
  await finn.waitForSelector('[data-testid=status][data-status=playing]', { timeout: 5000 }).catch(() => {});
  await erin.waitForSelector('[data-testid=status][data-status=playing]', { timeout: 5000 }).catch(() => {});
  const info = await text(finn, '[data-testid=game-info]');
  check(info === ' · Rated · 3 min + 2 s', `settings: the game page says it is rated, 3 min + 2 s (${info})`);

  // The seats: the text as before, the accounts' names links.
  const finnSeat = await text(finn, '[data-testid=name-second]');
  check(finnSeat === 'Black · Finn_3 (1500?) (you)', `settings: Finn's seat reads as before (${finnSeat})`);
  check((await text(finn, `[data-testid=name-first] ${erinLink}`)) === 'Erin' && (await count(erin, '[data-testid=name-second] a[href="/@/Finn_3"]')) === 1,
    'settings: the seats\' names link to the players\' pages');

  // Two moves each (a game ended sooner is aborted, not rated), a line of chat each way.
  await move(erin, 'h2', 'e2', finn, 1, 'Erin\'s first move reached Finn');
  // Finn's home page: the game in "Your turn" and in "Playing now", Erin linked in both.
  const home = await browser.newPage();
  await home.goto(base + '/');  // Finn has no session here yet: the lobby only
  await home.waitForSelector(`[data-testid=playing] li:has(a[href="/g/${id}"]) ${erinLink}`, { timeout: 5000 }).catch(() => {});
  check((await count(home, `[data-testid=playing] li:has(a[href="/g/${id}"]) ${erinLink}`)) === 1, 'settings: "Playing now" links Erin\'s name');
  await Promise.all([home.waitForEvent('load'), logIn(home, 'Finn_3', 'finn password')]);
  await home.waitForSelector(`[data-testid=your-turn] li:has(a[href="/g/${id}"]) ${erinLink}`, { timeout: 5000 }).catch(() => {});
  check((await count(home, `[data-testid=your-turn] li:has(a[href="/g/${id}"]) ${erinLink}`)) === 1, 'settings: Finn\'s "Your turn" links his opponent\'s name');
  await move(finn, 'h9', 'g7', erin, 2, 'Finn\'s move reached Erin');
  await erin.fill('[data-testid=chat-input-players]', 'good luck');
  await erin.click('[data-testid=chat-send-players]');
  await finn.waitForSelector(`[data-testid=chat-players] [data-testid=chat-line] ${erinLink}`, { timeout: 5000 }).catch(() => {});
  check((await text(finn, '[data-testid=chat-players] [data-testid=chat-line]')).startsWith('Erin: good luck'), 'settings: the chat line reached Finn');
  check((await count(finn, `[data-testid=chat-players] [data-testid=chat-line] ${erinLink}`)) === 1, 'settings: a chat line\'s author links to her page');
  await move(erin, 'h0', 'g2', finn, 3, 'Erin\'s second move');
  await move(finn, 'i9', 'h9', erin, 4, 'Finn\'s second move');
  await erin.click('[data-testid=resign]');  // the confirm() is accepted
  await finn.waitForFunction(() => /\+\d/.test(document.querySelector('[data-testid=name-second]')?.textContent ?? ''), null, { timeout: 5000 }).catch(() => {});
  const won = await text(finn, '[data-testid=name-second]');
  check(/^Black · Finn_3 \(1500\?\) \+\d+ \(you\)$/.test(won), `settings: Finn's seat shows his gain (${won})`);

  // Finn's page: his games link Erin and not himself; the chart starts at 1500; his settings.
  const api = await fetch(`${base}/api/players/finn_3`).then((r) => r.json());
  const rating = api.ratings?.xiangqi?.blitz?.rating;
  await finn.goto(`${base}/@/Finn_3`);
  await finn.waitForSelector(`[data-testid=player-games] a[href="/g/${id}"]`, { timeout: 5000 }).catch(() => {});
  check((await count(finn, `[data-testid=player-games] ${erinLink}`)) === 1 && (await count(finn, '[data-testid=player-games] a[href^="/@/"]')) === 1,
    'settings: the game list links the opponent and not the page\'s own player');
  const chart = await finn.locator('[data-testid=rating-chart]').getAttribute('aria-label');
  check(chart === `Xiangqi Blitz: 1500 → ${rating}`, `settings: the rating line starts at 1500 (${chart})`);
  check((await count(finn, '[data-testid=account-settings]')) === 1, 'settings: Finn\'s own page has his account\'s settings');
  // At a phone's width the ratings table fits as it is, not scrolled in its box.
  const size = finn.viewportSize();
  await finn.setViewportSize({ width: 390, height: 900 });
  const table = await finn.evaluate(() => [document.querySelector('[data-testid=ratings]').offsetWidth, document.querySelector('.player-page .table-wrap').clientWidth]);
  check(table[0] <= table[1], `settings: at 390 px the ratings table fits (${table[0]} px in ${table[1]})`);
  await finn.setViewportSize(size);
  await shoot(finn, 'settings-player');
  await erin.goto(`${base}/@/Finn_3`);
  await erin.waitForSelector('[data-testid=ratings]');
  check((await count(erin, '[data-testid=account-settings]')) === 0, 'settings: another player\'s page has no settings');

  // Finn changes his password: his other session (the home page) ends.
  await finn.fill('[data-testid=password-current]', 'not my password');
  await finn.fill('[data-testid=password-new]', 'finn new password');
  await finn.fill('[data-testid=password-again]', 'finn new password');
  await finn.click('[data-testid=password-submit]');
  await finn.waitForFunction(() => document.querySelector('[data-testid=password-error]')?.textContent, null, { timeout: 5000 }).catch(() => {});
  check((await text(finn, '[data-testid=password-error]')) === 'the current password is wrong', 'settings: a wrong current password is refused, said in the form');
  await finn.fill('[data-testid=password-current]', 'finn password');
  await finn.fill('[data-testid=password-again]', 'finn new passwort');
  await finn.click('[data-testid=password-submit]');
  check((await text(finn, '[data-testid=password-error]')) === 'the two new passwords differ', 'settings: the page checks that the new password was typed the same twice');
  await finn.fill('[data-testid=password-again]', 'finn new password');
  await finn.click('[data-testid=password-submit]');
  await finn.waitForFunction(() => document.querySelector('[data-testid=password-done]')?.textContent, null, { timeout: 5000 }).catch(() => {});
  check((await text(finn, '[data-testid=password-done]')).startsWith('Your password was changed.') && (await text(finn, '[data-testid=password-error]')) === '',
    'settings: the password was changed');
  check((await whoAmI(finn)) === 'Finn_3' && (await whoAmI(home)) === null, 'settings: this browser stays logged in, the other session ended');
  await home.goto(base + '/');
  await logIn(home, 'Finn_3', 'finn password');
  await home.waitForFunction(() => document.querySelector('[data-testid=account-error]')?.textContent, null, { timeout: 5000 }).catch(() => {});
  check((await text(home, '[data-testid=account-error]')) === 'wrong name or password', 'settings: the old password gets the 401\'s text');
  await home.click('[data-testid=account-cancel]');
  await Promise.all([home.waitForEvent('load'), logIn(home, 'finn_3', 'finn new password')]);
  await home.waitForSelector('[data-testid=account-name-shown]', { timeout: 5000 }).catch(() => {});
  check((await text(home, '[data-testid=account-name-shown]')) === 'Finn_3', 'settings: the new password logs in');

  // Erin closes her account from her page: she is logged out, her name on the game is closed.
  await erin.goto(`${base}/@/Erin`);
  await erin.waitForSelector('[data-testid=account-settings]');
  const says = await text(erin, '[data-testid=account-settings] .settings-form:has([data-testid=close-password])');
  check(says.includes('Your games stay') && says.includes('never be taken again'), `settings: closing says what it does (${says})`);
  await erin.fill('[data-testid=close-password]', 'erin passwort');
  await erin.click('[data-testid=close-submit]');
  await erin.waitForFunction(() => document.querySelector('[data-testid=close-error]')?.textContent, null, { timeout: 5000 }).catch(() => {});
  check((await text(erin, '[data-testid=close-error]')) === 'the password is wrong' && (await whoAmI(erin)) === 'Erin', 'settings: a wrong password closes nothing, and the form says why');
  await erin.fill('[data-testid=close-password]', 'erin password');
  await Promise.all([erin.waitForURL(`${base}/`), erin.click('[data-testid=close-submit]')]);
  await erin.waitForSelector('[data-testid=signup]', { timeout: 5000 }).catch(() => {});
  check((await count(erin, '[data-testid=account-name-shown]')) === 0 && (await whoAmI(erin)) === null, 'settings: closing logs out and goes to the home page');
  await finn.goto(`${base}/g/${id}`);
  await finn.waitForSelector('[data-testid=status][data-status=over]', { state: 'attached' });
  const closed = await text(finn, '[data-testid=name-first]');
  check(/^Red · Erin \(closed\) \(1500\?\) −\d+$/.test(closed) && (await count(finn, '[data-testid=name-first] .closed-account')) === 1,
    `settings: Erin's name on the game shows as closed, muted (${closed})`);
  await shoot(finn, 'settings-game');
  await finn.goto(`${base}/@/Erin`);
  await finn.waitForSelector('[data-testid=account-closed]', { timeout: 5000 }).catch(() => {});
  check((await text(finn, '[data-testid=account-closed]')) === 'This account is closed.' && (await count(finn, '[data-testid=account-settings]')) === 0,
    'settings: the closed account\'s page says so, with no settings');
  for (const p of [erin, finn, home]) await p.close();
}
