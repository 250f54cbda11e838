// The position editor: palettes, tools and hands, with the SFEN/FEN checked exactly, a game started
// from it, an invalid position refused, and the editor at phone width.
import { join } from 'node:path';

export default async function editor(t) {
  const { base, browser, outDir, check, click, shogiSquare, xiangqiSquare, dragFromPalette } = t;

  // Position editor, Chu Seireigi: clear the board, place pieces from the palettes by dragging
  // and by clicking, delete one, fill the hands, and check the SFEN after each kind of edit.
  const ed = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  ed.on('pageerror', (e) => check(false, `editor page error: ${e.message}`));
  await ed.goto(base + '/editor');
  await ed.selectOption('[data-testid=editor-game]', 'chuseireigi');
  await ed.click('[data-testid=clear]');
  const fen = () => ed.inputValue('[data-testid=fen]');
  check((await fen()) === '12/12/12/12/12/12/12/12/12/12/12/12 b - 1', `editor: Clear board empties the SFEN (${await fen()})`);
  await dragFromPalette(ed, 'first-K', await shogiSquare(ed, '6l'));
  await dragFromPalette(ed, 'second-K', await shogiSquare(ed, '7a'));
  await ed.click('[data-testid=palette-first-G]');
  await click(ed, await shogiSquare(ed, '5k'));
  await click(ed, await shogiSquare(ed, '7k'));
  await ed.click('[data-testid=palette-second-P]');
  await click(ed, await shogiSquare(ed, '6d'));
  await ed.click('[data-testid="palette-second-+R"]');
  await click(ed, await shogiSquare(ed, '3c'));
  await ed.click('[data-testid=tool-delete]');
  await click(ed, await shogiSquare(ed, '7k'));
  await ed.click('[data-testid=tool-move]');
  const board = '5k6/12/9+r2/6p5/12/12/12/12/12/12/7G4/6K5';
  check((await fen()) === `${board} b - 1`, `editor: palette drags and clicks and the delete tool give the board (${await fen()})`);
  await ed.click('[data-testid=hand-first-P-plus]');
  await ed.click('[data-testid=hand-first-P-plus]');
  await ed.click('[data-testid=hand-second-N-plus]');
  check((await fen()) === `${board} b 2Pn 1`, `editor: the hands are written in the SFEN (${await fen()})`);
  await ed.waitForTimeout(200);
  await ed.screenshot({ path: join(outDir, 'editor-chuseireigi.png'), fullPage: true });

  // A piece dragged from the board onto the upper hand goes into White's hand.
  const gold = await shogiSquare(ed, '5k'), topHand = await ed.locator('.hand-top sg-hand').boundingBox();
  await ed.mouse.move(gold.x, gold.y);
  await ed.mouse.down();
  await ed.mouse.move(topHand.x + topHand.width / 2, topHand.y + topHand.height / 2, { steps: 12 });
  await ed.mouse.up();
  await ed.waitForTimeout(150);
  check((await fen()) === '5k6/12/9+r2/6p5/12/12/12/12/12/12/12/6K5 b 2Pgn 1', `editor: a board piece dropped on a hand goes into it (${await fen()})`);
  // And a promoted piece from the palette dropped on the lower hand: Black gets it unpromoted.
  const bottomHand = await ed.locator('.hand-bottom sg-hand').boundingBox();
  await dragFromPalette(ed, 'second-+S', { x: bottomHand.x + bottomHand.width / 2, y: bottomHand.y + bottomHand.height / 2 });
  check((await fen()) === '5k6/12/9+r2/6p5/12/12/12/12/12/12/12/6K5 b S2Pgn 1', `editor: a palette piece dropped on a hand goes into it unpromoted (${await fen()})`);

  // And back: typed text sets the hands, the side to move and the move number.
  await ed.fill('[data-testid=fen]', `${board} w P3n 5`);
  const count = (id) => ed.textContent(`[data-testid=hand-${id}]`);
  check((await count('first-P')) === '1' && (await count('second-N')) === '3', 'editor: typed hands show in the hand editor');
  check((await ed.inputValue('[data-testid=side]')) === 'second' && (await ed.inputValue('[data-testid=move-number]')) === '5', 'editor: typed side and move number show in their controls');
  await ed.click('[data-testid=hand-first-P-plus]');
  const final = `${board} w 2P3n 5`;
  check((await fen()) === final, `editor: an edit after typing rewrites the whole SFEN (${await fen()})`);

  // A game against a person from that position: the game page shows its hands and turn.
  await ed.selectOption('[data-testid=editor-opponent]', 'human');
  await Promise.all([ed.waitForURL(/\/g\/[0-9a-f]+$/), ed.click('[data-testid=editor-start]')]);
  await ed.waitForSelector('[data-testid=status]');
  const nb = (hand, role) => ed.locator(`.hand-${hand} sg-hp-wrap:has(piece.${role})`).getAttribute('data-nb');
  check((await nb('bottom', 't-p')) === '2' && (await nb('top', 't-n')) === '3', 'editor: the game page shows the hands set in the editor');
  check((await ed.textContent('[data-testid=status]')).startsWith('White to move'), 'editor: the game starts with White to move');
  const gameId = /\/g\/([0-9a-f]+)/.exec(ed.url())[1];
  const started = await (await fetch(`${base}/api/games/${gameId}`)).json();
  check(started.start_fen === final, `editor: the server starts the game from the editor's SFEN (${started.start_fen})`);

  // An invalid position: the server's reason shows in the editor.
  await ed.goto(base + '/editor');
  await ed.selectOption('[data-testid=editor-game]', 'chuseireigi');
  await ed.click('[data-testid=clear]');
  await ed.click('[data-testid=editor-start]');
  await ed.waitForFunction(() => document.querySelector('.error')?.textContent);
  check((await ed.textContent('.error')) === 'bad start position: invalid position: Black has no King', `editor: an invalid position shows the server's error (${await ed.textContent('.error')})`);

  // Xiangqi: palette placements and the side to move, with the exact FEN.
  await ed.selectOption('[data-testid=editor-game]', 'xiangqi');
  await ed.click('[data-testid=clear]');
  await dragFromPalette(ed, 'first-K', await xiangqiSquare(ed, 'e0'));
  await dragFromPalette(ed, 'second-K', await xiangqiSquare(ed, 'd9'));
  await ed.click('[data-testid=palette-first-R]');
  await click(ed, await xiangqiSquare(ed, 'a5'));
  await ed.selectOption('[data-testid=side]', 'second');
  check((await fen()) === '3k5/9/9/9/R8/9/9/9/9/4K4 b - - 0 1', `editor: xiangqi placements give the FEN (${await fen()})`);
  await ed.screenshot({ path: join(outDir, 'editor-xiangqi.png'), fullPage: true });
  await ed.reload();
  await ed.waitForSelector('[data-testid=fen]');
  check((await fen()) === '3k5/9/9/9/R8/9/9/9/9/4K4 b - - 0 1', `editor: the position survives a reload (${await fen()})`);

  // Chu Shogi's handicaps load from the list.
  const chushogi = (await (await fetch(base + '/api/variants')).json()).games.find((g) => g.id === 'chushogi');
  await ed.selectOption('[data-testid=editor-game]', 'chushogi');
  await ed.selectOption('[data-testid=setups]', { label: chushogi.setups[0].name });
  check((await fen()) === chushogi.setups[0].fen, `editor: the handicap ${chushogi.setups[0].name} loads (${await fen()})`);

  // The editor at phone width: nothing wider than the screen.
  const edPhone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await edPhone.goto(base + '/editor');
  await edPhone.selectOption('[data-testid=editor-game]', 'chuseireigi');
  await edPhone.waitForTimeout(200);
  const width = await edPhone.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 390, `phone width: the editor is ${width} px wide`);
  await edPhone.screenshot({ path: join(outDir, 'editor-phone.png'), fullPage: true });

}
