// The tournaments, /tournaments: those to come (soonest first), those under way and those
// finished, each a link to its page (/t/ID) with its kind, game, clock and time, filtered by game
// (?game=); beside them the form for a new one (tournament_form.ts), for a player logged in.
import { currentAccount, listTournaments, variants } from '../../api/client';
import type { Tournament, TournamentList } from '../../api/types';
import { t } from '../../i18n';
import { errorText } from '../../model/error_words';
import { gameName, GAMES } from '../../model/games';
import { dateText, kindText, termsText, whenText } from '../../model/tournaments';
import { h } from '../../widgets/dom';
import { tournamentForm } from './tournament_form';

const SECTIONS: [keyof TournamentList, string][] = [['created', 'tournaments.upcoming'], ['started', 'tournaments.live'], ['finished', 'tournaments.finished']];

function eventLine(e: Tournament): HTMLElement {
  const when = e.status === 'created' ? t('tournaments.startsAtDate', { date: dateText(e.starts_at) }) : whenText(e, Date.now());
  return h('li', { 'data-id': e.id },
    h('a', { href: `/t/${e.id}`, class: 'tournament-name' }, e.name),
    h('div', { class: 'hint' }, `${kindText(e)} · ${termsText(e)}`),
    h('div', { class: 'hint' }, when));
}

export async function tournamentsPage(root: HTMLElement) {
  const [all, account] = await Promise.all([variants(), currentAccount()]);
  const game = h('select', { 'data-testid': 'tournaments-game' },
    h('option', { value: '' }, t('tournaments.allGames')), ...GAMES.map((id) => h('option', { value: id }, gameName(id)))) as HTMLSelectElement;
  game.value = new URLSearchParams(location.search).get('game') ?? '';
  const lists = SECTIONS.map(([status]) => h('ul', { class: 'tournament-list', 'data-testid': `tournaments-${status}` }));
  const error = h('div', { class: 'error' });
  let events: TournamentList | undefined;
  const draw = () => {
    if (!events) return;
    SECTIONS.forEach(([status], i) => {
      const shown = events![status].filter((e) => !game.value || e.game === game.value);
      lists[i].replaceChildren(...(shown.length ? shown.map(eventLine) : [h('li', { class: 'hint' }, t('tournaments.none'))]));
    });
  };
  game.onchange = () => {
    history.replaceState(null, '', game.value ? `/tournaments?game=${game.value}` : '/tournaments');
    draw();
  };
  root.replaceChildren(h('div', { class: 'home tournaments-page' },
    h('div', { class: 'home-main' },
      h('h1', {}, t('tournaments.title')),
      h('div', { class: 'filters' }, game),
      ...SECTIONS.map(([, key], i) => h('section', {}, h('h2', {}, t(key)), lists[i])),
      error),
    account ? tournamentForm(all) : h('section', { class: 'new-game', 'data-testid': 'tournament-log-in' }, h('h2', {}, t('tournaments.create')), h('p', { class: 'hint' }, t('tournaments.logInToCreate')))));
  try {
    events = await listTournaments();
    draw();
  } catch (e) {
    error.textContent = errorText(e);
  }
}
