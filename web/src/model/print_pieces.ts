// The print set's pieces (mnemonic pictures, Westernized names) on the boards: the server draws
// each piece only inside its movement diagram (GET /api/rules/GAME/diagram, src/draw/
// movement_image.cpp: a 7 x 7 grid with the piece in the middle cell), so the piece is cut out of
// that drawing here: the middle cell, without the grid's background. It has no route of its own
// for one piece (a small addition to the server: see DESIGN.md).

const CELLS = 7;  // movement_image.cpp: radius 3
const RED = /rgb\(\s*75(?:\.\d+)?%\s*,\s*10(?:\.\d+)?%\s*,\s*10(?:\.\d+)?%\s*\)/g;  // Palette::promoted

// The piece alone from a movement diagram's SVG text: `turned` for a shogi piece of the side at
// the top, `black` for xiangqi's second side (the server draws the first side's, in red).
export function pieceFromDiagram(svg: string, game: string, side: number): string {
  const open = /<svg\b[^>]*>/.exec(svg);
  const box = /viewBox="\s*[\d.]+\s+[\d.]+\s+([\d.]+)/.exec(open?.[0] ?? '');
  const end = svg.lastIndexOf('</svg>');
  if (!open || !box || end < 0) return svg;
  const size = Number(box[1]), cell = (size * 0.96) / CELLS, centre = size / 2;
  // The xiangqi disc fills more of its cell than the shogi pentagon; the moves' rays start just beyond.
  const half = cell * (game === 'xiangqi' ? 0.455 : 0.44);
  let body = svg.slice(open.index + open[0].length, end);
  // The grid's background is the first thing drawn (movement_drawing.cpp), after the glyphs' defs.
  const surface = Math.max(0, body.indexOf('</defs>'));
  const first = /<(?:path|rect)\b[^>]*\/>/.exec(body.slice(surface));
  if (first) body = body.slice(0, surface + first.index) + body.slice(surface + first.index + first[0].length);
  if (game === 'xiangqi') {
    // The disc alone: the moves' lines run under it from the centre (a lame leap's path).
    if (side === 1) body = body.replace(RED, 'rgb(0%,0%,0%)');
    body = `<clipPath id="disc"><circle cx="${centre}" cy="${centre}" r="${half}"/></clipPath><g clip-path="url(#disc)">${body}</g>`;
  }
  if (game !== 'xiangqi' && side === 1) body = `<g transform="rotate(180 ${centre} ${centre})">${body}</g>`;
  const view = `${centre - half} ${centre - half} ${2 * half} ${2 * half}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="${view}">${body}</svg>`;
}
