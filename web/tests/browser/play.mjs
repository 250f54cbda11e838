// Games against Kirin: for each game, moves played by clicking (Chu Seireigi: a drop; Chu Shogi: a
// Lion double move and a promotion; xiangqi: a cannon move), a reload that finds the game intact, and
// a screenshot per game; the board at phone width; a GBK record file imported; a rule option chosen.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export default async function play(t) {
  const { base, browser, outDir, check, shoot, click, shogiSquare, xiangqiSquare, waitPly, moves, newGame, reloadAndShoot } = t;

  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  page.on('pageerror', (e) => check(false, `page error: ${e.message}`));

  // Chu Seireigi: drop a Pawn from the hand (a position with a Pawn in each hand).
  await newGame(page, 'chuseireigi',
    'lacsgekgscal/1n1juxouj1n1/f1w1rqib1y1f/ppppppppppp1/12/12/12/12/1PPPPPPPPPPP/F1Y1BIQR1W1F/1N1JUOXUJ1N1/LACSGKEGSCAL b Pp 1');
  // Drag and drop from the hand.
  const hb = await page.locator('.hand-bottom sg-hp-wrap piece.t-p').first().boundingBox();
  const target = await shogiSquare(page, '12f');
  await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x, target.y, { steps: 8 });
  await page.mouse.up();
  check((await waitPly(page, 2)) === 2, 'Chu Seireigi: the drop P*12f (dragged from the hand) was played and Kirin replied');
  let list = await moves(page);
  check(list[0] === 'P*12f', `Chu Seireigi: first move is P*12f (${list[0]})`);
  await reloadAndShoot(page, 'chuseireigi', list);

  // Chu Shogi: a Lion double move capturing on its first step (two clicks, then the second
  // step), then a promotion.
  await newGame(page, 'chushogi', 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/ppppp1pppppp/3i4i3/5p6/5N6/2P9/PP1PPPPPPPPP/MVRHDQ1DHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1');
  await click(page, await shogiSquare(page, '7g'));
  await click(page, await shogiSquare(page, '7f'));
  check(await page.locator('.lion-bar').isVisible(), 'Chu Shogi: after the first Lion step the board waits for the second');
  check((await page.locator('sq.lion-mid').count()) === 1, 'Chu Shogi: the first step\'s square is highlighted');
  await click(page, await shogiSquare(page, '7e'));
  check((await waitPly(page, 2)) === 2, 'Chu Shogi: the Lion move was played and Kirin replied');
  list = await moves(page);
  check(list[0] === '7g7f7e', `Chu Shogi: first move is the Lion's double move 7g7f7e (${list[0]})`);
  await reloadAndShoot(page, 'chushogi', list);

  // Chu Shogi promotion: a Pawn one step from the zone (ranks a-d), with the promotion dialog.
  await newGame(page, 'chushogi', 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/ppppppppppp1/3i4i2P/12/12/3I4I3/PPPPPPPPPPP1/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1');
  await click(page, await shogiSquare(page, '1e'));
  await click(page, await shogiSquare(page, '1d'));
  const choice = page.locator('sg-promotion-choices piece').first();
  check(await choice.isVisible(), 'Chu Shogi: entering the zone offers the promotion choice');
  const cb = await choice.boundingBox();
  await page.mouse.click(cb.x + cb.width / 2, cb.y + cb.height / 2);
  check((await waitPly(page, 2)) === 2, 'Chu Shogi: the promotion was played and Kirin replied');
  list = await moves(page);
  check(list[0] === '1e1d+', `Chu Shogi: first move is 1e1d+ (${list[0]})`);
  await reloadAndShoot(page, 'chushogi-promotion', list);

  // Xiangqi: the central cannon.
  await newGame(page, 'xiangqi');
  await click(page, await xiangqiSquare(page, 'h2'));
  await click(page, await xiangqiSquare(page, 'e2'));
  check((await waitPly(page, 2)) === 2, 'Xiangqi: h2e2 was played and Kirin replied');
  list = await moves(page);
  check(list[0] === 'h2e2', `Xiangqi: first move is h2e2 (${list[0]})`);
  await reloadAndShoot(page, 'xiangqi', list);


  // Phone width: the board fits the screen.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto(page.url());
  await phone.waitForSelector('[data-testid=status]');
  const w = (await phone.locator('.board-box').boundingBox()).width;
  check(w <= 390, `phone width: the board is ${Math.round(w)} px wide`);
  await phone.screenshot({ path: join(outDir, 'xiangqi-phone.png'), fullPage: true });

  // An old xiangqi file in GBK, picked as a file: its bytes go to the server, which reads them.
  const pgn = '[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n';
  const gbk = execFileSync('iconv', ['-f', 'UTF-8', '-t', 'GB18030'], { input: pgn });
  const gbkPage = await browser.newPage();
  await gbkPage.goto(base + "/");
  await gbkPage.selectOption('[data-testid=game]', 'xiangqi');
  await gbkPage.setInputFiles('[data-testid=record-file]', { name: 'old.pgn', mimeType: 'application/octet-stream', buffer: gbk });
  await t.create(gbkPage);
  await gbkPage.waitForSelector('[data-testid=status]');
  const imported = await moves(gbkPage);
  check(imported.join(' ') === 'h2e2 h9g7 h0g2 i9h9', `import: a GBK record file read as its moves (${imported.join(' ')})`);


  // Rule options as choices: the Lion Hawk for Chu Seireigi against Kirin.
  const ro = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await ro.goto(base + '/');
  await ro.selectOption('[data-testid=game]', 'chuseireigi');
  await ro.click('[data-testid=more-options] summary');
  await ro.selectOption('[data-testid=rule-lion]', 'hawk');
  await t.create(ro);
  await ro.waitForSelector('[data-testid=status]');
  const roGame = await (await fetch(`${base}/api/games/${/\/g\/([0-9a-f]+)/.exec(ro.url())[1]}`)).json();
  check(JSON.stringify(roGame.options) === '["lion=hawk"]', `rule options: the Lion Hawk choice creates the game with lion=hawk (${JSON.stringify(roGame.options)})`);
  await ro.click('text=Board and sound');
  // Issue 46: a volume rather than a switch; 0 is silent.
  await ro.locator('[data-testid=sound-volume]').fill('0');
  check((await ro.evaluate(() => localStorage.getItem('kirin-volume'))) === '0', 'sound: the volume (0: off) is kept in localStorage');
  await shoot(ro, 'game-chuseireigi');
}
