// Puzzles: wrong tries, the answer step by step, solving one, the next, and Chu Seireigi's set.
export default async function puzzles(t) {
  const { base, browser, check, shoot, click, xiangqiSquare, statusIs } = t;

  const pz = await browser.newPage();
  await pz.goto(base + '/puzzles/xiangqi?n=0');
  await pz.waitForSelector('[data-testid=solve-status]');
  const theme = await pz.locator('[data-testid=puzzle-theme]').textContent();
  check(theme === 'Theme: quiet move', `puzzle: the theme is shown (${theme})`);
  check(!(await pz.content()).includes('e2g0'), 'puzzle: the answer is not in the page before it is asked for');
  for (let i = 1; i <= 3; i++) {
    await click(pz, await xiangqiSquare(pz, 'a6'));
    await click(pz, await xiangqiSquare(pz, 'a5'));
    await statusIs(pz, /^P1\+1 is not it/);
    await pz.waitForTimeout(200);
    check((await pz.locator('[data-testid=puzzle-answer]').isVisible()) === (i === 3), `puzzle: the answer button after ${i} wrong tries: ${i === 3 ? 'shown' : 'hidden'}`);
  }
  await shoot(pz, 'puzzle-wrong');
  await pz.click('[data-testid=puzzle-answer]');
  await pz.click('[data-testid=solution-next]');
  const first = await pz.locator('[data-testid=solution-step]').textContent();
  check(first === '1... C8+2', `puzzle: the answer, step by step (Black's h2h0, numbered by move pairs: ${first})`);
  await pz.goto(base + '/puzzles/xiangqi?n=0');
  await pz.waitForSelector('[data-testid=solve-status]');
  await click(pz, await xiangqiSquare(pz, 'h2'));
  await click(pz, await xiangqiSquare(pz, 'h0'));
  await statusIs(pz, /^Right. Red answers E5-3: find the next move.$/);
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
