// A finished game's computer analysis (issue 31): a watcher requests it, the progress and then the
// evaluation graph appear under the board, a click on the blunder's point shows that move on the
// board with its glyph in the move list and the analysis's words, and the annotated record downloads.

// Xiangqi without cannons or elephants: Red's Chariot goes to d8 (ply 5), where the Horse on b9 takes it.
const FEN = 'rn1aka1nr/9/9/p1p1p1p1p/9/9/P1P1P1P1P/9/9/RN1AKA1NR w - - 0 1';
const MOVES = ['a0a1', 'c6c5', 'a1d1', 'g6g5', 'd1d8', 'b9d8', 'h0g2'];

export default async function gameAnalysis(t) {
  const { base, browser, check, shoot, post } = t;
  const created = await (await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'xiangqi', fen: FEN, moves: MOVES, opponent: { kind: 'human' } }) })).json();
  check((await post(`/api/games/${created.id}/resign`, created.token, {})).status === 200, 'game analysis: the game is over (resigned)');
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // A finished game without an analysis asks for none it would not find (no 404 in the console).
  const failed = [];
  page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`); });
  await page.goto(`${base}/g/${created.id}`);
  await page.waitForSelector('[data-testid=request-analysis]', { timeout: 10000 });
  await page.waitForTimeout(500);
  check(failed.length === 0, `game analysis: the page of a finished game without one logs no error (${failed.join(', ')})`);
  await page.click('[data-testid=request-analysis]');
  const chart = page.locator('[data-testid=analysis-chart] canvas[data-points]');
  await chart.waitFor({ timeout: 60000 });
  const points = JSON.parse(await chart.getAttribute('data-points'));
  check(points.length === MOVES.length, `game analysis: the graph has a point per move (${points.length})`);
  const glyphs = await page.locator('[data-testid=glyph]').evaluateAll((els) => els.map((e) => `${e.closest('li').dataset.ply}${e.textContent}`));
  check(glyphs.includes('5??'), `game analysis: the move list marks the blunder (${glyphs.join(' ')})`);
  const summary = await page.locator('[data-testid=analysis-first]').textContent();
  check(/accuracy \d+\.\d · .*1 blunder\b/.test(summary), `game analysis: Red's counts and accuracy (${summary})`);

  // The blunder's point: the board goes to that ply.
  await chart.scrollIntoViewIfNeeded();
  const box = await chart.boundingBox();
  await page.mouse.click(box.x + points[4][0], box.y + points[4][1]);
  await page.waitForTimeout(200);
  const shown = await page.locator('.history-nav').getAttribute('data-shown');
  check(shown === '5', `game analysis: a click on the blunder's point shows ply 5 (${shown})`);
  const state = await (await fetch(`${base}/api/games/${created.id}`)).json();
  const fen = await page.locator('.board-box').getAttribute('data-fen');
  check(fen === state.positions[5], `game analysis: the board is the position after ply 5 (${fen})`);
  const comment = await page.locator('[data-testid=analysis-comment]').textContent();
  check(/^5\. Evaluation .*Blunder \(\?\?\)\. Best was /.test(comment), `game analysis: the comment says the move was a blunder and the better one (${comment})`);
  check((await page.locator('.moves li.current [data-testid=glyph]').textContent()) === '??', 'game analysis: the current move in the list carries ??');
  await shoot(page, 'game-analysis');

  // The annotated record.
  const href = await page.locator('[data-testid=analysis-download]').getAttribute('href');
  const pgn = await (await fetch(base + href)).text();
  check(pgn.includes('??') && pgn.includes('Blunder.'), `game analysis: the annotated PGN (${href}) carries the blunder`);
  // Another watcher opening the game later sees the analysis at once.
  const later = await browser.newPage({ viewport: { width: 390, height: 800 } });
  await later.goto(`${base}/g/${created.id}`);
  await later.locator('[data-testid=analysis-chart] canvas[data-points]').waitFor({ timeout: 10000 }).catch(() => {});
  check((await later.locator('[data-testid=request-analysis]').count()) === 0 && (await later.locator('[data-testid=analysis-chart]').count()) === 1, 'game analysis: a later watcher sees the graph, not the button');
  for (const p of [page, later]) await p.close();
}
