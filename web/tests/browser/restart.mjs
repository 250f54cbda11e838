// Pages following a game through server restarts (issue 29): two players' pages and a spectator's
// in a game between people; the server is stopped (SIGTERM) and then killed (SIGKILL) between
// moves and started again on the same port and database; after each restart a move made on one
// page reaches the others and the mover's own move list, with no reload.

export default async function restart(t) {
  const { base, browser, check, shoot, click, xiangqiSquare, waitPly, moves, post, restartServer } = t;
  const created = await (await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'xiangqi', opponent: { kind: 'human' } }) })).json();
  const first = await browser.newPage(), second = await browser.newPage(), watcher = await browser.newPage();
  await first.goto(`${base}/g/${created.id}#${created.token}`);
  await second.goto(`${base}/g/${created.id}#${created.opponent_token}`);
  await watcher.goto(`${base}/g/${created.id}`);
  for (const p of [first, second, watcher]) await p.waitForSelector('[data-testid=status]');
  // Two moves before the first restart, as in the report: the version had reached past what a
  // fresh server counts to.
  for (const [token, move] of [[created.token, 'h2e2'], [created.opponent_token, 'h9g7']])
    check((await post(`/api/games/${created.id}/move`, token, { move })).status === 200, `restart: ${move} played`);
  for (const p of [first, second, watcher]) await waitPly(p, 2);

  const steps = [
    { signal: 'SIGTERM', mover: first, other: second, from: 'h0', to: 'g2', move: 'h0g2' },
    { signal: 'SIGKILL', mover: second, other: first, from: 'b9', to: 'c7', move: 'b9c7' },
  ];
  let expected = ['h2e2', 'h9g7'];
  for (const { signal, mover, other, from, to, move } of steps) {
    await restartServer(signal);
    // The pages' event streams reconnect by themselves (EventSource retries within seconds).
    await mover.waitForTimeout(4000);
    await click(mover, await xiangqiSquare(mover, from));
    await click(mover, await xiangqiSquare(mover, to));
    expected = [...expected, move];
    const n = expected.length;
    check((await waitPly(mover, n)) === n, `restart (${signal}): the mover's page shows its move`);
    check((await waitPly(other, n)) === n, `restart (${signal}): the opponent's page shows the move live`);
    check((await waitPly(watcher, n)) === n, `restart (${signal}): the spectator's page shows the move live`);
    for (const [who, p] of [['mover', mover], ['opponent', other], ['spectator', watcher]]) {
      const shown = await moves(p);
      check(JSON.stringify(shown) === JSON.stringify(expected), `restart (${signal}): the ${who}'s move list is ${expected.join(' ')} (${shown.join(' ')})`);
    }
  }
  await shoot(second, 'restart-after-sigkill');
  for (const p of [first, second, watcher]) await p.close();
}
