// Aborting a game (issue 29): before each side has moved, a player's page offers Abort instead of
// Resign; aborting reaches the opponent live, and the game leaves "Playing now" on the home page.

export default async function abort(t) {
  const { base, browser, check, shoot, click, xiangqiSquare, waitPly } = t;
  const created = await (await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'xiangqi', opponent: { kind: 'human' } }) })).json();
  const first = await browser.newPage(), second = await browser.newPage(), home = await browser.newPage();
  await first.goto(`${base}/g/${created.id}#${created.token}`);
  await second.goto(`${base}/g/${created.id}#${created.opponent_token}`);
  for (const p of [first, second]) await p.waitForSelector('[data-testid=status]');
  await click(first, await xiangqiSquare(first, 'h2'));
  await click(first, await xiangqiSquare(first, 'e2'));
  check((await waitPly(second, 1)) === 1, 'abort: the first move reached the opponent');
  check((await second.locator('[data-testid=abort]').count()) === 1, 'abort: before its first move the second player is offered Abort');
  check((await second.locator('text=Resign').count()) === 0, 'abort: and no Resign');
  await home.goto(base + '/');
  const inPlay = `.playing-now a[href="/g/${created.id}"]`;
  const listed = () => home.locator(inPlay).count();
  await home.waitForSelector(inPlay, { timeout: 5000 }).catch(() => {});
  check((await listed()) > 0, 'abort: the game is listed under Playing now');
  await shoot(second, 'abort-offered');
  await second.click('[data-testid=abort]');
  for (const [who, p] of [['second', second], ['first', first]]) {
    await p.waitForSelector('[data-testid=status][data-status=aborted]', { timeout: 5000 }).catch(() => {});
    const text = await p.locator('[data-testid=status]').textContent();
    check(text.includes('aborted'), `abort: the ${who} player's page says the game was aborted (${text})`);
    check((await p.locator('[data-testid=abort]').count()) === 0 && (await p.locator('text=Resign').count()) === 0, `abort: the ${who} player has neither Abort nor Resign any more`);
  }
  await home.reload();
  await home.waitForTimeout(500);
  check((await listed()) === 0, 'abort: the aborted game has left Playing now');
  await shoot(first, 'abort-done');
  for (const p of [first, second, home]) await p.close();
}
