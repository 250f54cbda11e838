// The site in Chinese (simplified and traditional) and Japanese: for each, a browser whose
// language is zh-CN, zh-TW or ja-JP opens the home page, a game against Kirin with a move
// played, the learn page, the analysis board, the puzzles, the editor, the print page and the
// leaderboard, and finds <html lang> and the catalog's words
// there (the Resign button, the side to move, a piece's name in the guide and on the learn page);
// then the header's language switch changes the page and the choice outlasts a reload; a
// logged-in player's choice follows them to another browser. Screenshots at 1280 and 390 px
// (home-zh-Hans-390.png, game-ja-1280.png, ...).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const LOCALES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'i18n', 'locales');
const catalog = (lang) => JSON.parse(readFileSync(join(LOCALES, `${lang}.json`), 'utf8'));
// A catalog's text by its dotted key, {{variables}} filled in.
const text = (c, key, values = {}) => key.split('.').reduce((node, k) => node[k], c)
  .replace(/\{\{(\w+)\}\}/g, (_, v) => String(values[v]));

// Each language, the browser locale that asks for it, the game its readers play here, a piece of
// that game on the first side's back rank (square, catalog key) and the words expected of it.
const CASES = [
  { lang: 'zh-Hans', locale: 'zh-CN', game: 'xiangqi', piece: ['a0', 'pieces.xiangqi.chariot'], resign: '认输', pieceName: '车', move: ['h2', 'e2'] },
  { lang: 'zh-Hant', locale: 'zh-TW', game: 'xiangqi', piece: ['a0', 'pieces.xiangqi.chariot'], resign: '認輸', pieceName: '車', move: ['h2', 'e2'] },
  { lang: 'ja', locale: 'ja-JP', game: 'chushogi', piece: ['7j', 'pieces.chushogi.lion'], resign: '投了', pieceName: '獅子', move: ['6i', '6h'] },
];

export default async function languages(t) {
  const { base, browser, check, shoot, click, shogiSquare, xiangqiSquare, waitPly } = t;
  const en = catalog('en');
  const htmlLang = (p) => p.evaluate(() => document.documentElement.lang);
  const textOf = (p, selector) => p.locator(selector).first().textContent();

  for (const c of CASES) {
    const words = catalog(c.lang);
    const context = await browser.newContext({ locale: c.locale, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (e) => check(false, `${c.lang}: page error: ${e.message}`));
    const square = (sq) => (c.game === 'xiangqi' ? xiangqiSquare(page, sq) : shogiSquare(page, sq));

    // Home: the browser's language chosen, the header and the form in it.
    await page.goto(base + '/');
    await page.waitForSelector('[data-testid=create]');
    check((await htmlLang(page)) === c.lang, `${c.lang}: a ${c.locale} browser gets <html lang="${c.lang}"> (${await htmlLang(page)})`);
    check((await page.locator('[data-testid=language]').inputValue()) === c.lang, `${c.lang}: the header's language menu shows ${c.lang}`);
    const nav = await page.locator('header nav a').first().textContent();
    check(nav === text(words, 'header.newGame'), `${c.lang}: the header says "${text(words, 'header.newGame')}" (${nav})`);
    const start = await textOf(page, '[data-testid=create]');
    check(start === text(words, 'home.startButton'), `${c.lang}: the Start button says "${text(words, 'home.startButton')}" (${start})`);
    const title = await page.title();
    check(title === text(words, 'common.titleSuffix', { name: text(words, 'titles.home') }), `${c.lang}: the tab's title is in ${c.lang} (${title})`);
    await shoot(page, `home-${c.lang}`);

    // A game against Kirin, a move played: the Resign button, the side to move, a piece's name.
    await page.selectOption('[data-testid=game]', c.game);
    await Promise.all([page.waitForURL(/\/g\/[0-9a-f]+$/), page.click('[data-testid=create]')]);
    await page.waitForSelector('[data-testid=status]');
    await click(page, await square(c.move[0]));
    await click(page, await square(c.move[1]));
    check((await waitPly(page, 2)) === 2, `${c.lang}: ${c.move.join('')} was played and Kirin replied`);
    const resign = await textOf(page, '[data-testid=resign]');
    check(resign === c.resign && resign === text(words, 'game.actions.resign'), `${c.lang}: the Resign button says ${c.resign} (${resign})`);
    const side = text(words, `sides.${c.game === 'xiangqi' ? 'xiangqi' : 'shogi'}.first`);
    const status = await textOf(page, '[data-testid=status]');
    check(status === text(words, 'game.status.toMoveYours', { side }), `${c.lang}: the status says it is ${side}'s move, the reader's (${status})`);
    const at = await square(c.piece[0]);
    await page.mouse.click(at.x, at.y, { button: 'right' });
    await page.waitForSelector('[data-testid=piece-guide] [data-testid=guide-name]', { timeout: 5000 });
    const guided = await textOf(page, '[data-testid=guide-name]');
    check(guided === c.pieceName && guided === text(words, c.piece[1]), `${c.lang}: the piece guide names the piece ${c.pieceName} (${guided})`);
    await page.keyboard.press('Escape');
    await shoot(page, `game-${c.lang}`);

    // A refusal of the server in the reader's language, by its code (a wrong login: 401
    // wrong_login), not the server's English words.
    await page.click('[data-testid=login]');
    await page.fill('[data-testid=account-name]', 'nobody_here');
    await page.fill('[data-testid=account-password]', 'not the password');
    await page.click('[data-testid=account-submit]');
    await page.waitForFunction(() => document.querySelector('[data-testid=account-error]')?.textContent !== '');
    const refused = await textOf(page, '[data-testid=account-error]');
    check(refused === text(words, 'errors.wrongPassword') && refused !== text(en, 'errors.wrongPassword'),
      `${c.lang}: a wrong login is refused in ${c.lang} (${refused})`);
    await page.click('[data-testid=account-cancel]');

    // The learn page: its title and a piece's card.
    await page.goto(`${base}/learn/${c.game}`);
    await page.waitForSelector('[data-testid=learn-piece]');
    const learnTitle = await textOf(page, '[data-testid=learn-title]');
    const gameName = text(words, `games.${c.game}`);
    check(learnTitle === text(words, 'learn.title', { game: gameName }), `${c.lang}: the learn page's title is in ${c.lang} (${learnTitle})`);
    const cards = await page.locator('[data-testid=learn-piece] h3').allTextContents();
    check(cards.some((h) => h.startsWith(c.pieceName)), `${c.lang}: the learn page has a card for ${c.pieceName}`);
    await shoot(page, `learn-${c.lang}`);

    // The other main pages: the analysis board, the puzzles, the editor, the print page: the tab's
    // title in the language (none left as the English one), a screenshot of each.
    for (const [path, ready] of [
      [`/analysis?game=${c.game}`, '[data-testid=move-input]'],
      [`/puzzles/${c.game}`, '[data-testid=solve-status]'],
      ['/editor', '[data-testid=fen]'],
      ['/print', 'main h1, main h2'],
    ]) {
      await page.goto(base + path);
      await page.waitForSelector(ready, { timeout: 10000 });
      await page.waitForTimeout(300);
      const tab = await page.title();
      check(tab.includes('Kirin') && !/[A-Za-z]/.test(tab.replaceAll('Kirin', '')), `${c.lang}: ${path} is titled in ${c.lang}, no English word (${tab})`);
      check((await htmlLang(page)) === c.lang, `${c.lang}: ${path} has <html lang="${c.lang}">`);
      const heading = await page.locator('main h1, main h2').first().textContent().catch(() => '');
      check(heading !== '' && !/[A-Za-z]{3,}/.test(heading.replaceAll('Kirin', '')), `${c.lang}: ${path}'s heading is in ${c.lang} (${heading})`);
      await shoot(page, `${path.split(/[/?]/)[1]}-${c.lang}`);
    }

    // The leaderboard.
    await page.goto(`${base}/players`);
    await page.waitForSelector('[data-testid=leaderboard]');
    const board = await textOf(page, 'h1');
    check(board === text(words, 'leaderboard.title'), `${c.lang}: the leaderboard's title is ${text(words, 'leaderboard.title')} (${board})`);
    await shoot(page, `leaderboard-${c.lang}`);

    // The switch: English chosen in the header stays chosen after a reload, against the browser's
    // language; then back.
    await Promise.all([page.waitForEvent('load'), page.selectOption('[data-testid=language]', 'en')]);
    await page.waitForSelector('[data-testid=leaderboard]');
    check((await htmlLang(page)) === 'en' && (await textOf(page, 'h1')) === text(en, 'leaderboard.title'), `${c.lang}: choosing English in the header shows the page in English`);
    await page.reload();
    await page.waitForSelector('[data-testid=leaderboard]');
    check((await htmlLang(page)) === 'en' && (await page.locator('header nav a').first().textContent()) === text(en, 'header.newGame'),
      `${c.lang}: the choice of English outlasts a reload in a ${c.locale} browser`);
    await Promise.all([page.waitForEvent('load'), page.selectOption('[data-testid=language]', c.lang)]);
    await page.waitForSelector('[data-testid=leaderboard]');
    check((await htmlLang(page)) === c.lang, `${c.lang}: and choosing ${c.lang} again brings it back`);
    await context.close();
  }

  // A logged-in player's choice is kept with the account: another browser, in English, shows
  // the site in Japanese once they log in there.
  const name = `lang${Date.now() % 100000}`, password = 'language test';
  const first = await browser.newContext({ locale: 'en-US' });
  const a = await first.newPage();
  await a.goto(base + '/');
  await a.click('[data-testid=signup]');
  await a.fill('[data-testid=account-name]', name);
  await a.fill('[data-testid=account-password]', password);
  await Promise.all([a.waitForEvent('load'), a.click('[data-testid=account-submit]')]);
  await a.waitForSelector('[data-testid=account-name-shown]');
  await Promise.all([a.waitForEvent('load'), a.selectOption('[data-testid=language]', 'ja')]);
  await a.waitForSelector('[data-testid=account-name-shown]');
  check((await htmlLang(a)) === 'ja', 'account: choosing 日本語 while logged in shows the page in Japanese');
  await first.close();
  const second = await browser.newContext({ locale: 'en-US' });
  const b = await second.newPage();
  await b.goto(base + '/');
  check((await htmlLang(b)) === 'en', 'account: another browser, logged out, is in English');
  await b.click('[data-testid=login]');
  await b.fill('[data-testid=account-name]', name);
  await b.fill('[data-testid=account-password]', password);
  await Promise.all([b.waitForEvent('load'), b.click('[data-testid=account-submit]')]);
  await b.waitForSelector('[data-testid=account-name-shown]');
  check((await htmlLang(b)) === 'ja', `account: logged in there, the page is in the account's language, Japanese (${await htmlLang(b)})`);
  await second.close();
}
