// The game page's fixed parts around the board: the title line (game, rules, rated or not, time
// control), the links to hand out, and the record and diagrams.
import { getRecord } from '../../api/client';
import type { GameState, Side, VariantInfo } from '../../api/types';
import { diagramUrl } from '../../api/urls';
import { serverPieces } from '../../board/prefs';
import { t } from '../../i18n';
import { timeControlText } from '../../model/clock';
import { errorText } from '../../model/error_words';
import { gameName } from '../../model/games';
import { formatName, recordFormats } from '../../model/notation';
import { describeOptions } from '../../model/rule_options';
import { copyButton, h } from '../../widgets/dom';

export function gameTitle(v: VariantInfo, state: GameState): HTMLElement {
  const rules = state.options.length ? describeOptions(v.id, state.options) : '';
  return h('h2', {}, gameName(v.id), rules ? h('span', { class: 'rules' }, ` · ${rules}`) : '',
    // Rated or not, and the time control: what a player agreed to, as lishogi says above its board.
    h('span', { class: 'rules', 'data-testid': 'game-info' }, ` · ${t(state.rated ? 'game.rated' : 'game.unrated')} · ${timeControlText(state.clock)}`),
    h('a', { class: 'learn-link', href: `/learn/${v.id}`, 'data-testid': 'learn-link' }, t('game.learnLink')),
    state.tournament ? h('a', { class: 'learn-link', href: `/t/${state.tournament.id}`, 'data-testid': 'game-tournament' },
      t('game.inTournament', { name: state.tournament.name ?? '' })) : '');
}

// Links to hand out: the game's (anyone may watch), and the opponent's seat while it is theirs to take.
export function gameLinks(id: string, invite: string | null, over: boolean): HTMLElement {
  return h('p', { class: 'links' },
    copyButton(t('game.copyWatch'), `${location.origin}/g/${id}`, 'copy-watch-link'),
    invite && !over ? copyButton(t('game.copyOpponent'), `${location.origin}/g/${id}#${invite}`, 'copy-opponent-link') : '');
}

// The record in the formats the game is written in (the one in the player's `notation` first),
// and the shown position as Kirin draws it (with the board's piece style and side). `shown`: the
// game, the moves up to the shown ply and the side at the bottom.
export function recordBox(id: string, v: VariantInfo, shown: () => { state: GameState; moves: string[]; bottom: Side }, notation: () => string): HTMLElement {
  const record = h('textarea', { class: 'record', readonly: '', rows: '5', 'data-testid': 'record' }) as HTMLTextAreaElement;
  const formatSel = h('select', { 'data-testid': 'record-format' }) as HTMLSelectElement;
  let orderedFor: string | null = null;
  const showRecord = async () => {
    if (orderedFor !== notation()) {
      orderedFor = notation();
      formatSel.replaceChildren(...recordFormats(v.id, orderedFor).map((f) => h('option', { value: f }, formatName(f))));
    }
    try {
      record.value = (await getRecord(id, formatSel.value)).text;
    } catch (e) {
      record.value = errorText(e);
    }
  };
  formatSel.onchange = showRecord;
  const diagram = (format: 'svg' | 'png') => {
    const { state, moves, bottom } = shown();
    return diagramUrl({ game: v.id, fen: state.start_fen, moves, pieces: serverPieces(v.id), orientation: bottom, options: state.options ?? [] }, format);
  };
  return h('details', { class: 'record-box' }, h('summary', { onclick: showRecord }, t('game.recordAndDiagrams')), h('label', {}, `${t('game.format')} `, formatSel), record,
    ...(['svg', 'png'] as const).map((format) => h('a', { class: 'button', target: '_blank', href: '#', 'data-testid': `diagram-${format}`,
      onclick: (e: Event) => { (e.currentTarget as HTMLAnchorElement).href = diagram(format); } },
    t('game.diagramShown', { format: format.toUpperCase() }))));
}
