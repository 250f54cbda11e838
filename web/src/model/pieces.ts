// Kirin's own piece sets, drawn as SVG: kanji, international mnemonics, or the SFEN letters.
// A style becomes one stylesheet of data-URL backgrounds, swapped when the player picks another.
import type { Kind, VariantInfo } from '../api/types';

export type PieceStyle = 'kanji' | 'mnemonic' | 'letters';

// Kanji by piece name; promoted pieces ("Rook-mover") use their model's kanji, drawn in red.
const KANJI: Record<string, string> = {
  King: '王', Prince: '太子', 'Drunk Elephant': '酔象', 'Gold General': '金', 'Silver General': '銀',
  'Copper General': '銅', 'Ferocious Leopard': '豹', 'Blind Tiger': '虎', Kirin: '麒', Phoenix: '鳳',
  Lance: '香', 'Reverse Chariot': '反', 'Side Mover': '横', 'Vertical Mover': '竪', Bishop: '角',
  Rook: '飛', 'Dragon Horse': '馬', 'Dragon King': '龍', Queen: '奔', Lion: '獅', Pawn: '歩',
  'Go-Between': '仲', Tokin: 'と', 'Flying Stag': '鹿', 'White Horse': '駒', Whale: '鯨', 'Free Boar': '猪',
  'Flying Ox': '牛', 'Horned Falcon': '鷹', 'Soaring Eagle': '鷲', 'Free Tiger': '奔虎',
  "Ram's-Head Soldier": '羊', 'Treacherous Fox': '狐', 'Running Rabbit': '兎', 'Prancing Stag': '踊鹿',
  Knight: '桂', 'Heavenly Horse': '天馬', 'Flying Swallow': '燕', 'Golden Bird': '金翅',
  'Great Leopard': '大豹', 'Running Wolf': '狼', 'Strong Bear': '熊', 'Great Elephant': '大象',
  'Teaching King': '教王',
};
// Xiangqi: the two sides write most pieces differently.
const XIANGQI_KANJI: Record<string, [string, string]> = {
  General: ['帥', '將'], Advisor: ['仕', '士'], Elephant: ['相', '象'], Horse: ['馬', '馬'],
  Chariot: ['俥', '車'], Cannon: ['炮', '砲'], Soldier: ['兵', '卒'],
};

function baseName(name: string): string {
  return name.replace(/-mover$/, '');
}

// Two-letter mnemonic from the English name: initials of the words, or the word's first two letters.
const MNEMONIC: Record<string, string> = { King: 'K', Kirin: 'Kr', Queen: 'Q', Lion: 'Ln', General: 'G', Pawn: 'P', Soldier: 'S' };

function mnemonic(name: string): string {
  if (MNEMONIC[baseName(name)]) return MNEMONIC[baseName(name)];
  const words = baseName(name).replace(/General$/, '').replace(/'s-Head/, '').trim().split(/[\s-]+/);
  if (words.length === 1) return words[0].slice(0, 2);
  return words.map((w) => w[0].toUpperCase()).join('').slice(0, 2);
}

function label(v: VariantInfo, k: Kind, style: PieceStyle, side: number): string {
  if (style === 'letters') return k.token;
  if (style === 'mnemonic') return (k.name.endsWith('-mover') ? '+' : '') + mnemonic(k.name);
  if (v.id === 'xiangqi') return XIANGQI_KANJI[k.name]?.[side] ?? k.token;
  return KANJI[baseName(k.name)] ?? k.token;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

function text(t: string, x: number, y: number, size: number, fill: string): string {
  const font = "'Noto Serif CJK JP','Noto Sans CJK JP','IPAGothic','IPAPGothic',serif";
  return `<text x="${x}" y="${y}" font-family="${font}" font-size="${size}" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="${fill}">${esc(t)}</text>`;
}

// One piece: a pentagon for the shogi games (the second side's upside down), a disc for xiangqi.
function svg(v: VariantInfo, k: Kind, style: PieceStyle, side: number): string {
  const t = label(v, k, style, side);
  const promoted = k.token.startsWith('+');
  let body: string;
  if (v.id === 'xiangqi') {
    const ink = side === 0 ? '#c0392b' : '#1b1b1b';
    body = `<circle cx="50" cy="50" r="44" fill="#f3deb0" stroke="#6b4a1f" stroke-width="4"/>` +
      `<circle cx="50" cy="50" r="36" fill="none" stroke="${ink}" stroke-width="2.5"/>` +
      text(t, 50, 52, t.length > 1 ? 30 : 44, ink);
  } else {
    const ink = promoted ? '#c0392b' : '#1b1b1b';
    const chars = [...t];
    const lines = style === 'kanji' && chars.length === 2 ? chars : [t];
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

// CSS for every piece of a variant in a style, for shogiground (sente/gote) or chessgroundx, and
// for the editor's palettes (class "palette", with the board's orientation class for shogi).
export function pieceCss(v: VariantInfo, style: PieceStyle): string {
  const rules: string[] = [];
  const url = (k: Kind, side: number) =>
    `url("data:image/svg+xml;utf8,${encodeURIComponent(svg(v, k, style, side))}")`;
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
