// Notation (issue 46, items 2 and 6): the player's notation, chosen in a menu, writes one move the
// same way in the move list, Kirin's lines on the analysis board and "Ask Kirin"; xiangqi's list is
// numbered by move pairs and the shogi games' by moves; Japanese writes a recapture with 同; the
// record offered first is the one in the notation; the choice is kept after a reload and, for an
// account, on another browser.
import { signUp } from './accounts.mjs';

// Red's one legal move: the Cannon to the centre, h2e2 (炮二平五, C2=5), as Kirin must answer.
const XQ_FEN = '9/3k5/4r4/9/5r3/9/9/7C1/9/4K4 w - - 0 1';
// Black's one move that keeps its King (Chu Shogi lets a King be left in check): the Silver
// between the Rook and the King, 2k1j (１十銀, S-1a).
const CHU_FEN = 'k10r/12/12/12/12/12/12/12/12/12/9gS1/11K b - 1';
// Pawns meet on the 6th file and the White Lion takes back: 同　獅 in Japanese.
const RECAPTURE = ['6i6h', '6d6e', '6h6g', '1d1e', '6g6f', '1e1f', '6f6e', '6c6e'];

export default async function notation(t) {
  const { base, browser, check, shoot, click, xiangqiSquare, shogiSquare, waitPly } = t;
  const create = async (spec) => (await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(spec) })).json();
  const kirinGame = (game, fen) => create({ game, fen, opponent: { kind: 'kirin', strength: 1 }, color: 'first' });
  const texts = (page) => page.locator('[data-testid=moves] li').allTextContents();
  // Waits for the first move of the list (or of `selector`) to read `text`; what it reads.
  const firstIs = async (page, text, selector = '[data-testid=moves] li') => {
    await page.waitForFunction(([s, x]) => document.querySelector(s)?.textContent === x, [selector, text], { timeout: 30000 }).catch(() => {});
    return page.locator(selector).first().textContent().catch(() => '');
  };
  // The game page's menu is among the board's settings.
  const choose = async (page, n) => {
    if (await page.locator('details.settings').count() && !(await page.locator('details.settings[open]').count())) await page.click('details.settings summary');
    await page.selectOption('[data-testid=notation]', n);
  };
  // "Ask Kirin" at the game's start (the history at its first position): the hint's text.
  const hint = async (page) => {
    await page.click('[data-testid=history-first]');
    await page.click('[data-testid=ask-kirin]');
    await page.waitForSelector('[data-testid=hint][data-where]', { timeout: 30000 }).catch(() => {});
    return page.locator('[data-testid=hint]').textContent();
  };

  // Xiangqi against Kirin: the one move in WXF, then Chinese, then ICCS.
  const xq = await kirinGame('xiangqi', XQ_FEN);
  // One browser (its localStorage) for the choice on every page; others below for the account.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => check(false, `notation: page error: ${e.message}`));
  await page.goto(`${base}/g/${xq.id}#${xq.token}`);
  await page.waitForSelector('[data-testid=status]', { state: 'attached' });
  await page.waitForTimeout(500);  // the stream's first state, which draws the buttons anew
  check((await page.locator('[data-testid=notation]').inputValue()) === 'wxf', 'notation: xiangqi is written in WXF before a choice');
  const wxfHint = await hint(page);
  check(wxfHint.startsWith('Kirin suggests C2=5 ('), `notation: the hint in WXF (${wxfHint})`);
  await click(page, await xiangqiSquare(page, 'h2'));
  await click(page, await xiangqiSquare(page, 'e2'));
  await waitPly(page, 2);
  check((await firstIs(page, 'C2=5')) === 'C2=5', `notation: the move list in WXF (${await texts(page)})`);
  await choose(page, 'chinese');
  const chinese = await firstIs(page, '炮二平五');
  const reply = (await texts(page))[1] ?? '';
  check(chinese === '炮二平五' && /[１-９]/.test(reply) && !/[0-9]/.test(reply), `notation: Chinese, Black's move with full-width digits (${chinese} ${reply})`);
  const chineseHint = await hint(page);
  check(chineseHint.startsWith('Kirin suggests 炮二平五 ('), `notation: the hint in Chinese (${chineseHint})`);
  await shoot(page, 'notation-chinese');
  await choose(page, 'iccs');
  check((await firstIs(page, 'h2e2')) === 'h2e2', `notation: the move list in ICCS (${await texts(page)})`);
  const iccsHint = await hint(page);
  check(iccsHint.startsWith('Kirin suggests h2e2 ('), `notation: the hint in ICCS (${iccsHint})`);
  // Kept in this browser: a reload writes the moves as chosen, and the record offered first is ICCS.
  await page.reload();
  await page.waitForSelector('[data-testid=status]', { state: 'attached' });
  check((await page.locator('[data-testid=notation]').inputValue()) === 'iccs' && (await firstIs(page, 'h2e2')) === 'h2e2', 'notation: the choice is kept after a reload');
  await page.click('.record-box summary');
  await page.waitForFunction(() => document.querySelector('[data-testid=record]')?.value, null, { timeout: 5000 }).catch(() => {});
  const format = await page.locator('[data-testid=record-format]').inputValue();
  check(format === 'iccs' && (await page.locator('[data-testid=record]').inputValue()).includes('1. h2-e2'), `notation: the record offered first is ICCS (${format})`);
  await choose(page, 'chinese');
  await firstIs(page, '炮二平五');

  // The analysis board: Kirin's line (in the browser: written through the server) in Chinese,
  // then WXF, and the server's own line.
  const an = await context.newPage();
  const firstPv = '[data-testid=pv-line] .pv a';
  await an.goto(`${base}/analysis?${new URLSearchParams({ game: 'xiangqi', fen: XQ_FEN })}`);
  const line = await firstIs(an, '炮二平五', firstPv);
  check(line === '炮二平五' && (await an.locator(firstPv).first().getAttribute('data-move')) === 'h2e2', `notation: Kirin's line in Chinese (${line})`);
  await shoot(an, 'notation-analysis');
  await an.selectOption('[data-testid=notation]', 'wxf');
  check((await firstIs(an, 'C2=5', firstPv)) === 'C2=5', 'notation: Kirin\'s line in WXF after the choice');
  await an.locator(firstPv).first().click();
  check((await firstIs(an, 'C2=5', '[data-testid=variation] li')) === 'C2=5', 'notation: the analysis board\'s move list in WXF');
  await an.goto(`${base}/analysis?${new URLSearchParams({ game: 'xiangqi', fen: XQ_FEN, engine: 'server' })}`);
  check((await firstIs(an, 'C2=5', firstPv)) === 'C2=5', `notation: the server's line in WXF (${await an.textContent('[data-testid=engine-where]')})`);
  await an.close();

  // Move pairs: 1. C2=5 H8+7 2. H2+3 (the analysis board chose WXF for this browser).
  const pairs = await create({ game: 'xiangqi', moves: ['h2e2', 'h9g7', 'h0g2'], opponent: { kind: 'human' } });
  await page.goto(`${base}/g/${pairs.id}`);
  await firstIs(page, 'C2=5');
  const numbers = await page.locator('[data-testid=moves] li').evaluateAll((els) => els.map((e) => e.dataset.number));
  check(JSON.stringify(await texts(page)) === '["C2=5","H8+7","H2+3"]' && JSON.stringify(numbers) === '["1.","","2."]',
    `notation: xiangqi numbered by move pairs (${numbers.join('|')} ${await texts(page)})`);

  // Chu Shogi against Kirin: the one move in Japanese in the list, the hint and Kirin's line.
  const chu = await kirinGame('chushogi', CHU_FEN);
  await page.goto(`${base}/g/${chu.id}#${chu.token}`);
  await page.waitForSelector('[data-testid=status]', { state: 'attached' });
  check((await page.locator('[data-testid=notation]').inputValue()) === 'western', 'notation: the shogi games are written in Western before a choice');
  await choose(page, 'japanese');
  await page.waitForTimeout(500);
  await click(page, await shogiSquare(page, '2k'));
  await click(page, await shogiSquare(page, '1j'));
  await waitPly(page, 2);
  check((await firstIs(page, '１十銀')) === '１十銀', `notation: the Chu Shogi move list in Japanese (${await texts(page)})`);
  const chuHint = await hint(page);
  check(chuHint.startsWith('Kirin suggests １十銀 ('), `notation: the hint in Japanese (${chuHint})`);
  const chuAn = await context.newPage();
  await chuAn.goto(`${base}/analysis?${new URLSearchParams({ game: 'chushogi', fen: CHU_FEN })}`);
  const chuLine = await firstIs(chuAn, '１十銀', firstPv);
  check(chuLine === '１十銀', `notation: Kirin's Chu Shogi line in Japanese (${chuLine}: ${await chuAn.textContent('[data-testid=pv-lines]')}; ${await chuAn.textContent('[data-testid=analysis-error]')})`);
  await chuAn.close();

  // 同 for a recapture, and a number for every move (as lishogi and KIF count).
  const lion = await create({ game: 'chushogi', moves: RECAPTURE, opponent: { kind: 'human' } });
  await page.goto(`${base}/g/${lion.id}`);
  await firstIs(page, '６八歩');
  const japanese = await texts(page);
  const shogiNumbers = await page.locator('[data-testid=moves] li').evaluateAll((els) => els.map((e) => e.dataset.number));
  check(japanese[7] === '同\u3000獅' && shogiNumbers.join(' ') === '1. 2. 3. 4. 5. 6. 7. 8.', `notation: Japanese writes the Lion's recapture with 同, each move numbered (${japanese.join(' ')})`);
  await shoot(page, 'notation-japanese');
  await choose(page, 'western');
  check((await firstIs(page, 'P-68')) === 'P-68' && (await texts(page))[7] === 'Lnx65', `notation: and Western (${await texts(page)})`);
  await context.close();

  // An account keeps the choice: chosen on the player's own page, followed by another browser.
  const nora = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signUp(t, nora, 'Nora', 'nora password');
  await nora.goto(`${base}/@/Nora`);
  await nora.waitForSelector('[data-testid=notation-xiangqi]');
  await Promise.all([nora.waitForResponse((r) => r.url().endsWith('/api/account/preferences') && r.request().method() === 'POST'),
    nora.selectOption('[data-testid=notation-xiangqi]', 'chinese-traditional')]);
  await shoot(nora, 'notation-settings');
  const phone = await browser.newPage({ viewport: { width: 390, height: 900 } });
  await phone.goto(base + '/');
  await phone.click('[data-testid=login]');
  await phone.fill('[data-testid=account-name]', 'Nora');
  await phone.fill('[data-testid=account-password]', 'nora password');
  await Promise.all([phone.waitForEvent('load'), phone.click('[data-testid=account-submit]')]);
  await phone.goto(`${base}/g/${pairs.id}`);
  await phone.waitForSelector('[data-testid=status]', { state: 'attached' });
  const written = await firstIs(phone, '炮二平五');
  check(written === '炮二平五' && (await texts(phone))[1] === '馬８進７' && (await phone.locator('[data-testid=notation]').inputValue()) === 'chinese-traditional',
    `notation: another browser of the account writes traditional Chinese (${await texts(phone)})`);
  await nora.close();
  await phone.close();
}
