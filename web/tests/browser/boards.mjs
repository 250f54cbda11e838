// Boards as players know them (issue 46, item 3): every piece set and board theme chosen from the
// board settings menu by its name and kept after a reload, with a screenshot of each set; the
// volume kept; the Lion's second steps after an empty first square, and its one-step move by a
// second click; a premove made while Kirin thinks, played when the turn comes; a typed move; the
// promotion choice on its target square; hand pieces as large as the board's; the analysis board
// in the header.

const SETS = {
  shogi: [['kanji1', 'One kanji'], ['kanji2', 'Two kanji'], ['mnemonic', 'Mnemonic (pictures of the moves)'],
    ['westernized', 'Westernized (English names)'], ['letters', 'Letters (SFEN)']],
  xiangqi: [['traditional', 'Traditional characters'], ['simplified', 'Simplified characters'],
    ['symbols', 'Symbols (no characters)'], ['westernized', 'Westernized (letters and names)'],
    ['mnemonic', 'Mnemonic (pictures of the moves)']],
};
const THEMES = [['wood', 'Wood'], ['light', 'Light wood'], ['dark', 'Dark'], ['paper', 'Paper']];
const same = (a, b) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

export default async function boards(t) {
  const { base, browser, check, shoot, click, shogiSquare, waitPly, moves } = t;
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => check(false, `boards: page error: ${e.message}`));
  // A game against Kirin from a position, opened as its first player.
  const open = async (game, fen, strength = 1) => {
    const res = await fetch(`${base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ game, ...(fen ? { fen } : {}), color: 'first', opponent: { kind: 'kirin', strength } }) });
    const g = await res.json();
    await page.goto(`${base}/g/${g.id}#${g.token}`);
    await page.waitForSelector('[data-testid=status][data-status=playing]');
    return g.id;
  };
  const shown = () => page.evaluate(() => document.documentElement.dataset.pieceSet);
  const settings = async () => {
    if (!(await page.locator('[data-testid=board-settings]').evaluate((d) => d.open))) await page.click('[data-testid=board-settings] summary');
  };

  // Piece sets, by the names the menu shows, kept after a reload; a screenshot of each.
  for (const [family, game] of [['shogi', 'chuseireigi'], ['xiangqi', 'xiangqi']]) {
    await open(game, game === 'chuseireigi' ? 'lacsgekgscal/1n1juxouj1n1/f1w1rqib1y1f/ppppppppppp1/12/12/12/12/1PPPPPPPPPPP/F1Y1BIQR1W1F/1N1JUOXUJ1N1/LACSGKEGSCAL b PRp 1' : undefined);
    await settings();
    const names = await page.locator('[data-testid=piece-set] option').evaluateAll((os) => os.map((o) => [o.value, o.textContent]));
    check(JSON.stringify(names) === JSON.stringify(SETS[family]), `boards: the ${family} sets are named for what they are (${names.map((n) => n[1]).join(', ')})`);
    for (const [set, name] of SETS[family]) {
      await settings();
      await page.selectOption('[data-testid=piece-set]', { label: name });
      await page.waitForFunction((s) => document.documentElement.dataset.pieceSet === s, set, { timeout: 10000 }).catch(() => {});
      await page.reload();
      await page.waitForFunction((s) => document.documentElement.dataset.pieceSet === s, set, { timeout: 10000 }).catch(() => {});
      const kept = await page.locator('[data-testid=piece-set]').inputValue();
      check(kept === set && (await shown()) === set, `boards: "${name}" is chosen and kept after a reload (${kept}, shown ${await shown()})`);
      await shoot(page, `boards-${family}-${set}`);
    }
  }
  // Themes, and the volume.
  await settings();
  const themes = await page.locator('[data-testid=board-theme] option').evaluateAll((os) => os.map((o) => [o.value, o.textContent]));
  check(JSON.stringify(themes) === JSON.stringify(THEMES), `boards: the themes are ${themes.map((n) => n[1]).join(', ')}`);
  for (const [theme, name] of THEMES) {
    await settings();
    await page.selectOption('[data-testid=board-theme]', { label: name });
    await page.reload();
    await page.waitForSelector('[data-testid=board-theme]', { state: 'attached' });
    const kept = await page.locator('[data-testid=board-theme]').inputValue();
    check(kept === theme && (await page.evaluate(() => document.documentElement.dataset.boardTheme)) === theme, `boards: the theme "${name}" is kept after a reload`);
    if (theme === 'dark') await shoot(page, 'boards-theme-dark');
  }
  await settings();
  await page.selectOption('[data-testid=board-theme]', 'wood');
  await page.locator('[data-testid=sound-volume]').fill('30');
  await page.reload();
  await page.waitForSelector('[data-testid=sound-volume]', { state: 'attached' });
  check((await page.locator('[data-testid=sound-volume]').inputValue()) === '30' && (await page.evaluate(() => localStorage.getItem('kirin-volume'))) === '30',
    'boards: the volume is kept after a reload');

  // Hand pieces as large as the board's (Chu Seireigi, a Pawn and a Rook in hand).
  await open('chuseireigi', 'lacsgekgscal/1n1juxouj1n1/f1w1rqib1y1f/ppppppppppp1/12/12/12/12/1PPPPPPPPPPP/F1Y1BIQR1W1F/1N1JUOXUJ1N1/LACSGKEGSCAL b PRp 1');
  const hand = await page.locator('.hand-bottom sg-hp-wrap piece.t-p').first().boundingBox();
  const onBoard = await page.locator('.shogi-board sg-pieces piece').first().boundingBox();
  check(Math.abs(hand.width - onBoard.width) <= 2 && Math.abs(hand.height - onBoard.height) <= 2,
    `boards: a hand piece is as large as a board piece (${Math.round(hand.width)} and ${Math.round(onBoard.width)} px)`);

  await lion(t, page, open);
  await premove(t, page);

  // A typed move: WXF on a xiangqi game, then ICCS.
  await open('xiangqi');
  await page.fill('[data-testid=typed-move]', 'C2=5');
  await page.press('[data-testid=typed-move]', 'Enter');
  check((await waitPly(page, 2)) === 2 && (await moves(page))[0] === 'h2e2', `boards: "C2=5" typed plays h2e2 (${(await moves(page))[0]})`);
  await page.fill('[data-testid=typed-move]', 'h0g2');
  await page.press('[data-testid=typed-move]', 'Enter');
  check((await waitPly(page, 4)) === 4 && (await moves(page))[2] === 'h0g2', 'boards: "h0g2" typed plays h0g2');
  await page.fill('[data-testid=typed-move]', 'Z9+9');
  await page.press('[data-testid=typed-move]', 'Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid=typed-move-error]')?.textContent, null, { timeout: 5000 }).catch(() => {});
  check((await page.textContent('[data-testid=typed-move-error]')) === 'No legal move reads "Z9+9".', 'boards: a typed move that is not legal is said so');
  // In the notation the player chose, read from one GET /api/positions?notation= (legal_notation):
  // Chinese on xiangqi, Japanese (full-width digits or not) on Chu Shogi.
  await page.evaluate(() => localStorage.setItem('kirin-notation', JSON.stringify({ xiangqi: 'chinese', shogi: 'japanese' })));
  await open('xiangqi');
  const asked = [];
  page.on('request', (r) => { if (r.url().includes('/api/positions?')) asked.push(r.url()); });
  await page.fill('[data-testid=typed-move]', '炮二平五');
  await page.press('[data-testid=typed-move]', 'Enter');
  check((await waitPly(page, 2)) === 2 && (await moves(page))[0] === 'h2e2' && asked.length === 1 && asked[0].includes('notation=chinese'),
    `boards: "炮二平五" typed in Chinese notation plays h2e2, the moves asked once (${(await moves(page))[0]}, ${asked.length} request)`);
  await open('chushogi');
  await page.fill('[data-testid=typed-move]', '９７仲');
  await page.press('[data-testid=typed-move]', 'Enter');
  check((await waitPly(page, 2)) === 2 && (await moves(page))[0] === '9h9g', `boards: "９７仲" typed in Japanese notation (９七仲) plays 9h9g (${(await moves(page))[0]})`);
  await page.evaluate(() => localStorage.removeItem('kirin-notation'));

  // The promotion choice on the target square.
  await open('chushogi', 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/ppppppppppp1/3i4i2P/12/12/3I4I3/PPPPPPPPPPP1/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1');
  await click(page, await shogiSquare(page, '1e'));
  await click(page, await shogiSquare(page, '1d'));
  const choice = await page.locator('sg-promotion-choices piece').first().boundingBox();
  const target = await shogiSquare(page, '1d');
  check(!!choice && target.x >= choice.x && target.x <= choice.x + choice.width && target.y >= choice.y && target.y <= choice.y + choice.height,
    `boards: the promotion choice stands on its target square 1d (${JSON.stringify(choice)} at ${JSON.stringify(target)})`);
  await shoot(page, 'boards-promotion');

  // The analysis board in the header.
  await Promise.all([page.waitForURL(/\/analysis$/), page.click('header [data-testid=nav-analysis]')]);
  await page.waitForSelector('.shogi-board sg-board', { timeout: 10000 }).catch(() => {});
  check((await page.locator('.shogi-board sg-board').count()) === 1, 'boards: the header\'s "Analysis board" opens an analysis board');
  await page.close();
}

// The Lion (Chu Shogi): a first step to the empty 5f offers every square the whole move reaches
// from there; a second click on the Lion is the one-step move.
async function lion(t, page, open) {
  const { check, click, shogiSquare, waitPly, moves } = t;
  await open('chushogi', '11k/12/12/12/12/6p5/6N5/12/12/12/12/K11 b - 1');
  await click(page, await shogiSquare(page, '6g'));
  await click(page, await shogiSquare(page, '5f'));
  const box = await page.locator('.shogi-board sg-board').boundingBox();
  const marked = await page.locator('.shogi-board sq.dest').evaluateAll((els, b) => els.map((el) => {
    const r = el.getBoundingClientRect(), x = r.x + r.width / 2 - b.x, y = r.y + r.height / 2 - b.y;
    return `${12 - Math.floor((x * 12) / b.width)}${'abcdefghijkl'[Math.floor((y * 12) / b.height)]}`;
  }), box);
  check(same(marked, ['4e', '4f', '4g', '5e', '5g', '6e', '6f', '6g']), `boards: after the Lion's step to the empty 5f, its second steps are marked (${[...marked].sort().join(' ')})`);
  check((await page.locator('.lion-bar button').allTextContents()).every((b) => b !== 'Stop here'), 'boards: no "Stop here" button');
  await t.shoot(page, 'boards-lion');
  await click(page, await shogiSquare(page, '5f'));
  check((await waitPly(page, 2)) === 2 && (await moves(page))[0] === '6g5f', `boards: the Lion clicked again on 5f makes the one-step move 6g5f (${(await moves(page))[0]})`);
}

// A premove made while the other side thinks, played when its move comes. The other side is a
// person moving through the API, so that the premove is surely made before the answer (Kirin at
// level 1 may answer before a second click).
async function premove(t, page) {
  const { base, check, click, shogiSquare, waitPly, moves, post } = t;
  const g = await fetch(`${base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ game: 'chushogi', color: 'first', opponent: { kind: 'human' } }) }).then((r) => r.json());
  await page.goto(`${base}/g/${g.id}#${g.token}`);
  await page.waitForSelector('[data-testid=status][data-status=playing]');
  await click(page, await shogiSquare(page, '1i'));
  await click(page, await shogiSquare(page, '1h'));
  await waitPly(page, 1);
  await click(page, await shogiSquare(page, '2i'));
  await click(page, await shogiSquare(page, '2h'));
  const set = await page.locator('.shogi-board sq.current-pre').count();
  check(set === 2 && (await moves(page)).length === 1, `boards: a premove 2i2h is set while the opponent thinks (${set} squares marked)`);
  await t.shoot(page, 'boards-premove');
  await post(`/api/games/${g.id}/move`, g.opponent_token, { move: '1d1e' });
  check((await waitPly(page, 3)) === 3, 'boards: the opponent moved and the premove was sent');
  const list = await moves(page);
  check(list[0] === '1i1h' && list[2] === '2i2h', `boards: the premove was played when the turn came (${list.join(' ')})`);
}
