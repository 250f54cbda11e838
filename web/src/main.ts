// Kirin's web UI: one page, routed by path: / (lobby and new game), /g/ID (a game), /analysis?...
// (the analysis board), /editor, /print (a print-and-play set), /p/ID (a problem), /puzzles/GAME
// (puzzles), /learn/GAME (the pieces and rules), /@/NAME (a player), /players (the leaderboard); any other path is the site's 404 page (the server
// answers it with status 404). The server's list of these paths is spa_page() in
// src/server/http/static_files.cpp.
import './style.css';
import { accountBar } from './widgets/account_bar';
import { analysisPage } from './pages/analysis/analysis_page';
import { editorPage } from './pages/editor/editor_page';
import { gamePage } from './pages/game/game_page';
import { leaderboardPage } from './pages/leaderboard_page';
import { learnPage } from './pages/learn_page';
import { newPage } from './pages/home/new_page';
import { notFoundPage } from './pages/not_found_page';
import { playerPage } from './pages/player_page';
import { printPage } from './pages/print_page';
import { problemPage } from './pages/problem_page';
import { puzzlePage } from './pages/puzzle_page';
import { setTitle } from './widgets/dom';

const root = document.getElementById('app')!;
const path = location.pathname;
const game = /^\/g\/([0-9a-z]+)$/.exec(path);
const problem = /^\/p\/([0-9a-z]+)$/.exec(path), puzzles = /^\/puzzles(?:\/([a-z]+))?$/.exec(path);
const learn = /^\/learn(?:\/([a-z]+))?$/.exec(path);
const player = /^\/@\/([A-Za-z0-9_-]+)$/.exec(path);
// Each page names itself in the title at once; one that knows more (the players of a game) says
// it when it has loaded.
const [title, page] = game ? ['Game', () => gamePage(root, game[1])]
  : problem ? ['Problem', () => problemPage(root, problem[1])]
  : puzzles ? ['Puzzles', () => puzzlePage(root, puzzles[1] ?? 'chushogi')]
  : learn ? ['Pieces and rules', () => learnPage(root, learn[1] ?? 'chushogi')]
  : player ? ['Player', () => playerPage(root, player[1])]
  : path === '/players' ? ['Leaderboard', () => leaderboardPage(root)]
  : path === '/editor' ? ['Position editor', () => editorPage(root)]
  : path === '/analysis' ? ['Analysis board', () => analysisPage(root)]
  : path === '/print' ? ['Print a set', () => printPage(root)]
  : path === '/' ? ['Play Chu Shogi, Chu Seireigi and Xiangqi', () => newPage(root)]
  : ['Page not found', () => notFoundPage(root)];
setTitle(title);
accountBar(document.querySelector('header')!);
page().catch((e) => {
  root.replaceChildren(Object.assign(document.createElement('p'), { className: 'error page-error', textContent: `Error: ${(e as Error).message}` }));
});
