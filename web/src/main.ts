// Kirin's web UI: one page, routed by path: / (lobby and new game), /g/ID (a game), /analysis?...
// (the analysis board), /editor, /print (a print-and-play set), /p/ID (a problem), /puzzles/GAME
// (puzzles), /learn/GAME (the pieces and rules), /@/NAME (a player), /players (the leaderboard),
// /tournaments (the tournaments, and a new one), /t/ID (a tournament); any other path is the site's 404 page (the server
// answers it with status 404). The server's list of these paths is spa_page() in
// src/server/http/static_files.cpp.
import './style.css';
import { accountPreferences } from './api/client';
import { chooseLanguage, savedLanguage, startI18n, t } from './i18n';
import { errorText } from './model/error_words';
import { analysisPage } from './pages/analysis/analysis_page';
import { editorPage } from './pages/editor/editor_page';
import { gamePage } from './pages/game/game_page';
import { newPage } from './pages/home/new_page';
import { leaderboardPage } from './pages/leaderboard_page';
import { learnPage } from './pages/learn_page';
import { notFoundPage } from './pages/not_found_page';
import { playerPage } from './pages/player_page';
import { printPage } from './pages/print_page';
import { problemPage } from './pages/problem_page';
import { puzzlePage } from './pages/puzzle_page';
import { tournamentPage } from './pages/tournaments/tournament_page';
import { tournamentsPage } from './pages/tournaments/tournaments_page';
import { accountBar } from './widgets/account_bar';
import { setTitle } from './widgets/dom';
import { siteHeader } from './widgets/site_header';

// The page's language before anything is drawn: the reader's choice on this browser, else their
// account's (asked only of a player who is logged in and has made none here), else the browser's.
const saved = savedLanguage();
const preferences = saved ? null : await accountPreferences();
await startI18n(chooseLanguage({ saved, account: preferences?.language, browser: navigator.languages }));

const root = document.getElementById('app')!;
const path = location.pathname;
const game = /^\/g\/([0-9a-z]+)$/.exec(path);
const problem = /^\/p\/([0-9a-z]+)$/.exec(path), puzzles = /^\/puzzles(?:\/([a-z]+))?$/.exec(path);
const learn = /^\/learn(?:\/([a-z]+))?$/.exec(path);
const player = /^\/@\/([A-Za-z0-9_-]+)$/.exec(path), tournament = /^\/t\/([0-9a-z]+)$/.exec(path);
// Each page names itself in the title at once; one that knows more (the players of a game) says
// it when it has loaded.
const [title, page] = game ? ['game', () => gamePage(root, game[1])]
  : problem ? ['problem', () => problemPage(root, problem[1])]
  : puzzles ? ['puzzles', () => puzzlePage(root, puzzles[1] ?? 'chushogi')]
  : learn ? ['learn', () => learnPage(root, learn[1] ?? 'chushogi')]
  : player ? ['player', () => playerPage(root, player[1])]
  : tournament ? ['tournament', () => tournamentPage(root, tournament[1])]
  : path === '/players' ? ['leaderboard', () => leaderboardPage(root)]
  : path === '/tournaments' ? ['tournaments', () => tournamentsPage(root)]
  : path === '/editor' ? ['editor', () => editorPage(root)]
  : path === '/analysis' ? ['analysis', () => analysisPage(root)]
  : path === '/print' ? ['print', () => printPage(root)]
  : path === '/' ? ['home', () => newPage(root)]
  : ['notFound', () => notFoundPage(root)];
setTitle(t(`titles.${title}`));
const header = document.querySelector('header')!;
accountBar(header);
siteHeader(header);
page().catch((e) => {
  root.replaceChildren(Object.assign(document.createElement('p'), { className: 'error page-error', textContent: t('common.error', { message: errorText(e) }) }));
});
