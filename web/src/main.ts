// Kirin's web UI: one page, routed by path: / (new game), /g/ID#TOKEN (a game), /editor,
// /print (a print-and-play set).
import './style.css';
import { editorPage } from './editor_page';
import { gamePage } from './game_page';
import { newPage } from './new_page';
import { printPage } from './print_page';

const root = document.getElementById('app')!;
const path = location.pathname;
const game = /^\/g\/([0-9a-z]+)$/.exec(path);
const page = game ? gamePage(root, game[1]) : path === '/editor' ? editorPage(root) : path === '/print' ? printPage(root) : newPage(root);
page.catch((e) => {
  root.textContent = `Error: ${(e as Error).message}`;
});
