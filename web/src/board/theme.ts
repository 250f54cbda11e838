// The boards' themes: the colours of the board, its lines and hands, for both
// libraries, set as CSS variables on the page (style.css reads them). The xiangqi board's lines
// are an SVG drawn in the theme's colours.

export type ThemeId = 'wood' | 'light' | 'dark' | 'paper';

interface Theme {
  board: string;  // the squares' colour
  line: string;   // grid lines
  hand: string;   // the hands' background
}

const THEMES: Record<ThemeId, Theme> = {
  wood: { board: '#e9bf6b', line: '#6b4a1f', hand: '#e6c47c' },
  light: { board: '#f6e8c8', line: '#9a7b4f', hand: '#efe2c2' },
  dark: { board: '#4a4640', line: '#cdb98f', hand: '#5a544b' },
  paper: { board: '#fdfcf7', line: '#2b2b2b', hand: '#eeeeea' },
};

// The themes in the menu's order; their names are the catalog's board.themes.THEME.
export const THEME_IDS: ThemeId[] = ['wood', 'light', 'dark', 'paper'];
export const DEFAULT_THEME: ThemeId = 'wood';
export const isTheme = (t: unknown): t is ThemeId => typeof t === 'string' && t in THEMES;

// The xiangqi board behind the pieces: lines through the cell centres, the river and palaces.
function xiangqiBoardSvg(t: Theme): string {
  const x = (f: number) => ((f + 0.5) * 100) / 9, y = (r: number) => ((r + 0.5) * 100) / 10;
  const ln = (a: number, b: number, c: number, d: number) =>
    `<line x1="${x(a)}" y1="${y(b)}" x2="${x(c)}" y2="${y(d)}"/>`;
  let s = '';
  for (let r = 0; r < 10; r++) s += ln(0, r, 8, r);
  for (let f = 0; f < 9; f++) s += f === 0 || f === 8 ? ln(f, 0, f, 9) : ln(f, 0, f, 4) + ln(f, 5, f, 9);
  s += ln(3, 0, 5, 2) + ln(5, 0, 3, 2) + ln(3, 7, 5, 9) + ln(5, 7, 3, 9);
  const river = `<text x="50" y="50" font-size="4" text-anchor="middle" dominant-baseline="central" fill="${t.line}" stroke="none">楚 河　　　漢 界</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" preserveAspectRatio="none"><rect width="100" height="100" fill="${t.board}"/><g stroke="${t.line}" stroke-width="0.35">${s}</g>${river}</svg>`;
}

export function applyTheme(id: ThemeId) {
  const t = THEMES[id], root = document.documentElement.style;
  root.setProperty('--board-bg', t.board);
  root.setProperty('--board-line', t.line);
  root.setProperty('--board-hand', t.hand);
  root.setProperty('--xq-board', `url("data:image/svg+xml;utf8,${encodeURIComponent(xiangqiBoardSvg(t))}")`);
  document.documentElement.dataset.boardTheme = id;
}
