// Kirin's own piece sets drawn as SVG (the characters' sets, the SFEN letters, the xiangqi
// symbols), and the CSS that puts a set's pictures on the boards, hands and palettes. The print
// set's pictures (mnemonic, Westernized) are the server's drawings, passed in as image URLs.
import type { Kind, VariantInfo } from '../api/types';
import type { PieceSet } from './piece_sets';
import { xiangqiSymbol } from './xiangqi_symbols';

// The kanji by piece name: one, as lishogi's one-kanji Chu sets write them, and two, the full
// names as its two-kanji sets (and the server's KIF) write them. A promoted piece named for how it
// moves ("Rook-mover") is written as that piece, in red.
const KANJI: Record<string, [string, string]> = {
  King: ['玉', '玉将'], Prince: ['太', '太子'], 'Drunk Elephant': ['象', '醉象'], 'Gold General': ['金', '金将'],
  'Silver General': ['銀', '銀将'], 'Copper General': ['銅', '銅将'], 'Ferocious Leopard': ['豹', '猛豹'],
  'Blind Tiger': ['虎', '盲虎'], Kirin: ['麒', '麒麟'], Phoenix: ['鳳', '鳳凰'], Lance: ['香', '香車'],
  'Reverse Chariot': ['反', '反車'], 'Side Mover': ['横', '横行'], 'Vertical Mover': ['竪', '竪行'],
  Bishop: ['角', '角行'], Rook: ['飛', '飛車'], 'Dragon Horse': ['馬', '龍馬'], 'Dragon King': ['龍', '龍王'],
  Queen: ['奔', '奔王'], Lion: ['獅', '獅子'], Pawn: ['歩', '歩兵'], 'Go-Between': ['仲', '仲人'], Tokin: ['と', 'と金'],
  'Flying Stag': ['鹿', '飛鹿'], 'White Horse': ['駒', '白駒'], Whale: ['鯨', '鯨鯢'], 'Free Boar': ['猪', '奔猪'],
  'Flying Ox': ['牛', '飛牛'], 'Horned Falcon': ['鷹', '角鷹'], 'Soaring Eagle': ['鷲', '飛鷲'],
  'Free Tiger': ['虎', '奔虎'], "Ram's-Head Soldier": ['羊', '羊兵'], 'Treacherous Fox': ['狐', '隠狐'],
  'Running Rabbit': ['兎', '走兎'], 'Prancing Stag': ['鹿', '踊鹿'], Knight: ['桂', '桂馬'],
  'Heavenly Horse': ['天', '天馬'], 'Flying Swallow': ['燕', '飛燕'], 'Golden Bird': ['鳥', '金鳥'],
  'Great Leopard': ['豹', '大豹'], 'Running Wolf': ['狼', '走狼'], 'Strong Bear': ['熊', '強熊'],
  'Great Elephant': ['象', '大象'], 'Teaching King': ['教', '教王'],
};
// Xiangqi: the two sides write most pieces differently; [Red, Black].
const TRADITIONAL: Record<string, [string, string]> = {
  General: ['帥', '將'], Advisor: ['仕', '士'], Elephant: ['相', '象'], Horse: ['傌', '馬'],
  Chariot: ['俥', '車'], Cannon: ['炮', '砲'], Soldier: ['兵', '卒'],
};
const SIMPLIFIED: Record<string, [string, string]> = {
  General: ['帅', '将'], Advisor: ['仕', '士'], Elephant: ['相', '象'], Horse: ['马', '马'],
  Chariot: ['车', '车'], Cannon: ['炮', '炮'], Soldier: ['兵', '卒'],
};

const baseName = (name: string) => name.replace(/-mover$/, '');

function label(v: VariantInfo, k: Kind, set: PieceSet, side: number): string {
  if (set === 'letters') return k.token;
  if (set === 'traditional' || set === 'simplified') return (set === 'traditional' ? TRADITIONAL : SIMPLIFIED)[k.name]?.[side] ?? k.token;
  const names = KANJI[baseName(k.name)] ?? KANJI[k.name];
  return names?.[set === 'kanji2' ? 1 : 0] ?? k.token;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

function text(t: string, x: number, y: number, size: number, fill: string): string {
  const font = "'Noto Serif CJK JP','Noto Sans CJK JP','IPAGothic','IPAPGothic',serif";
  return `<text x="${x}" y="${y}" font-family="${font}" font-size="${size}" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="${fill}">${esc(t)}</text>`;
}

// One piece: a pentagon for the shogi games (the second side's upside down), a disc for xiangqi.
function svg(v: VariantInfo, k: Kind, set: PieceSet, side: number): string {
  let body: string;
  if (v.id === 'xiangqi') {
    const ink = side === 0 ? '#c0392b' : '#1b1b1b';
    const t = label(v, k, set, side);
    body = `<circle cx="50" cy="50" r="44" fill="#f3deb0" stroke="#6b4a1f" stroke-width="4"/>` +
      `<circle cx="50" cy="50" r="36" fill="none" stroke="${ink}" stroke-width="2.5"/>` +
      (set === 'symbols' ? xiangqiSymbol(k.name, ink) : text(t, 50, 52, t.length > 1 ? 30 : 44, ink));
  } else {
    // Side 1 is the same piece turned round (the pieces of both sides are alike).
    const t = label(v, k, set, 0);
    const ink = k.token.startsWith('+') ? '#c0392b' : '#1b1b1b';
    const chars = [...t];
    const lines = set === 'kanji2' && chars.length === 2 ? chars : [t];
    const size = lines.length === 2 ? 30 : t.length > 2 ? 28 : t.length === 2 ? 34 : 46;
    const glyphs = lines.map((s, i) => text(s, 50, lines.length === 2 ? 40 + i * 30 : 58, size, ink)).join('');
    const shape = `<path d="M50 6 L80 18 L90 94 L10 94 L20 18 Z" fill="#f4d58d" stroke="#7a5a22" stroke-width="3"/>`;
    body = side === 0 ? shape + glyphs : `<g transform="rotate(180 50 50)">${shape}${glyphs}</g>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${body}</svg>`;
}

export function roleOf(token: string): string {
  const t = token.toLowerCase();
  return 't-' + (t.startsWith('+') ? 'x' + t.slice(1) : t);
}

// A piece's picture as a CSS image: side 0 is the first side's (upright on a shogi board, Red in
// xiangqi), 1 the second's (turned round, Black).
export type Picture = (k: Kind, side: number) => string;

export const ownPicture = (v: VariantInfo, set: PieceSet): Picture => (k, side) =>
  `url("data:image/svg+xml;utf8,${encodeURIComponent(svg(v, k, set, side))}")`;

// CSS for every piece of a variant, for shogiground (sente/gote) or chessgroundx, and for the
// editor's palettes (class "palette", with the board's orientation class for shogi).
export function pieceCss(v: VariantInfo, url: Picture): string {
  const rules: string[] = [];
  for (const k of v.kinds) {
    if (v.id === 'xiangqi') {
      for (const [side, color] of [[0, 'white'], [1, 'black']] as const) {
        const piece = `piece.${k.token.toLowerCase()}-piece.${color}`;
        rules.push(`.cg-wrap ${piece}, .palette ${piece} { background-image: ${url(k, side)}; }`);
      }
      continue;
    }
    // Shogi pieces point at the opponent: which one is drawn upside down depends on the board's side.
    const up = url(k, 0), down = url(k, 1), role = roleOf(k.token);
    for (const wrap of ['.sg-wrap', '.sg-hand-wrap', '.palette']) {
      rules.push(`${wrap}.orientation-sente piece.${role}.sente, ${wrap}.orientation-gote piece.${role}.gote { background-image: ${up}; }`);
      rules.push(`${wrap}.orientation-sente piece.${role}.gote, ${wrap}.orientation-gote piece.${role}.sente { background-image: ${down}; }`);
    }
  }
  return rules.join('\n');
}
