// Ratings (issue 30 items 3 to 6 and 8): two players sign up in two browser contexts; Alice makes
// a rated challenge with a clock, the lobby shows it with her provisional rating (and hides it
// outside a rating range), Bob accepts, they chat both ways and play two moves each, and Alice
// resigns: both ratings move as Glicko-2 predicts. The game with its chat, Alice's player page
// (ratings, the chart, her games) and the leaderboard are screenshotted at desktop and phone
// width; the leaderboard once more after enough rated games (through the API) that both ratings
// are no longer provisional.
import { signUp } from './accounts.mjs';
import { lines, waitLine } from './chat.mjs';

// Glicko-2 (Glickman's paper) for one game between two newcomers (1500, deviation 500,
// volatility 0.09, tau 0.75, as the server's lichess constants): the winner's and the loser's
// new ratings, rounded.
function newcomersGame() {
  const SCALE = 173.7178, phi = 500 / SCALE, sigma = 0.09, tau = 0.75;
  const g = 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI)), e = 0.5;
  const v = 1 / (g * g * e * (1 - e));
  const rated = (score) => {
    const delta = v * g * (score - e), a = Math.log(sigma * sigma);
    const f = (x) => (Math.exp(x) * (delta * delta - phi * phi - v - Math.exp(x))) / (2 * (phi * phi + v + Math.exp(x)) ** 2) - (x - a) / (tau * tau);
    let A = a, B;
    if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
    else { let k = 1; while (f(a - k * tau) < 0) k++; B = a - k * tau; }
    let fA = f(A), fB = f(B);
    while (Math.abs(B - A) > 0.000001) {
      const C = A + ((A - B) * fA) / (fB - fA), fC = f(C);
      if (fC * fB <= 0) { A = B; fA = fB; } else fA /= 2;
      B = C; fB = fC;
    }
    const phi2 = 1 / Math.sqrt(1 / (phi * phi) + 1 / v);
    return Math.round(1500 + SCALE * phi2 * phi2 * g * (score - e));
  };
  return { won: rated(1), lost: rated(0) };
}

export default async function ratings(t) {
  const { base, browser, check, shoot, click, xiangqiSquare, waitPly } = t;
  const alice = await browser.newPage(), bob = await browser.newPage();
  await signUp(t, alice, 'Alice', 'alice password');
  await signUp(t, bob, 'Bob', 'bob password');

  // Alice's rated challenge: the Rated box makes it an open challenge without take-backs.
  await alice.goto(base + '/');
  await alice.selectOption('[data-testid=game]', 'xiangqi');
  await alice.waitForSelector('[data-testid=rated]:visible');
  await alice.check('[data-testid=rated]');
  check((await alice.locator('[data-testid=opponent]').inputValue()) === 'open', 'ratings: a rated game is an open challenge');
  await alice.selectOption('[data-testid=clock]', '3+2');
  await alice.selectOption('[data-testid=color]', 'first');
  const id = await t.create(alice);

  // The lobby shows it rated, with Alice's provisional rating; a rating range can hide it.
  await bob.goto(base + '/');
  const row = bob.locator(`[data-testid=challenges] tr[data-id="${id}"]`);
  await row.waitFor();
  check((await row.locator('[data-testid=challenge-rating]').textContent()) === '1500?', 'ratings: the lobby shows the challenger\'s provisional rating as 1500?');
  check((await row.textContent()).includes('Rated'), 'ratings: the lobby says the challenge is rated');
  await bob.fill('[data-testid=rating-min]', '1600');
  await row.waitFor({ state: 'detached' });
  check((await row.count()) === 0, 'ratings: a rating range from 1600 hides a 1500 challenge');
  await bob.fill('[data-testid=rating-min]', '1400');
  await row.waitFor();
  await shoot(bob, 'ratings-lobby');
  await Promise.all([bob.waitForURL(`${base}/g/${id}`), row.locator('[data-testid=accept-challenge]').click()]);
  await alice.waitForSelector('[data-testid=status][data-status=playing]', { timeout: 5000 }).catch(() => {});
  await bob.waitForSelector('[data-testid=status][data-status=playing]', { timeout: 5000 }).catch(() => {});
  const before = await alice.locator('[data-testid=name-second]').textContent();
  check(before.includes('Bob (1500?)'), `ratings: the game shows Bob's rating (${before})`);

  // They chat both ways in the players' room, live.
  for (const p of [alice, bob]) await p.waitForSelector('[data-testid=chat]');
  await alice.fill('[data-testid=chat-input-players]', 'good game, Bob');
  await alice.click('[data-testid=chat-send-players]');
  await waitLine(bob, 'players', 'good game, Bob');
  check((await lines(bob, 'players')).includes('good game, Bob'), 'ratings: Alice\'s chat line reached Bob live');
  await bob.fill('[data-testid=chat-input-players]', 'you too, Alice');
  await bob.click('[data-testid=chat-send-players]');
  await waitLine(alice, 'players', 'you too, Alice');
  check((await lines(alice, 'players')).includes('you too, Alice'), 'ratings: Bob\'s chat line reached Alice live');

  // Two moves each, then Alice resigns.
  const plies = [[alice, 'h2', 'e2'], [bob, 'h9', 'g7'], [alice, 'h0', 'g2'], [bob, 'b9', 'c7']];
  for (const [i, [p, from, to]] of plies.entries()) {
    await click(p, await xiangqiSquare(p, from));
    await click(p, await xiangqiSquare(p, to));
    await waitPly(p === alice ? bob : alice, i + 1);
  }
  check((await waitPly(alice, 4)) === 4, 'ratings: four plies played');
  alice.once('dialog', (d) => d.accept());
  await alice.click('[data-testid=resign]');
  await bob.waitForSelector('[data-testid=status][data-status=over]', { state: 'attached', timeout: 5000 });
  const { won, lost } = newcomersGame();
  await bob.waitForFunction(() => /[+−]/.test(document.querySelector('[data-testid=name-first]')?.textContent ?? ''), null, { timeout: 5000 }).catch(() => {});
  const first = await bob.locator('[data-testid=name-first]').textContent(), second = await bob.locator('[data-testid=name-second]').textContent();
  check(first.includes(`Alice (1500?) −${1500 - lost}`), `ratings: Alice lost ${1500 - lost} points as Glicko-2 predicts (${first})`);
  check(second.includes(`Bob (1500?) +${won - 1500}`), `ratings: Bob won ${won - 1500} points (${second})`);
  await shoot(bob, 'ratings-game');
  const api = await alice.evaluate(async () => (await fetch('/api/players/alice')).json());
  check(api.ratings?.xiangqi?.blitz?.rating === lost && api.ratings.xiangqi.blitz.games === 1, `ratings: GET /api/players/alice says ${JSON.stringify(api.ratings)}`);

  // Alice's page: the ratings, the chart (Chart.js draws on its canvas), her game.
  await alice.goto(`${base}/@/Alice`);
  await alice.waitForSelector('[data-testid=rating-xiangqi-blitz]');
  const rated = await alice.locator('[data-testid=rating-xiangqi-blitz]').textContent();
  check(rated.includes(`${lost}?`), `ratings: the player page shows the provisional rating ${lost}? (${rated})`);
  const inked = await alice.locator('[data-testid=rating-chart]').evaluate((c) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i]) n++;
    return n;
  });
  check(inked > 100, `ratings: the rating chart is drawn (${inked} pixels inked)`);
  await alice.waitForSelector(`[data-testid=player-games] a[href="/g/${id}"]`);
  check((await alice.locator('[data-testid=results]').textContent()).startsWith('0 wins, 0 draws, 1 loss'), 'ratings: the page counts the loss');
  await alice.selectOption('[data-testid=filter-result]', 'win');
  await alice.waitForSelector('[data-testid=player-games] li.hint');
  check((await alice.locator(`[data-testid=player-games] a[href="/g/${id}"]`).count()) === 0, 'ratings: filtered by wins, the lost game is gone');
  await alice.selectOption('[data-testid=filter-result]', '');
  await alice.waitForSelector(`[data-testid=player-games] a[href="/g/${id}"]`);
  await shoot(alice, 'ratings-player');

  // The leaderboard leaves provisional ratings out.
  await alice.goto(`${base}/players?game=xiangqi&speed=blitz`);
  await alice.waitForSelector('[data-testid=leaderboard] tr');
  check((await alice.locator('[data-testid=leaderboard] a').count()) === 0, 'ratings: the leaderboard shows no provisional rating');

  // More rated games, through the API with each player's session, until neither rating is
  // provisional (a deviation of 110 or less): the leaderboard then lists both, best first.
  let games = 1, standing;
  for (; games < 60; games++) {
    standing = await Promise.all([alice, bob].map((p) => p.evaluate(async (n) => (await (await fetch(`/api/players/${n}`)).json()).ratings.xiangqi.blitz, p === alice ? 'alice' : 'bob')));
    if (standing.every((r) => !r.provisional)) break;
    const [first, second] = games % 2 ? [bob, alice] : [alice, bob];
    const send = (p, path, body) => p.evaluate(async ([u, b]) => {
      const r = await fetch(u, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) });
      return { status: r.status, body: await r.json() };
    }, [path, body]);
    const made = await send(first, '/api/games', { game: 'xiangqi', color: 'first', rated: true, casual: false, clock: { initial_ms: 180000, increment_ms: 2000 }, opponent: { kind: 'human', open: true } });
    const g = made.body.id;
    const steps = [[second, 'join', {}], [first, 'move', { move: 'h2e2' }], [second, 'move', { move: 'h9g7' }], [first, 'move', { move: 'h0g2' }],
      [second, 'move', { move: 'b9c7' }], [games % 3 ? second : first, 'resign', {}]];
    for (const [p, what, body] of steps) {
      const r = await send(p, `/api/games/${g}/${what}`, body);
      if (r.status !== 200) throw new Error(`rated game ${games + 1}: ${what}: ${r.status} ${JSON.stringify(r.body)}`);
    }
  }
  check(standing.every((r) => !r.provisional), `ratings: after ${games} rated games neither rating is provisional (${JSON.stringify(standing)})`);
  await alice.goto(`${base}/players?game=xiangqi&speed=blitz`);
  await alice.waitForSelector('[data-testid=leaderboard] a');
  const board = await alice.locator('[data-testid=leaderboard] a').allTextContents();
  const best = standing[0].rating >= standing[1].rating ? ['Alice', 'Bob'] : ['Bob', 'Alice'];
  check(JSON.stringify(board) === JSON.stringify(best), `ratings: the leaderboard lists ${best.join(' then ')} (${board.join(', ')})`);
  await shoot(alice, 'ratings-leaderboard');
  await alice.goto(`${base}/@/Alice`);
  await alice.waitForSelector('[data-testid=rating-chart]');
  await shoot(alice, 'ratings-player-established');
  for (const p of [alice, bob]) await p.close();
}
