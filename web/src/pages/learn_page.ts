// /learn/GAME: every piece of a game with the movement diagram `kirin print` draws for it (GET
// /api/rules/GAME/diagram), its names, its promotion and its notes, and the game's special rules
// in short (model/learn_rules.ts). A piece's card is also reachable as /learn/GAME#piece-TOKEN.
import { pieceGuideData, variants } from '../api/client';
import type { PieceInfo } from '../api/types';
import { movementDiagramUrl } from '../api/urls';
import { serverPieces } from '../board/prefs';
import { GAME_NAMES } from '../model/games';
import { LEARN_RULES } from '../model/learn_rules';
import { h } from '../widgets/dom';
import { diagramSymbol } from '../widgets/guide_symbols';

const anchor = (token: string) => `piece-${token.replace('+', 'plus-')}`;

// Nothing in a game without promotion (xiangqi).
function promotionLine(p: PieceInfo, all: PieceInfo[]): HTMLElement[] {
  if (!all.some((x) => x.promotes_to)) return [];
  const named = (token: string) => {
    const q = all.find((x) => x.token === token);
    return q ? h('a', { href: `#${anchor(token)}` }, `${q.name} (${q.kanji})`) : token;
  };
  if (p.promotes_to) return [h('p', { class: 'learn-promo' }, 'Promotes to ', named(p.promotes_to))];
  if (p.promoted_from) return [h('p', { class: 'learn-promo' }, 'Promoted ', named(p.promoted_from))];
  return [h('p', { class: 'learn-promo' }, 'Never promotes')];
}

export async function learnPage(root: HTMLElement, game: string) {
  const all = await variants();
  const v = all.find((x) => x.id === game);
  const title = GAME_NAMES[game];
  if (!v || !title) {
    root.replaceChildren(h('p', { class: 'error' }, `No game "${game}" to learn: `, ...all.flatMap((x, i) =>
      [i ? ', ' : '', h('a', { href: `/learn/${x.id}` }, GAME_NAMES[x.id] ?? x.name)])));
    return;
  }
  document.title = `${title}: pieces and rules · Kirin`;
  const data = await pieceGuideData(game);
  const style = serverPieces(game);  // the pieces as the player has chosen to see them
  const rules = LEARN_RULES[game];
  const others = all.filter((x) => x.id !== game).flatMap((x) => [' · ', h('a', { href: `/learn/${x.id}` }, GAME_NAMES[x.id] ?? x.name)]);
  const legend = h('ul', { class: 'learn-legend' }, ...data.legend.map((l) => h('li', {}, h('span', { class: 'guide-sym' }, diagramSymbol(l.mark)), l.text)));
  const cards = data.pieces.map((p) => {
    const kanji = p.kanji_second && p.kanji_second !== p.kanji ? `${p.kanji} / ${p.kanji_second}` : p.kanji;
    return h('article', { class: 'learn-piece', id: anchor(p.token), 'data-testid': 'learn-piece', 'data-token': p.token },
      h('img', { src: movementDiagramUrl(game, p.token, [], style), alt: `How the ${p.name} moves`, width: '200', height: '200' }),
      h('h3', {}, p.name, ' ', h('span', { class: 'guide-kanji', lang: game === 'xiangqi' ? 'zh' : 'ja' }, kanji)),
      ...promotionLine(p, data.pieces),
      ...(p.notes.length ? [h('ul', { class: 'guide-notes' }, ...p.notes.map((n) => h('li', {}, n)))] : []));
  });
  root.replaceChildren(h('section', { class: 'learn' },
    h('h1', { 'data-testid': 'learn-title' }, `${title}: the pieces and rules`),
    h('p', { class: 'learn-nav' }, h('a', { href: '/' }, `Play ${title}`), ...others),
    h('p', {}, rules.intro),
    h('p', { class: 'hint' }, 'On any board, press and hold a piece (or right-click it, or point at it and press ?) to see its moves there.'),
    h('h2', {}, 'Special rules'),
    ...rules.sections.flatMap((s) => [h('h3', {}, s.title), h('ul', { class: 'learn-rules' }, ...s.points.map((t) => h('li', {}, t)))]),
    h('h2', {}, `The pieces (${data.pieces.length})`),
    h('p', {}, 'Each piece is shown as the first player sees it, moving up the page' +
      (data.pieces.some((p) => p.moves.some((m) => m.from)) ? '; grey marks are moves made only from some squares.' : '.')),
    legend,
    h('div', { class: 'learn-grid' }, ...cards)));
}
