// Accounts (issue 30 items 1 and 2): two players sign up in two browser contexts, one makes an
// open challenge and the other accepts it, and they play with their sessions: no token in the
// pages. A name that is markup is refused and names show as text; the players get no engine help
// during the game while a spectator does; another device of the same account is the same player.

const noTokens = (page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('kirin-token-') || k.startsWith('kirin-invite-')));

// Signs up on the home page (the ratings test does too): the name the header then shows.
export async function signUp(t, page, name, password, shot) {
  await page.goto(t.base + '/');
  await page.click('[data-testid=signup]');
  await page.fill('[data-testid=account-name]', name);
  await page.fill('[data-testid=account-password]', password);
  if (shot) await t.shoot(page, shot);
  await Promise.all([page.waitForEvent('load'), page.click('[data-testid=account-submit]')]);
  await page.waitForSelector('[data-testid=account-name-shown]');
  return page.locator('[data-testid=account-name-shown]').textContent();
}

export default async function accounts(t) {
  const { base, browser, check, shoot, click, xiangqiSquare, waitPly } = t;
  const alice = await browser.newPage(), bob = await browser.newPage();
  let alerted = false;
  const onAlert = (d) => { alerted = true; d.dismiss(); };
  alice.on('dialog', onAlert);

  // A name that is markup is refused by the name rule, and nothing runs.
  await alice.goto(base + '/');
  await alice.click('[data-testid=signup]');
  await alice.fill('[data-testid=account-name]', '<img src=x onerror=alert(1)>');
  await alice.fill('[data-testid=account-password]', 'alice password');
  await alice.click('[data-testid=account-submit]');
  await alice.waitForFunction(() => document.querySelector('[data-testid=account-error]')?.textContent !== '');
  const refusal = await alice.locator('[data-testid=account-error]').textContent();
  // The field takes 20 characters, so the server sees "<img src=x onerror=" and the letters rule refuses it.
  check(refusal === "name may hold only letters A-Z and a-z, digits, '_' and '-'", `accounts: a name of markup is refused (${refusal})`);
  check((await alice.locator('img[src=x]').count()) === 0 && !alerted, 'accounts: and nothing of it was run or drawn');
  await alice.click('[data-testid=account-cancel]');
  alice.off('dialog', onAlert);

  check((await signUp(t, alice, 'Alice', 'alice password', 'accounts-signup')) === 'Alice', 'accounts: Alice signed up and her name shows in the header');
  check((await signUp(t, bob, 'Bob_2', 'bob password')) === 'Bob_2', 'accounts: Bob signed up in another browser context');
  const cookies = await alice.context().cookies();
  const session = cookies.find((c) => c.name === 'kirin_session');
  check(!!session && session.httpOnly && session.sameSite === 'Lax' && session.path === '/', 'accounts: the session cookie is HttpOnly, SameSite=Lax, Path=/');
  check(await alice.evaluate(() => !document.cookie.includes('kirin_session')), 'accounts: no script of the page can read the session cookie');

  // Alice's open challenge, Bob accepts it.
  await alice.goto(base + '/');
  await alice.selectOption('[data-testid=game]', 'xiangqi');
  await alice.selectOption('[data-testid=opponent]', 'open');
  await alice.selectOption('[data-testid=color]', 'first');
  const id = await t.create(alice);
  await bob.goto(`${base}/g/${id}`);
  await bob.click('[data-testid=join]');
  await bob.waitForSelector('[data-testid=status][data-status=playing]', { timeout: 5000 }).catch(() => {});
  await alice.waitForSelector('[data-testid=status][data-status=playing]', { timeout: 5000 }).catch(() => {});
  const names = await alice.locator('[data-testid=name-first]').textContent();
  check(names.includes('Alice') && names.includes('(you)'), `accounts: Alice plays first under her account's name (${names})`);
  check((await bob.locator('[data-testid=name-second]').textContent()).includes('Bob_2 (you)'), 'accounts: Bob plays second');

  // Fair play: neither player is offered Kirin's help during the game; a spectator is.
  for (const [who, p] of [['Alice', alice], ['Bob', bob]])
    check((await p.locator('[data-testid=analyse]').count()) === 0 && (await p.locator('[data-testid=ask-kirin]').count()) === 0, `accounts: ${who} has neither Analyse nor Ask Kirin during the game`);
  const watcher = await browser.newPage();
  await watcher.goto(`${base}/g/${id}`);
  await watcher.waitForSelector('[data-testid=status]');
  check((await watcher.locator('[data-testid=analyse]').count()) === 1 && (await watcher.locator('[data-testid=ask-kirin]').count()) === 1, 'accounts: a spectator may analyse');
  await alice.goto(`${base}/analysis?game=xiangqi&from=${id}`);
  await alice.waitForSelector('[data-testid=analysis-closed]', { timeout: 5000 }).catch(() => {});
  check((await alice.locator('[data-testid=analysis-closed]').count()) === 1, 'accounts: the analysis board of the game stays closed to Alice while it is played');
  await alice.goto(`${base}/g/${id}`);
  await alice.waitForSelector('[data-testid=status]');

  // They play with their sessions.
  await click(alice, await xiangqiSquare(alice, 'h2'));
  await click(alice, await xiangqiSquare(alice, 'e2'));
  check((await waitPly(bob, 1)) === 1, 'accounts: Alice\'s move (by her session) reached Bob');
  await click(bob, await xiangqiSquare(bob, 'h9'));
  await click(bob, await xiangqiSquare(bob, 'g7'));
  check((await waitPly(alice, 2)) === 2, 'accounts: Bob\'s move (by his session) reached Alice');
  for (const [who, p] of [['Alice', alice], ['Bob', bob]]) {
    const kept = await noTokens(p);
    check(kept.length === 0 && !p.url().includes('#'), `accounts: ${who}'s page holds no token (${kept.join(' ')})`);
  }
  await shoot(alice, 'accounts-game');

  // Alice on another device: logging in makes it her seat there too.
  const phone = await browser.newPage();
  await phone.goto(base + '/');
  await phone.click('[data-testid=login]');
  await phone.fill('[data-testid=account-name]', 'alice');
  await phone.fill('[data-testid=account-password]', 'alice password');
  await Promise.all([phone.waitForEvent('load'), phone.click('[data-testid=account-submit]')]);
  await phone.waitForSelector('[data-testid=account-name-shown]');
  await phone.goto(`${base}/g/${id}`);
  await phone.waitForSelector('[data-testid=status]');
  check((await phone.locator('[data-testid=name-first]').textContent()).includes('(you)'), 'accounts: on another device Alice is the first player');
  await click(phone, await xiangqiSquare(phone, 'h0'));
  await click(phone, await xiangqiSquare(phone, 'g2'));
  check((await waitPly(bob, 3)) === 3, 'accounts: her move from the other device reached Bob');

  // Bob resigns; now the players may analyse the game.
  bob.once('dialog', (d) => d.accept());
  await bob.click('[data-testid=resign]');
  await alice.waitForSelector('[data-testid=status][data-status=over]', { state: 'attached', timeout: 5000 });
  check((await alice.locator('[data-testid=analyse]').count()) === 1, 'accounts: once the game is over Alice may analyse it');

  // Logging out: the page is nobody's again.
  await Promise.all([bob.waitForEvent('load'), bob.click('[data-testid=logout]')]);
  await bob.waitForSelector('[data-testid=signup]');
  check((await bob.locator('[data-testid=account-name-shown]').count()) === 0, 'accounts: after logging out the header offers Sign up again');
  for (const p of [alice, bob, watcher, phone]) await p.close();
}
