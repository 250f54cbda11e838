// The piece guide and the /learn pages: a long press, a right-click and the ? key on pieces of a
// game board (Chu Shogi, Xiangqi) and of the editor (its board and its palette) show the piece's
// names and mark exactly the squares it moves to; a tap on it shows the promoted form; a normal
// move still plays; /learn/GAME lists every piece with its diagram. Screenshots at 1280 and 390 px.
import { join } from 'node:path';

// Every square within two of a shogi square (12 x 12), as [name, ring]: ring 1 next to it, 2 beyond.
function around(key) {
  const file = parseInt(key), rank = key.charCodeAt(key.length - 1) - 97, out = [];
  for (let df = -2; df <= 2; df++)
    for (let dr = -2; dr <= 2; dr++) {
      const f = file + df, r = rank + dr;
      if ((df || dr) && f >= 1 && f <= 12 && r >= 0 && r < 12) out.push([`${f}${String.fromCharCode(97 + r)}`, Math.max(Math.abs(df), Math.abs(dr))]);
    }
  return out;
}
const sorted = (list) => [...list].sort();
const same = (a, b) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));

export default async function guide(t) {
  const { base, browser, outDir, check, shoot, click, shogiSquare, xiangqiSquare, newGame, ply } = t;
  const marked = (p) => p.locator('[data-testid=guide-marks] .guide-mark').evaluateAll((els) => els.map((e) => `${e.dataset.square}:${e.dataset.mark}`));
  const name = (p) => p.textContent('[data-testid=piece-guide] [data-testid=guide-name]');
  const kanji = (p) => p.textContent('[data-testid=piece-guide] [data-testid=guide-kanji]');
  // Holds the mouse down on a point until the guide shows (the hold takes 400 ms), then lets go.
  async function hold(p, at) {
    await p.mouse.move(at.x, at.y);
    await p.mouse.down();
    await p.waitForSelector('[data-testid=piece-guide] [data-testid=guide-name]', { timeout: 5000 });
    await p.mouse.up();
  }
  async function rightClick(p, at) {
    await p.mouse.click(at.x, at.y, { button: 'right' });
    await p.waitForSelector('[data-testid=piece-guide] [data-testid=guide-name]', { timeout: 5000 });
  }
  const waitName = (p, text) => p.waitForFunction((n) => document.querySelector('[data-testid=guide-name]')?.textContent === n, text, { timeout: 5000 })
    .catch(() => {});

  // A Chu Shogi game against Kirin: the Lion by a long press.
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => check(false, `guide page error: ${e.message}`));
  await newGame(page, 'chushogi');
  await hold(page, await shogiSquare(page, '7j'));
  check((await name(page)) === 'Lion' && (await kanji(page)) === '獅子', `guide: a long press on 7j names the Lion 獅子 (${await name(page)} ${await kanji(page)})`);
  const lion = around('7j').map(([sq, ring]) => `${sq}:${ring === 1 ? 'lion_step' : 'lion_jump'}`);
  const lionMarks = await marked(page);
  check(same(lionMarks, lion), `guide: the Lion's 8 Lion steps and 16 Lion jumps are marked (${sorted(lionMarks).join(' ')})`);
  check((await page.locator('.guide-origin').getAttribute('data-square')) === '7j', 'guide: the Lion\'s own square is marked as its origin');
  check((await ply(page)) === 0 && (await page.locator('.shogi-board sq.selected').count()) === 0, 'guide: the long press neither moved nor left the Lion selected');
  await shoot(page, 'guide-chushogi-lion');
  check(same(await marked(page), lion), 'guide: after the page is laid out at 390 px and back, the marks are the same squares');

  // The Rook by a right-click: slides to every edge; a tap on it shows the Dragon King's moves.
  await rightClick(page, await shogiSquare(page, '10j'));
  await waitName(page, 'Rook');
  const rook = [...'abcdefghi'].map((r) => `10${r}`).concat(['10k', '10l', '11j', '12j'], [1, 2, 3, 4, 5, 6, 7, 8, 9].map((f) => `${f}j`)).map((s) => `${s}:slide`);
  const rookMarks = await marked(page);
  check((await name(page)) === 'Rook' && same(rookMarks, rook), `guide: a right-click on 10j shows the Rook's 22 slide squares (${await name(page)}: ${sorted(rookMarks).join(' ')})`);
  const drawn = () => page.locator('.shogi-board svg.sg-shapes g g').count();
  check((await drawn()) === 0, 'guide: the right-click left no circle drawn on the board');
  await click(page, await shogiSquare(page, '10j'));
  await waitName(page, 'Dragon King-mover');
  const dragon = rook.concat(['9i', '11i', '9k', '11k'].map((s) => `${s}:step`));
  const dragonMarks = await marked(page);
  check((await name(page)) === 'Dragon King-mover' && same(dragonMarks, dragon), `guide: a second tap shows the promoted Rook's moves (${await name(page)}: ${sorted(dragonMarks).join(' ')})`);
  await page.keyboard.press('Escape');
  check((await page.locator('[data-testid=piece-guide]').count()) === 0 && (await page.locator('[data-testid=guide-marks]').count()) === 0, 'guide: Escape closes it');

  // A right-drag still draws an arrow, and opens no guide.
  const [from, to] = [await shogiSquare(page, '10j'), await shogiSquare(page, '10f')];
  await page.mouse.move(from.x, from.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.mouse.up({ button: 'right' });
  await page.waitForTimeout(150);
  check((await drawn()) === 1 && (await page.locator('[data-testid=piece-guide]').count()) === 0, `guide: a right-drag draws an arrow and opens no guide (${await drawn()} drawn)`);

  // The ? key over a piece.
  const phoenix = await shogiSquare(page, '6k');
  await page.mouse.move(phoenix.x, phoenix.y);
  await page.keyboard.press('?');
  await page.waitForSelector('[data-testid=guide-name]', { timeout: 5000 });
  check((await name(page)) === 'Phoenix', `guide: ? over 6k names the Phoenix (${await name(page)})`);
  // A tap elsewhere closes it, and a move played by two clicks still plays.
  await click(page, await shogiSquare(page, '7i'));
  check((await page.locator('[data-testid=piece-guide]').count()) === 0, 'guide: a tap elsewhere closes it');
  await click(page, await shogiSquare(page, '7h'));
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=status]')?.getAttribute('data-ply')) >= 1, null, { timeout: 10000 }).catch(() => {});
  check((await ply(page)) >= 1, `guide: a move by two clicks still plays after the guide (ply ${await ply(page)})`);
  check((await page.locator('[data-testid=learn-link]').getAttribute('href')) === '/learn/chushogi', 'learn: the game page links to its pieces and rules');
  await page.close();

  // On a phone, by touch: a long press shows the guide, a tap on the piece its promoted form.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const touch = await phone.newPage();
  touch.on('pageerror', (e) => check(false, `guide touch page error: ${e.message}`));
  await newGame(touch, 'chushogi');
  const cdp = await phone.newCDPSession(touch);
  const rookAt = await shogiSquare(touch, '10j');
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [rookAt] });
  await touch.waitForSelector('[data-testid=guide-name]', { timeout: 5000 }).catch(() => {});
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  check((await name(touch)) === 'Rook' && same(await marked(touch), rook), `guide: a long touch on 10j shows the Rook and its squares (${await name(touch)})`);
  await touch.touchscreen.tap(rookAt.x, rookAt.y);
  await waitName(touch, 'Dragon King-mover');
  check((await name(touch)) === 'Dragon King-mover' && same(await marked(touch), dragon), `guide: a tap on it shows the Dragon King-mover (${await name(touch)})`);
  check((await touch.locator('.shogi-board sq.selected').count()) === 0 && (await ply(touch)) === 0, 'guide: the touches neither selected nor moved the Rook');
  await touch.screenshot({ path: join(outDir, 'guide-touch-390.png'), fullPage: true });
  await phone.close();

  // Xiangqi: the Horse's legs, the Cannon's moves, the General's palace, a Soldier before the river.
  const xq = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  xq.on('pageerror', (e) => check(false, `guide xiangqi page error: ${e.message}`));
  await newGame(xq, 'xiangqi');
  await rightClick(xq, await xiangqiSquare(xq, 'b0'));
  const horse = await marked(xq);
  check((await name(xq)) === 'Horse' && (await kanji(xq)) === '傌 / 馬' && same(horse, ['a2:lame_leap', 'c2:lame_leap', 'd1:lame_leap']),
    `guide: the Horse 傌 / 馬 on b0 leaps to a2, c2, d1 (${await name(xq)} ${await kanji(xq)}: ${sorted(horse).join(' ')})`);
  check((await xq.textContent('[data-testid=piece-guide]')).includes('leaps here unless the first square on the way is occupied'), 'guide: the Horse\'s blocking is said in words');
  await xq.keyboard.press('Escape');
  await rightClick(xq, await xiangqiSquare(xq, 'e0'));
  const general = await marked(xq);
  check((await name(xq)) === 'General' && same(general, ['d0:step', 'f0:step', 'e1:step']), `guide: the General on e0 steps only inside the palace (${sorted(general).join(' ')})`);
  await xq.keyboard.press('Escape');
  await rightClick(xq, await xiangqiSquare(xq, 'b2'));
  const cannon = ['b0', 'b1', 'b3', 'b4', 'b5', 'b6', 'b7', 'b8', 'b9', 'a2', 'c2', 'd2', 'e2', 'f2', 'g2', 'h2', 'i2'].map((s) => `${s}:move_only`);
  const cannonMarks = await marked(xq);
  check((await name(xq)) === 'Cannon' && same(cannonMarks, cannon), `guide: the Cannon on b2 moves along its lines without capturing (${sorted(cannonMarks).join(' ')})`);
  check((await xq.textContent('[data-testid=piece-guide]')).includes('captures by jumping exactly one piece'), 'guide: the Cannon\'s screen is said in words');
  await xq.keyboard.press('Escape');
  await hold(xq, await xiangqiSquare(xq, 'e3'));
  const soldier = await marked(xq);
  check((await name(xq)) === 'Soldier' && same(soldier, ['e4:step']), `guide: a Soldier before the river steps only forward (${sorted(soldier).join(' ')})`);
  await shoot(xq, 'guide-xiangqi-soldier');
  await xq.close();

  // The editor: a board piece by a long press, a palette piece by a right-click.
  const ed = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  ed.on('pageerror', (e) => check(false, `guide editor page error: ${e.message}`));
  await ed.goto(base + '/editor');
  await ed.selectOption('[data-testid=editor-game]', 'chuseireigi');
  await ed.waitForTimeout(200);
  await hold(ed, await shogiSquare(ed, '7j'));
  const seireigiLion = around('7j').map(([sq, ring]) => `${sq}:${ring === 1 ? 'step' : 'jump'}`);
  const edMarks = await marked(ed);
  check((await name(ed)) === 'Lion' && same(edMarks, seireigiLion), `guide: in the editor, Chu Seireigi's Lion on 7j steps next to it and jumps beyond (${sorted(edMarks).join(' ')})`);
  const fenBefore = await ed.inputValue('[data-testid=fen]');
  await ed.keyboard.press('Escape');
  await ed.locator('[data-testid="palette-first-+O"]').scrollIntoViewIfNeeded();
  const palettePiece = await ed.locator('[data-testid="palette-first-+O"]').boundingBox();
  await rightClick(ed, { x: palettePiece.x + palettePiece.width / 2, y: palettePiece.y + palettePiece.height / 2 });
  await ed.waitForFunction(() => document.querySelector('.guide-diagram')?.complete, null, { timeout: 5000 }).catch(() => {});
  const img = await ed.locator('.guide-diagram').evaluate((e) => e.naturalWidth).catch(() => 0);
  check((await name(ed)) === 'Bishop-mover' && img > 0, `guide: a right-click on the palette's promoted Kirin shows the Bishop-mover and its diagram (${await name(ed)}, image ${img} px)`);
  check((await ed.inputValue('[data-testid=fen]')) === fenBefore, 'guide: the editor\'s position is unchanged by the guide');
  await shoot(ed, 'guide-editor-palette');
  await ed.close();

  // The analysis board and a puzzle's board have it too.
  const an = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  an.on('pageerror', (e) => check(false, `guide analysis page error: ${e.message}`));
  await an.goto(base + '/analysis?game=chushogi');
  await an.waitForSelector('.shogi-board sg-board');
  await an.waitForTimeout(200);
  await rightClick(an, await shogiSquare(an, '7j'));
  check((await name(an)) === 'Lion' && same(await marked(an), lion), `guide: on the analysis board, a right-click shows the Lion's squares (${await name(an)})`);
  await an.goto(base + '/puzzles/xiangqi');
  await an.waitForSelector('[data-testid=solve-board][data-fen]');
  await an.waitForTimeout(200);
  // The first piece in the FEN, from Black's side of the board.
  const fen = (await an.getAttribute('[data-testid=solve-board]', 'data-fen')).split(' ')[0];
  let first = null;
  fen.split('/').forEach((row, r) => {
    let f = 0;
    for (const c of row) {
      if (/\d/.test(c)) f += Number(c);
      else { first ??= { square: `${'abcdefghi'[f]}${9 - r}`, token: c.toUpperCase() }; f++; }
    }
  });
  const names = { K: 'General', A: 'Advisor', B: 'Elephant', N: 'Horse', R: 'Chariot', C: 'Cannon', P: 'Soldier' };
  await rightClick(an, await xiangqiSquare(an, first.square));
  check((await name(an)) === names[first.token], `guide: on a puzzle's board, a right-click on ${first.square} names the ${names[first.token]} (${await name(an)})`);
  await an.close();

  // /learn/GAME: every piece, with its diagram drawn by the server, and the title.
  const learn = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  learn.on('pageerror', (e) => check(false, `learn page error: ${e.message}`));
  for (const [game, count, title] of [['chushogi', 39, 'Chu Shogi'], ['chuseireigi', 37, 'Chu Seireigi'], ['xiangqi', 7, 'Xiangqi']]) {
    await learn.goto(`${base}/learn/${game}`);
    await learn.waitForSelector('[data-testid=learn-piece]');
    await learn.waitForFunction(() => [...document.querySelectorAll('.learn-piece img')].every((i) => i.complete), null, { timeout: 20000 }).catch(() => {});
    const pieces = await learn.locator('[data-testid=learn-piece]').count();
    const drawn = await learn.locator('.learn-piece img').evaluateAll((els) => els.filter((e) => e.naturalWidth > 0).length);
    check(pieces === count && drawn === count, `learn: /learn/${game} lists ${count} pieces, each with its diagram (${pieces} pieces, ${drawn} drawn)`);
    const docTitle = await learn.title();
    check(docTitle.startsWith(`${title}: pieces and rules`), `learn: the page title names ${title} (${docTitle})`);
    await shoot(learn, `learn-${game}`);
  }
  const lionCard = await learn.goto(`${base}/learn/chushogi`).then(() => learn.locator('[data-token=N]').textContent());
  check(lionCard.includes('Lion') && lionCard.includes('獅子') && lionCard.includes('a Lion for the Lion-trading rules'), `learn: the Lion's card names it and its trading rule (${lionCard})`);
  const rules = await learn.textContent('.learn');
  check(rules.includes('Counter-strike') && rules.includes('igui'), 'learn: Chu Shogi\'s page states Lion trading, the counter-strike and igui');
  await learn.goto(`${base}/learn/chuseireigi`);
  await learn.waitForSelector('[data-testid=learn-piece]');
  check((await learn.textContent('.learn')).includes('nifu'), 'learn: Chu Seireigi\'s page states the drop limits');
  await learn.goto(`${base}/learn/xiangqi`);
  await learn.waitForSelector('[data-testid=learn-piece]');
  const xqRules = await learn.textContent('.learn');
  check(xqRules.includes('palace') && xqRules.includes('river'), 'learn: Xiangqi\'s page states the palace and the river');
  // Linked from the home page and from a game.
  await learn.goto(base + '/');
  check((await learn.locator('header a[href="/learn/chushogi"]').count()) === 1, 'learn: the home page links to the pieces and rules');
  await learn.close();
}
