// Move history by the arrow keys (the board's FEN at a ply against the server's, and the pieces drawn
// against that FEN), the page's positions and boards along self-play games against the server's, and
// the analysis board opened from a game.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The pieces a FEN holds, as the boards draw them: "KEY SIDE ROLE" per square (shogiground's keys
// 7g, chessgroundx's a1..i:) and "hand SIDE ROLE xN" per kind in hand, sorted.
function fenPieces(fen, game) {
  const [board, , hands] = fen.split(' ');
  const rows = board.split('/'), xiangqi = game === 'xiangqi', out = [];
  const files = xiangqi ? 9 : rows.length;
  const side = (t) => (t.replace('+', '') === t.replace('+', '').toUpperCase() ? (xiangqi ? 'white' : 'sente') : (xiangqi ? 'black' : 'gote'));
  const role = (t) => (xiangqi ? `${t.toLowerCase()}-piece` : `t-${t.toLowerCase().replace('+', 'x')}`);
  rows.forEach((row, r) => {
    let c = 0;
    for (const m of row.matchAll(/(\d+)|(\+?[A-Za-z])/g)) {
      if (m[1]) { c += Number(m[1]); continue; }
      out.push(`${xiangqi ? 'abcdefghi'[c] + '123456789:'[9 - r] : `${files - c}${'abcdefghijkl'[r]}`} ${side(m[2])} ${role(m[2])}`);
      c++;
    }
  });
  if (!xiangqi && hands && hands !== '-')
    for (const m of hands.matchAll(/(\d*)(\+?[A-Za-z])/g)) out.push(`hand ${side(m[2])} ${role(m[2])} x${m[1] || 1}`);
  return out.sort().join(', ');
}
// The pieces the game page's board draws, in fenPieces' form: once it has settled (animations
// done), or as it stands after 2 s.
async function drawnPieces(page, expected) {
  let drawn = '';
  for (let i = 0; i < 20; i++) {
    drawn = await page.evaluate(() => {
      const out = [];
      const named = (el, pattern) => [...el.classList].find((c) => pattern.test(c));
      for (const el of document.querySelectorAll('.board-box sg-board piece, .board-box cg-board piece')) {
        const key = el.sgKey ?? el.cgKey;  // none: the element kept for a dragged piece
        if (!key || el.sgFading || el.cgFading || el.classList.contains('ghost') || el.classList.contains('dragging')) continue;
        out.push(`${key} ${named(el, /^(sente|gote|white|black)$/)} ${named(el, /^t-|-piece$/)}`);
      }
      for (const wrap of document.querySelectorAll('.board-box sg-hp-wrap')) {
        const piece = wrap.querySelector('piece'), n = Number(wrap.getAttribute('data-nb'));
        if (piece && n > 0) out.push(`hand ${named(piece, /^(sente|gote)$/)} ${named(piece, /^t-/)} x${n}`);
      }
      return out.sort().join(', ');
    });
    if (drawn === expected) break;
    await page.waitForTimeout(100);
  }
  return drawn;
}

export default async function history(t) {
  const { base, browser, outDir, check, shoot, click, xiangqiSquare, waitPly, post } = t;

  // Move history: the arrow keys step through a game, the board shows the position at that ply
  // (as the server has it) and is read-only; a move arriving while looking back does not move
  // the board; "back to the game" does.
  const histMoves = ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0'];
  const hist = await (await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'xiangqi', opponent: { kind: 'human' } }) })).json();
  for (let i = 0; i < 4; i++) await post(`/api/games/${hist.id}/move`, i % 2 ? hist.opponent_token : hist.token, { move: histMoves[i] });
  const atTwo = await (await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'xiangqi', moves: histMoves.slice(0, 2), opponent: { kind: 'human' } }) })).json();
  const hp = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  hp.on('pageerror', (e) => check(false, `history page error: ${e.message}`));
  await hp.goto(`${base}/g/${hist.id}#${hist.token}`);
  await hp.waitForSelector('[data-testid=status]');
  const shownFen = () => hp.locator('.board-box').getAttribute('data-fen');
  const boardOf = (f) => f.split(' ').slice(0, 2).join(' ');
  await hp.keyboard.press('Home');
  check(boardOf(await shownFen()) === boardOf(hist.start_fen), `history: Home shows the start position (${await shownFen()})`);
  check((await drawnPieces(hp, fenPieces(hist.start_fen, 'xiangqi'))) === fenPieces(hist.start_fen, 'xiangqi'), 'history: the board drawn at Home is the start position');
  await hp.keyboard.press('ArrowRight');
  await hp.keyboard.press('ArrowRight');
  check(boardOf(await shownFen()) === boardOf(atTwo.fen), `history: two steps right show the position after ply 2 as the server has it (${await shownFen()})`);
  check((await drawnPieces(hp, fenPieces(atTwo.fen, 'xiangqi'))) === fenPieces(atTwo.fen, 'xiangqi'), `history: the board drawn at ply 2 is that position (${await drawnPieces(hp, '')})`);
  check((await hp.locator('[data-testid=moves] li.current').getAttribute('data-ply')) === '2', 'history: the move list marks ply 2');
  await click(hp, await xiangqiSquare(hp, 'a0'));
  await click(hp, await xiangqiSquare(hp, 'a1'));
  check((await hp.locator('[data-testid=status]').getAttribute('data-ply')) === '4', 'history: the board is read-only while looking back (a click-move sent nothing)');
  await post(`/api/games/${hist.id}/move`, hist.token, { move: histMoves[4] });
  await waitPly(hp, 5);
  check((await hp.locator('.history-nav').getAttribute('data-shown')) === '2' && (await hp.locator('[data-testid=back-to-game]').isVisible()), 'history: a new move does not pull the board forward; "back to the game" shows');
  await hp.screenshot({ path: join(outDir, 'history-1280.png'), fullPage: true });
  await hp.click('[data-testid=back-to-game]');
  check(boardOf(await shownFen()) === boardOf((await (await fetch(`${base}/api/games/${hist.id}`)).json()).fen) && !(await hp.locator('[data-testid=back-to-game]').isVisible()), 'history: "back to the game" shows the live position');
  await hp.locator('[data-testid=moves] li[data-ply="1"]').click();
  check((await hp.locator('.history-nav').getAttribute('data-shown')) === '1', 'history: clicking a move shows it');
  await hp.keyboard.press('End');
  check((await hp.locator('.history-nav').getAttribute('data-shown')) === '5', 'history: End goes to the last move');
  await hp.keyboard.press('ArrowLeft');
  await shoot(hp, 'history');

  // The positions the page shows against the server's for the same moves played afresh, every
  // 10th ply of a self-play game of each game (drops, promotions, captures into hand, Lion double
  // moves), and the board drawn at each of them (its pieces and hands) against that position.
  const replayGames = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../data/replay_games.txt'), 'utf8')
    .split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(' '));
  const positionKey = (f) => (f.split(' ')[2] === '-' && f.split(' ')[3] === '-' ? f.split(' ').slice(0, 2) : f.split(' ').slice(0, 3)).join(' ');
  const replayPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  for (const [game, ...gameMoves] of replayGames) {
    const made = await (await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game, moves: gameMoves, opponent: { kind: 'human' } }) })).json();
    await replayPage.goto(`${base}/g/${made.id}`);
    // The move list, not the status line: a record that ends in mate is stored finished, and a
    // finished game's status line is hidden (the banner says the result).
    await replayPage.waitForSelector('[data-testid=moves] li[data-ply="1"]');
    const wrong = [], misdrawn = [];
    for (let n = 10; n <= gameMoves.length; n += 10) {
      await replayPage.locator(`[data-testid=moves] li[data-ply="${n}"]`).click();
      const mine = await replayPage.locator('.board-box').getAttribute('data-fen');
      const server = (await (await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game, moves: gameMoves.slice(0, n), opponent: { kind: 'human' } }) })).json()).fen;
      if (positionKey(mine) !== positionKey(server)) wrong.push(`ply ${n}: ${mine} != ${server}`);
      const drawn = await drawnPieces(replayPage, fenPieces(server, game));
      if (drawn !== fenPieces(server, game)) misdrawn.push(`ply ${n}: ${drawn} != ${fenPieces(server, game)}`);
    }
    check(wrong.length === 0 && gameMoves.length >= 48, `history: ${game}, ${gameMoves.length} plies, the page's position at every 10th ply is the server's (${wrong[0] ?? 'all equal'})`);
    check(misdrawn.length === 0, `history: ${game}, the board drawn at every 10th ply is that position, pieces and hands (${misdrawn[0] ?? 'all equal'})`);
  }

  // The analysis board, opened from the game at the shown ply (4): Kirin's lines arrive live,
  // the multi-PV choice gives that many lines, a typed move is tried as a variation, an illegal
  // one is refused with the server's reason, and "play from here" starts a game against Kirin.
  {
    // Fair play: a player of a game between two people gets the analysis board once it has ended.
    check((await hp.locator('[data-testid=analyse]').count()) === 0, 'analysis: no Analyse for a player while the game between two people runs');
    await post(`/api/games/${hist.id}/resign`, hist.opponent_token, {});
    await hp.waitForSelector('[data-testid=analyse]', { timeout: 10000 });
    await hp.keyboard.press('End');
    await hp.keyboard.press('ArrowLeft');
    await Promise.all([hp.waitForURL(/\/analysis\?/), hp.click('[data-testid=analyse]')]);
    const analysisUrlSeen = new URL(hp.url());
    check(analysisUrlSeen.searchParams.get('moves') === histMoves.slice(0, 4).join(','), `analysis: opened at the shown ply (${analysisUrlSeen.searchParams.get('moves')})`);
    await hp.waitForSelector('[data-testid=pv-line]', { timeout: 20000 }).catch(() => {});
    const firstLine = await hp.locator('[data-testid=pv-line]').first().textContent().catch(() => '');
    check(/^[+-]\d+\.\d\d|mate/.test(firstLine), `analysis: an info line arrived (${firstLine}; ${await hp.textContent('[data-testid=analysis-error]')})`);
    await hp.selectOption('[data-testid=multipv]', '3');
    await hp.waitForSelector('[data-testid=pv-line][data-multipv="3"]', { timeout: 20000 }).catch(() => {});
    check((await hp.locator('[data-testid=pv-line]').count()) === 3, `analysis: three lines with multi-PV 3 (${await hp.locator('[data-testid=pv-line]').count()})`);
    await shoot(hp, 'analysis');
    await hp.fill('[data-testid=move-input]', 'e0e5');
    await hp.press('[data-testid=move-input]', 'Enter');
    await hp.waitForFunction(() => document.querySelector('[data-testid=analysis-error]').textContent, null, { timeout: 10000 }).catch(() => {});
    check((await hp.textContent('[data-testid=analysis-error]')).startsWith('e0e5: ') && (await hp.locator('[data-testid=variation] li.tried').count()) === 0, `analysis: an illegal move is refused with the engine's reason (${await hp.textContent('[data-testid=analysis-error]')})`);
    await click(hp, await xiangqiSquare(hp, 'b0'));
    await click(hp, await xiangqiSquare(hp, 'c2'));
    // Written as the game page writes moves, once the server has given the line.
    await hp.waitForFunction(() => [...document.querySelectorAll('[data-testid=variation] li.tried')].map((li) => li.textContent).join() === 'H8+7', null, { timeout: 5000 }).catch(() => {});
    const tried = await hp.locator('[data-testid=variation] li.tried').evaluateAll((els) => els.map((e) => `${e.dataset.move} ${e.textContent}`));
    check(JSON.stringify(tried) === '["b0c2 H8+7"]', `analysis: a move made on the board is tried as a variation (${tried})`);
    await hp.waitForSelector('[data-testid=pv-line]', { timeout: 20000 }).catch(() => {});
    check((await hp.textContent('[data-testid=analysis-error]')) === '' && (await hp.locator('[data-testid=pv-line]').count()) >= 1, `analysis: the analysis restarts on the variation (${await hp.textContent('[data-testid=analysis-error]')})`);
    // The diagram link draws the position on the board, variation included.
    // Clicked in the page, its new tab held back: the link's own handler sets its address.
    const svgHref = await hp.$eval('[data-testid=analysis-diagram-svg]', (el) => {
      el.addEventListener('click', (e) => e.preventDefault(), { once: true });
      el.click();
      return el.getAttribute('href');
    });
    const svgAnswer = await fetch(new URL(svgHref, base));
    check(svgAnswer.status === 200 && (await svgAnswer.text()).includes('<svg') && new URL(svgHref, base).searchParams.get('moves').endsWith('b0c2'),
      `analysis: the diagram link draws the shown position (${svgHref})`);
    await Promise.all([hp.waitForURL(/\/g\/[0-9a-f]+$/), hp.click('[data-testid=play-from-here]')]);
    const fromHere = await (await fetch(`${base}/api/games/${/\/g\/([0-9a-f]+)/.exec(hp.url())[1]}`)).json();
    check(JSON.stringify(fromHere.moves.slice(0, 5)) === JSON.stringify([...histMoves.slice(0, 4), 'b0c2']) && fromHere.players.first.kind === 'kirin' && fromHere.players.second.kind === 'human', `analysis: play from here starts a game from the variation, the player on the side to move (Black) and Kirin on the other (${fromHere.moves})`);
  }
}
