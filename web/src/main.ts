// Kirin's web UI: one page, routed by path: / (lobby and new game), /g/ID#TOKEN (a game),
// /analysis?... (the analysis board), /editor, /print (a print-and-play set), /p/ID (a problem),
// /puzzles/GAME (puzzles), /learn/GAME (the pieces and rules).
import './style.css';
import { analysisPage } from './analysis_page';
import { editorPage } from './editor_page';
import { gamePage } from './game_page';
import { learnPage } from './learn_page';
import { newPage } from './new_page';
import { printPage } from './print_page';
import { problemPage } from './problem_page';
import { puzzlePage } from './puzzle_page';

const root = document.getElementById('app')!;
const path = location.pathname;
const game = /^\/g\/([0-9a-z]+)$/.exec(path);
const problem = /^\/p\/([0-9a-z]+)$/.exec(path), puzzles = /^\/puzzles(?:\/([a-z]+))?$/.exec(path);
const learn = /^\/learn(?:\/([a-z]+))?$/.exec(path);
const page = game ? gamePage(root, game[1])
  : problem ? problemPage(root, problem[1])
  : puzzles ? puzzlePage(root, puzzles[1] ?? 'chushogi')
  : learn ? learnPage(root, learn[1] ?? 'chushogi')
  : path === '/editor' ? editorPage(root)
  : path === '/analysis' ? analysisPage(root)
  : path === '/print' ? printPage(root)
  : newPage(root);
page.catch((e) => {
  root.textContent = `Error: ${(e as Error).message}`;
});
