// /learn/GAME: every piece of a game with the movement diagram `kirin print` draws for it (GET
// /api/rules/GAME/diagram), its names, its promotion and its notes, and the game's special rules
// in short (model/learn_rules.ts). A piece's card is also reachable as /learn/GAME#piece-TOKEN.
import { pieceGuideData, variants } from '../api/client';
import type { PieceInfo } from '../api/types';
import { movementDiagramUrl } from '../api/urls';
import { serverPieces } from '../board/prefs';
import { t, tParts } from '../i18n';
import { gameName, GAMES } from '../model/games';
import { legendText, noteText } from '../model/guide_words';
import { learnRules } from '../model/learn_rules';
import { pieceName } from '../model/piece_names';
import { h, setTitle } from '../widgets/dom';
import { diagramSymbol } from '../widgets/guide_symbols';

const anchor = (token: string) => `piece-${token.replace('+', 'plus-')}`;

// Nothing in a game without promotion (xiangqi).
function promotionLine(game: string, p: PieceInfo, all: PieceInfo[]): HTMLElement[] {
  if (!all.some((x) => x.promotes_to)) return [];
  const named = (token: string) => {
    const q = all.find((x) => x.token === token);
    const name = q && pieceName(game, q.name);
    return q ? h('a', { href: `#${anchor(token)}` }, name === q.kanji ? name : t('learn.pieceWithKanji', { name, kanji: q.kanji })) : token;
  };
  if (p.promotes_to) return [h('p', { class: 'learn-promo' }, ...tParts('learn.promotesTo', { piece: named(p.promotes_to) }))];
  if (p.promoted_from) return [h('p', { class: 'learn-promo' }, ...tParts('learn.promotedFrom', { piece: named(p.promoted_from) }))];
  return [h('p', { class: 'learn-promo' }, t('learn.neverPromotes'))];
}

// A piece's card: its diagram, its name with the characters on it (once, where the name is
// those characters), its promotion and its notes.
function pieceCard(game: string, p: PieceInfo, all: PieceInfo[], style: string): HTMLElement {
  const kanji = p.kanji_second && p.kanji_second !== p.kanji ? `${p.kanji} / ${p.kanji_second}` : p.kanji;
  const name = pieceName(game, p.name);
  return h('article', { class: 'learn-piece', id: anchor(p.token), 'data-testid': 'learn-piece', 'data-token': p.token },
    h('img', { src: movementDiagramUrl(game, p.token, [], style), alt: t('learn.howMoves', { piece: name }), width: '200', height: '200' }),
    h('h3', {}, name, ...(name === kanji ? [] : [' ', h('span', { class: 'guide-kanji', lang: game === 'xiangqi' ? 'zh' : 'ja' }, kanji)])),
    ...promotionLine(game, p, all),
    ...(p.notes.length ? [h('ul', { class: 'guide-notes' }, ...p.notes.map((n) => h('li', {}, noteText(n))))] : []));
}

export async function learnPage(root: HTMLElement, game: string) {
  const all = await variants();
  const v = all.find((x) => x.id === game);
  const rules = learnRules(game);
  if (!v || !rules || !GAMES.includes(game)) {
    root.replaceChildren(h('p', { class: 'error' }, t('learn.noGame', { game }), ...all.flatMap((x, i) =>
      [i ? t('common.listSeparator') : '', h('a', { href: `/learn/${x.id}` }, gameName(x.id))])));
    return;
  }
  const title = gameName(game);
  setTitle(t('titles.learnGame', { game: title }));
  const data = await pieceGuideData(game);
  const style = serverPieces(game);  // the pieces as the player has chosen to see them
  const others = all.filter((x) => x.id !== game).flatMap((x) => [' · ', h('a', { href: `/learn/${x.id}` }, gameName(x.id))]);
  const legend = h('ul', { class: 'learn-legend' }, ...data.legend.map((l) => h('li', {}, h('span', { class: 'guide-sym' }, diagramSymbol(l.mark)), legendText(l.text))));
  const cards = data.pieces.map((p) => pieceCard(game, p, data.pieces, style));
  root.replaceChildren(h('section', { class: 'learn' },
    h('h1', { 'data-testid': 'learn-title' }, t('learn.title', { game: title })),
    h('p', { class: 'learn-nav' }, h('a', { href: '/' }, t('learn.play', { game: title })), ...others),
    h('p', {}, rules.intro),
    h('p', { class: 'hint' }, t('learn.pressHint')),
    h('h2', {}, t('learn.specialRules')),
    ...rules.sections.flatMap((s) => [h('h3', {}, s.title), h('ul', { class: 'learn-rules' }, ...s.points.map((point) => h('li', {}, point)))]),
    h('h2', {}, t('learn.pieces', { count: data.pieces.length })),
    h('p', {}, t(data.pieces.some((p) => p.moves.some((m) => m.from)) ? 'learn.shownAsGrey' : 'learn.shownAs')),
    legend,
    h('div', { class: 'learn-grid' }, ...cards)));
}
