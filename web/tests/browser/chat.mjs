// Challenges by name and the games' chat (issue 30 items 5 and 6): Carol and Dave sign up in two
// browser contexts; Carol challenges Dave by name and his open home page shows it at once with
// Accept and Decline; he accepts, and they chat both ways in the players' room while a logged-in
// spectator writes to the spectators'. A line of markup is shown as text on every page that
// shows it, and nothing of it runs. "Your turn" on the home page lists the game for the player
// to move.
import { signUp } from './accounts.mjs';

const XSS = '<img src=x onerror=alert(1)>';
export const lines = (page, room) => page.locator(`[data-testid=chat-${room}] .chat-text`).allTextContents();
export const waitLine = (page, room, text) => page.waitForFunction(([r, x]) =>
  [...document.querySelectorAll(`[data-testid=chat-${r}] .chat-text`)].some((e) => e.textContent === x), [room, text], { timeout: 5000 }).catch(() => {});

export default async function chat(t) {
  const { base, browser, check, shoot } = t;
  const carol = await browser.newPage(), dave = await browser.newPage(), erin = await browser.newPage();
  let alerted = false;
  for (const p of [carol, dave, erin]) p.on('dialog', (d) => { alerted = true; d.dismiss(); });
  await signUp(t, carol, 'Carol', 'carol password');
  await signUp(t, dave, 'Dave', 'dave password');
  await signUp(t, erin, 'Erin', 'erin password');

  // Dave's home page is open; Carol challenges him by name.
  await dave.goto(base + '/');
  await dave.waitForSelector('[data-testid=your-turn]');
  await carol.goto(base + '/');
  await carol.selectOption('[data-testid=game]', 'xiangqi');
  await carol.selectOption('[data-testid=opponent]', 'named');
  await carol.fill('[data-testid=opponent-name]', 'dave');
  await carol.selectOption('[data-testid=color]', 'first');
  const id = await t.create(carol);
  await dave.waitForSelector(`[data-testid=challenge-notice][data-id="${id}"]`, { timeout: 5000 }).catch(() => {});
  const notice = await dave.locator('[data-testid=challenge-notice]').textContent().catch(() => '');
  check(notice.includes('Carol challenges you') && notice.includes('Accept') && notice.includes('Decline'),
    `chat: Dave's open page shows Carol's challenge at once, with Accept and Decline (${notice})`);
  check(await carol.locator('[data-testid=challenges] tr[data-id]').count() === 0, 'chat: a challenge by name is not in the lobby');
  const told = await carol.locator('[data-testid=challenge-link] span').textContent();
  check(told === 'Dave is told of it; or send this link: ', `chat: Carol's page says Dave is told of the challenge, not that it is in the lobby (${told})`);
  await shoot(dave, 'chat-challenge');
  // On the game's page another player sees whom it is for, and no Accept.
  await erin.goto(`${base}/g/${id}`);
  await erin.waitForSelector('[data-testid=status][data-status=waiting]');
  check(await erin.locator('[data-testid=join]').count() === 0 && (await erin.locator('[data-testid=named-challenge]').textContent().catch(() => '')) === 'A challenge to Dave.',
    'chat: another player sees that the challenge is for Dave, with no Accept');
  await Promise.all([dave.waitForURL(new RegExp(`/g/${id}$`)), dave.click('[data-testid=notice-accept]')]);
  await dave.waitForSelector('[data-testid=status][data-status=playing]', { timeout: 5000 }).catch(() => {});
  check((await dave.locator('[data-testid=name-second]').textContent()).includes('Dave (you)'), 'chat: Dave accepted and plays second');
  await carol.waitForSelector('[data-testid=status][data-status=playing]', { timeout: 5000 }).catch(() => {});
  check(await carol.locator('[data-testid=challenge-link]').isHidden(), 'chat: once Dave accepted, Carol\'s page no longer offers the challenge\'s link');

  // "Your turn" on Carol's home page: the game, her move.
  await carol.goto(base + '/');
  await carol.waitForFunction((g) => document.querySelector(`[data-testid=your-turn] a[href="/g/${g}"]`), id, { timeout: 5000 }).catch(() => {});
  check(await carol.locator(`[data-testid=your-turn] a[href="/g/${id}"]`).count() === 1, 'chat: the game is in Carol\'s "Your turn" list');
  // A correspondence game there: its days a move in the plural words ("1 day a move", never "1 days").
  const daily = await carol.evaluate(() => fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ game: 'xiangqi', color: 'first', days_per_move: 1, opponent: { kind: 'human' } }) }).then((r) => r.json()));
  await carol.goto(base + '/');
  const dailyRow = carol.locator(`[data-testid=your-turn] li:has(a[href="/g/${daily.id}"])`);
  await dailyRow.waitFor({ timeout: 5000 }).catch(() => {});
  const dailyText = await dailyRow.textContent().catch(() => '');
  check(dailyText.includes('· move 1 · 1 day a move'), `chat: "Your turn" says "1 day a move" (${dailyText})`);

  // The players chat both ways; a spectator writes to the spectators.
  await carol.goto(`${base}/g/${id}`);
  await erin.goto(`${base}/g/${id}`);
  for (const p of [carol, dave, erin]) await p.waitForSelector('[data-testid=chat]');
  await carol.fill('[data-testid=chat-input-players]', 'good luck, Dave');
  await carol.click('[data-testid=chat-send-players]');
  await waitLine(dave, 'players', 'good luck, Dave');
  check((await lines(dave, 'players')).includes('good luck, Dave'), 'chat: Carol\'s line reached Dave live');
  await dave.fill('[data-testid=chat-input-players]', XSS);
  await dave.click('[data-testid=chat-send-players]');
  await waitLine(carol, 'players', XSS);
  check((await lines(carol, 'players')).includes(XSS), 'chat: Dave\'s line reached Carol live, as text');
  await erin.fill('[data-testid=chat-input-spectators]', XSS);
  await erin.click('[data-testid=chat-send-spectators]');
  for (const [who, p] of [['Carol', carol], ['Dave', dave], ['Erin', erin]]) {
    await waitLine(p, 'spectators', XSS);
    check((await lines(p, 'spectators')).includes(XSS), `chat: the spectator's line of markup shows as text on ${who}'s page`);
  }
  check(await erin.locator('[data-testid=chat-players]').count() === 0, 'chat: the spectator has no players\' room');
  check(await dave.locator('.chat-spectators form:not([hidden])').count() === 0,
    'chat: the players do not write to the spectators while the game runs');
  // A reload reads the rooms from the store: the markup is still text.
  await carol.reload();
  await waitLine(carol, 'players', XSS);
  check((await lines(carol, 'players')).includes(XSS), 'chat: after a reload the line is still shown as text');
  for (const p of [carol, dave, erin])
    check(await p.locator('img[src=x]').count() === 0, 'chat: no image of the markup was made');
  check(!alerted, 'chat: nothing of the markup ran');
  // A room hidden stays hidden on this browser.
  await dave.check('[data-testid=chat-hide-spectators]');
  await dave.reload();
  await dave.waitForSelector('[data-testid=chat]');
  check(await dave.locator('[data-testid=chat-spectators]').isHidden(), 'chat: Dave hid the spectators\' room and it stays hidden');
  await dave.uncheck('[data-testid=chat-hide-spectators]');
  // A report: of another's line only (Carol's own line has no report button).
  check(await carol.locator('.chat-players li').first().locator('[data-testid=chat-report]').count() === 0, 'chat: no report button on one\'s own line');
  await carol.locator('.chat-players [data-testid=chat-report]').first().click();
  await carol.waitForSelector('.chat-players li .hint', { timeout: 5000 }).catch(() => {});
  check((await carol.locator('.chat-players li').nth(1).textContent()).includes('reported'), 'chat: Carol reported Dave\'s line');
  await shoot(carol, 'chat-game');

  // A display name of markup (an anonymous player's, which the account name rule does not
  // limit): text in the lobby, on the game page, in "Playing now", in the recent games and in
  // the game list of the account that played it.
  const mallory = await browser.newPage();
  mallory.on('dialog', (d) => { alerted = true; d.dismiss(); });
  await mallory.goto(base + '/');
  await mallory.fill('[data-testid=display-name]', XSS);
  await mallory.selectOption('[data-testid=game]', 'xiangqi');
  await mallory.selectOption('[data-testid=opponent]', 'open');
  await mallory.selectOption('[data-testid=color]', 'first');
  const marked = await t.create(mallory);
  await dave.goto(base + '/');
  const challenge = dave.locator(`[data-testid=challenges] tr[data-id="${marked}"]`);
  await challenge.waitFor();
  check((await challenge.textContent()).includes(XSS), 'chat: a display name of markup shows as text in the lobby');
  await Promise.all([dave.waitForURL(`${base}/g/${marked}`), challenge.locator('[data-testid=accept-challenge]').click()]);
  await dave.waitForSelector('[data-testid=status][data-status=playing]', { timeout: 5000 }).catch(() => {});
  check((await dave.locator('[data-testid=name-first]').textContent()).includes(XSS), 'chat: and as text on the game page');
  // The line of a list that links to the game (its players' names beside the link).
  const lineOf = (list) => dave.locator(`${list} :is(li, tr)`, { has: dave.locator(`a[href="/g/${marked}"]`) }).first().textContent({ timeout: 5000 }).catch(() => '');
  await dave.goto(base + '/');
  await dave.waitForSelector(`[data-testid=playing] a[href="/g/${marked}"]`, { timeout: 5000 }).catch(() => {});
  check((await lineOf('[data-testid=playing]')).includes(XSS), 'chat: and in "Playing now"');
  // The recent games are finished ones: a game of Mallory's name, resigned.
  {
    const headers = { 'Content-Type': 'application/json' };
    const ended = await (await fetch(base + '/api/games', { method: 'POST', headers, body: JSON.stringify({ game: 'xiangqi', moves: ['h2e2'], name: XSS, opponent: { kind: 'human' } }) })).json();
    await fetch(`${base}/api/games/${ended.id}/resign`, { method: 'POST', headers: { ...headers, Authorization: `Bearer ${ended.token}` }, body: '{}' });
    await dave.goto(base + '/');
    const line = await dave.locator('.recent li', { has: dave.locator(`a[href="/g/${ended.id}"]`) }).first().textContent({ timeout: 5000 }).catch(() => '');
    check(line.includes(XSS), 'chat: and in the recent games');
  }
  await dave.goto(`${base}/@/Dave`);
  await dave.waitForSelector(`[data-testid=player-games] a[href="/g/${marked}"]`, { timeout: 5000 }).catch(() => {});
  check((await lineOf('[data-testid=player-games]')).includes(XSS), 'chat: and in Dave\'s game list');
  for (const p of [dave, mallory])
    check(await p.locator('img[src=x]').count() === 0, 'chat: no image of the display name was made');
  check(!alerted, 'chat: nothing of the display name ran');
  for (const p of [carol, dave, erin, mallory]) await p.close();
}
