// Xiangqi pieces without characters (pychess's "western" idea): each piece a silhouette its
// Western counterpart would have, drawn in the side's ink inside the disc's ring (a 100 x 100 box,
// the ring of radius 36 around 50,50). Cut-outs are drawn in the disc's colour.
const FACE = '#f3deb0';

const SHAPES: Record<string, (ink: string) => string> = {
  // A crown with a cross: the royal piece.
  General: (ink) => `<path fill="${ink}" d="M31 68 L27 40 L40 51 L50 33 L60 51 L73 40 L69 68 Z M31 71 H69 V76 H31 Z"/>` +
    `<path fill="${ink}" d="M47.5 18 H52.5 V32 H47.5 Z M43 22 H57 V27 H43 Z"/>`,
  // A shield with the palace's diagonals on it: the guard.
  Advisor: (ink) => `<path fill="${ink}" d="M50 22 L71 29 L69 52 Q65 68 50 76 Q35 68 31 52 L29 29 Z"/>` +
    `<path stroke="${FACE}" stroke-width="4" d="M39 37 L61 61 M61 37 L39 61"/>`,
  // A mitre: the Elephant moves as a short bishop.
  Elephant: (ink) => `<circle fill="${ink}" cx="50" cy="22" r="4.5"/>` +
    `<path fill="${ink}" d="M50 27 C63 36 67 48 61 60 L39 60 C33 48 37 36 50 27 Z M35 64 H65 V72 H35 Z"/>` +
    `<path stroke="${FACE}" stroke-width="3.5" d="M55 38 L46 50"/>`,
  // A horse's head.
  Horse: (ink) => `<path fill="${ink}" d="M34 74 H68 C68 60 66 52 66 44 C66 32 58 24 48 22 L46 16 L41 24 C35 28 30 36 28 46 ` +
    `L30 52 L36 54 L44 46 C47 50 44 56 38 62 Z"/><circle fill="${FACE}" cx="46" cy="33" r="2.6"/>`,
  // A tower: the Chariot moves as a rook.
  Chariot: (ink) => `<path fill="${ink}" d="M33 74 H67 V67 L61 62 V40 L67 35 V24 H60 V30 H54 V24 H46 V30 H40 V24 H33 V35 L39 40 V62 L33 67 Z"/>`,
  // A gun on its wheel.
  Cannon: (ink) => `<path fill="${ink}" d="M26 52 L66 32 Q72 30 73 36 Q74 41 69 43 L31 62 Z"/>` +
    `<circle fill="${ink}" cx="42" cy="62" r="11"/><circle fill="${FACE}" cx="42" cy="62" r="4"/>` +
    `<path fill="${ink}" d="M26 73 H66 V77 H26 Z"/>`,
  // A pawn.
  Soldier: (ink) => `<circle fill="${ink}" cx="50" cy="34" r="9"/>` +
    `<path fill="${ink}" d="M40 68 C42 60 45 54 44 46 H56 C55 54 58 60 60 68 Z M35 69 H65 V76 H35 Z"/>`,
};

// The symbol for a piece by its English name, in `ink`; the name's initial where there is none.
export function xiangqiSymbol(name: string, ink: string): string {
  const shape = SHAPES[name];
  if (shape) return shape(ink);
  return `<text x="50" y="52" font-size="40" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="${ink}">${name[0]}</text>`;
}
