// Problems: one made in the editor and solved against Kirin's defence, a tsume made through the API,
// one made under the JCSA rules, and Chu Seireigi's defender holding the rest of the set.
export default async function problems(t) {
  const { base, browser, check, shoot, click, shogiSquare, xiangqiSquare, statusIs } = t;

  // A made problem's solution as the server writes it in `notation`, from the problem's own
  // position (its link names it; a royal may be missing): the editor shows it so, not as engine
  // text. `moves`: the engine text the solution must be.
  const written = async (moves, notation) => {
    const id = (await ed.locator('[data-testid=problem-link]').getAttribute('href')).split('/').pop();
    const s = await (await fetch(`${base}/api/problems/${id}/solution?notation=${notation}`)).json();
    return s.solution.join(' ') === moves.join(' ') ? s.solution_notation.join(' ') : `not ${moves.join(' ')}`;
  };

  const ed = await browser.newPage();
  await ed.goto(base + '/editor');
  await ed.selectOption('[data-testid=editor-game]', 'xiangqi');
  await ed.fill('[data-testid=fen]', '9/3k5/9/5P3/9/9/9/9/5K3/9 w - - 0 1');
  await ed.click('[data-testid=make-problem]');
  await ed.waitForSelector('[data-testid=problem-link]', { timeout: 20000 });
  const made = await ed.locator('[data-testid=problem-made]').textContent();
  const solution = await written(['f1e1', 'd8d7', 'f6f7', 'd7d8', 'f7e7', 'd8d9', 'e7e8'], 'wxf');
  check(solution.startsWith('K4=5 ') && made.startsWith(`Mate in 4: ${solution}.`), `problem: the editor shows the proved solution in the player's notation (${made.slice(0, 60)})`);
  check(!(await ed.locator('[data-testid=rest-to-defender]').isVisible()), 'editor: xiangqi (no drops) does not offer "the defender holds the rest of the set"');
  await shoot(ed, 'problem-editor');
  await Promise.all([ed.waitForURL(/\/p\/[0-9a-f]+$/), ed.click('[data-testid=problem-link]')]);
  await ed.waitForSelector('[data-testid=solve-status]');
  await click(ed, await xiangqiSquare(ed, 'f6'));
  await click(ed, await xiangqiSquare(ed, 'g6'));
  // Written in the player's notation (WXF by default; f6g6, then d8d7).
  await statusIs(ed, /^Wrong: P4=3/);
  const refuted = await ed.locator('[data-testid=solve-status]').textContent();
  check(refuted === 'Wrong: P4=3: no mate in the 7 plies left. Kirin answers K4+1. Try another move.', `problem: a wrong move is refuted (${refuted})`);
  await shoot(ed, 'problem-wrong');
  for (const [from, to, reply] of [['f1', 'e1', 'K4\\+1'], ['f6', 'f7', 'K4-1'], ['f7', 'e7', 'K4-1']]) {
    await click(ed, await xiangqiSquare(ed, from));
    await click(ed, await xiangqiSquare(ed, to));
    await statusIs(ed, new RegExp(`^Right. Kirin answers ${reply}\\.`));
  }
  await click(ed, await xiangqiSquare(ed, 'e7'));
  await click(ed, await xiangqiSquare(ed, 'e8'));
  await statusIs(ed, /^Mate! Solved/);
  check(true, 'problem: solved against Kirin\'s longest defence');
  await shoot(ed, 'problem-solved');
  await ed.click('[data-testid=show-solution]');
  await ed.click('[data-testid=solution-next]');
  await ed.click('[data-testid=solution-next]');
  const step = await ed.locator('[data-testid=solution-step]').textContent();
  check(step === '1... K4+1', `problem: the solution shown step by step, numbered by move pairs (${step})`);

  // A Chu Shogi tsume without the attacker's King, made through the API: the Dragon King mates
  // along the top rank, the Gold guarding the King's flight squares.
  const tsume = await (await fetch(base + '/api/problems', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ game: 'chushogi', fen: '11k/12/10G1/7+R4/12/12/12/12/12/12/12/12 b - 1' }) })).json();
  await ed.goto(base + tsume.url);
  await ed.waitForSelector('[data-testid=solve-status]');
  const tsumeTitle = await ed.locator('[data-testid=problem-title]').textContent();
  check(tsumeTitle === 'Chu Shogi: mate in 1, every move a check', `tsume: the title says the convention (${tsumeTitle})`);
  await click(ed, await shogiSquare(ed, '5d'));
  await click(ed, await shogiSquare(ed, '5a'));
  await statusIs(ed, /^Mate! Solved/);
  check(true, 'tsume: solved on the 12x12 board');
  await shoot(ed, 'problem-chushogi');

  // The editor's rule choice: the Black Lion's 5e3c mates by the JCSA's rules, where the seed's
  // would let the White Lion take it through its Go-Between (2e3d3c). Refused under the default,
  // made under the JCSA's, and the problem page says which rules it is judged by.
  const lion = '11k/12/12/9I2/7N2n1/12/12/12/12/12/12/12 b - 1';
  await ed.goto(base + '/editor?' + new URLSearchParams({ game: 'chushogi', fen: lion }));
  await ed.waitForSelector('[data-testid=editor-rules-summary]');
  await ed.click('[data-testid=make-problem]');
  await ed.waitForFunction(() => document.querySelector('.error')?.textContent, null, { timeout: 20000 });
  const seedError = await ed.locator('.error').textContent();
  check(seedError === 'not a problem: the side to move has no forced mate with checks only', `rules: the default rules have no mate here (${seedError})`);
  await ed.click('[data-testid=editor-rules-summary]');
  await ed.selectOption('[data-testid=rule-rules]', 'jcsa');
  const summary = await ed.locator('[data-testid=editor-rules-summary]').textContent();
  check(summary === 'Rules: JCSA', `rules: the editor's summary names the rule set (${summary})`);
  // The finer points show what the rule set plays (the JCSA's bare King and dead Lance).
  const bare = await ed.locator('[data-testid=rule-bareking]').inputValue();
  const lastRank = await ed.locator('[data-testid=rule-lastrank]').inputValue();
  check(bare === 'jcsa' && lastRank === 'pawn', `rules: the JCSA set shows its bare King and last-rank points (${bare}, ${lastRank})`);
  // The address keeps the rule choice: a reload (or a shared link) has it.
  await ed.reload();
  await ed.waitForSelector('[data-testid=editor-rules-summary]');
  const kept = await ed.locator('[data-testid=editor-rules-summary]').textContent();
  check(kept === 'Rules: JCSA' && ed.url().includes('options=rules%3Djcsa'), `rules: a reload keeps the rule set (${kept}, ${ed.url()})`);
  await ed.click('[data-testid=make-problem]');
  await ed.waitForSelector('[data-testid=problem-link]', { timeout: 20000 });
  const madeJcsa = await ed.locator('[data-testid=problem-made]').textContent();
  check(madeJcsa.startsWith(`Mate in 1: ${await written(['5e3c'], 'western')}.`), `rules: the JCSA's mate is proved (${madeJcsa.slice(0, 60)})`);
  await shoot(ed, 'problem-editor-rules');
  await Promise.all([ed.waitForURL(/\/p\/[0-9a-f]+$/), ed.click('[data-testid=problem-link]')]);
  await ed.waitForSelector('[data-testid=solve-status]');
  const rulesTitle = await ed.locator('[data-testid=problem-title]').textContent();
  check(rulesTitle === 'Chu Shogi: mate in 1, every move a check · JCSA', `rules: the problem's title names its rule set (${rulesTitle})`);
  await click(ed, await shogiSquare(ed, '5e'));
  await click(ed, await shogiSquare(ed, '3c'));
  await statusIs(ed, /^Mate! Solved/);
  check(true, 'rules: solved by the JCSA\'s rules');
  // The moves played listed in the player's notation, though Black has no King to start from.
  await ed.waitForFunction(() => document.querySelector('[data-testid=solve-moves]')?.textContent.includes('Ln-33'), null, { timeout: 5000 }).catch(() => {});
  const played = await ed.locator('[data-testid=solve-moves]').textContent();
  check(played.includes('Ln-33') && !played.includes('5e3c'), `rules: the kingless problem's moves in the player's notation (${played})`);
  await shoot(ed, 'problem-rules');

  // Chu Seireigi by tsume's convention: the defender holds the rest of the set.
  const restFen = '11k/12/12/12/R11/12/12/5B6/12/12/12/10R1 b - 1';
  await ed.goto(base + '/editor?' + new URLSearchParams({ game: 'chuseireigi', fen: restFen }));
  await ed.waitForSelector('[data-testid=rest-to-defender]');
  check(await ed.locator('[data-testid=rest-to-defender]').isVisible(), 'editor: Chu Seireigi offers "the defender holds the rest of the set"');
  await ed.check('[data-testid=rest-to-defender]');
  await ed.click('[data-testid=make-problem]');
  await ed.waitForSelector('[data-testid=problem-link]', { timeout: 20000 });
  const madeRest = await ed.locator('[data-testid=problem-made]').textContent();
  check(madeRest.startsWith(`Mate in 2: ${await written(['12e1e', 'P*1b', '1e1b+'], 'western')}.`), `tsume: the defender's hands of the rest of the set (${madeRest.slice(0, 40)})`);
}
