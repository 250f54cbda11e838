// One tournament, /t/ID: its name, kind, game, clock and status, a countdown to its start (an
// arena's to its end), Join, Withdraw, Start (for its creator while it waits) and the viewer's game
// of the round; the standings and the pairings by round, each game a link (/g/ID) with its result,
// live from the event's stream; a Swiss's TRF report. TournamentCtrl holds the state and the
// actions; this file draws them (snabbdom: the tree is drawn again at each change and each second).
import { currentAccount, getTournament } from '../../api/client';
import type { Pairing, Standing, TournamentEvent } from '../../api/types';
import { tournamentTrfUrl } from '../../api/urls';
import { t, tParts } from '../../i18n';
import { gameName } from '../../model/games';
import {
  dateText, kindText, pointsText, resultWords, rounds, statusName, termsText, tieBreakColumns, whenText,
} from '../../model/tournaments';
import { oneAtATime, setTitle } from '../../widgets/dom';
import { playerLinkTree } from '../../widgets/players';
import { h as vh, view, type VNode } from '../../widgets/view';
import { TournamentCtrl } from './tournament_ctrl';

// The name, the terms, the status and where it stands.
function summary(e: TournamentEvent): VNode {
  const players = e.standings.filter((s) => !s.withdrawn).length;
  return vh('div.tournament-summary', [
    vh('h1', { attrs: { 'data-testid': 'tournament-title' } }, e.name),
    vh('p', `${kindText(e)} · ${termsText(e)}`),
    vh('p', [
      vh(`span.tournament-status.${e.status}`, { attrs: { 'data-testid': 'tournament-status', 'data-status': e.status } }, statusName(e.status)),
      ' · ', vh('span', { attrs: { 'data-testid': 'tournament-when' } }, whenText(e, Date.now(), e.standings.length)),
      e.status === 'created' ? vh('span.hint', ` (${dateText(e.starts_at)})`) : '',
    ]),
    vh('p', { attrs: { 'data-testid': 'tournament-players' } }, t('tournaments.playersOf', { n: players, max: e.max_players })),
  ]);
}

// Join, Withdraw, Start, the viewer's game (and Berserk in an arena's), the TRF report; a hint for
// who is not logged in.
function actions(c: TournamentCtrl): VNode {
  const e = c.event, game = c.yourGame;
  // A round robin's player who withdraws loses the games left by forfeit: asked first.
  const sure = (verb: string) => verb !== 'withdraw' || e.kind !== 'round-robin' || e.status !== 'started' || confirm(t('tournaments.confirmWithdraw'));
  const button = (verb: 'join' | 'withdraw' | 'start' | 'berserk', key: string, primary = false) =>
    vh(`button${primary ? '.primary' : ''}`, { attrs: { 'data-testid': `tournament-${verb}` }, on: { click: oneAtATime(() => sure(verb) && c.act(verb)) } }, t(key));
  return vh('div.tournament-actions', [
    game ? vh('a.button.primary.your-game', { attrs: { href: `/g/${game}`, 'data-testid': 'your-game' } }, t('tournaments.yourGame')) : '',
    c.canBerserk ? button('berserk', 'tournaments.berserk') : '',
    c.canJoin ? button('join', c.withdrawn ? 'tournaments.joinAgain' : 'tournaments.join', !game) : '',
    c.playing && e.status !== 'finished' ? button('withdraw', e.kind === 'arena' && e.status === 'started' ? 'tournaments.pause' : 'tournaments.withdraw') : '',
    c.made && e.status === 'created' ? button('start', 'tournaments.start', true) : '',
    e.kind === 'swiss' && e.status !== 'created' ? vh('a.button', { attrs: { href: tournamentTrfUrl(e.id), download: `${e.id}.trf`, 'data-testid': 'tournament-trf' } }, t('tournaments.trf')) : '',
    !c.account && e.status !== 'finished' ? vh('p.hint', t('tournaments.logInToJoin')) : '',
    c.playing && e.status === 'created' ? vh('p.hint', { attrs: { 'data-testid': 'tournament-in' } }, t('tournaments.youAreIn')) : '',
    vh('div.error', { attrs: { 'data-testid': 'tournament-error' } }, c.error),
  ]);
}

// The standings: rank, player (withdrawn marked, the viewer's line bold), rating, points, the
// kind's tie-breaks (an arena's sheet, on fire marked), games.
function standings(c: TournamentCtrl): VNode {
  const e = c.event, columns = tieBreakColumns(e.kind);
  const me = c.account?.toLowerCase();
  const row = (s: Standing) => vh(`tr${s.name.toLowerCase() === me ? '.me' : ''}${s.withdrawn ? '.withdrawn' : ''}`, { key: s.name, attrs: { 'data-name': s.name } }, [
    vh('td.num', String(s.rank)),
    vh('td', [playerLinkTree(s.name), s.fire ? vh('span.fire', { attrs: { title: t('tournaments.onFire') } }, ' 🔥') : '', s.withdrawn ? vh('span.hint', t('tournaments.withdrawnMark')) : '']),
    vh('td.num.rating', String(s.rating)),
    vh('td.num.points', { attrs: { 'data-testid': 'points' } }, pointsText(s.points)),
    ...columns.map(([, , cell]) => vh('td.num.tie-break', cell(s))),
    vh('td.num', String(s.games)),
  ]);
  return vh('section.standings', [
    vh('h2', t('tournaments.standings')),
    e.standings.length ? vh('div.table-wrap', [vh('table.ratings.standings-table', [
      vh('thead', [vh('tr', [
        vh('th.num', t('leaderboard.rank')), vh('th', t('common.player')), vh('th.num.rating', t('common.rating')), vh('th.num', t('tournaments.points')),
        ...columns.map(([key, title]) => vh('th.num.tie-break', { attrs: { title: t(title) } }, t(key))),
        vh('th.num', t('common.games')),
      ])]),
      vh('tbody', { attrs: { 'data-testid': 'standings' } }, e.standings.map(row)),
    ])]) : vh('p.hint', t('tournaments.noPlayers')),
  ]);
}

// One pairing: "1. alice – bob 1-0", the result a link to the game; a bye or a round off alone.
function pairingRow(p: Pairing, me: string): VNode {
  const mine = [p.first, p.second].some((n) => n?.toLowerCase() === me);
  const result = p.game ? vh('a', { attrs: { href: `/g/${p.game}`, 'data-testid': 'pairing-game' } }, resultWords(p)) : vh('span.hint', resultWords(p));
  return vh(`li${mine ? '.me' : ''}`, { key: `${p.round}-${p.board}`, attrs: { 'data-game': p.game ?? '', 'data-result': p.result } }, [
    vh('span.board', `${p.board}.`),
    vh('span.pair', p.second ? tParts('tournaments.pair', { first: playerLinkTree(p.first), second: playerLinkTree(p.second) }) : [playerLinkTree(p.first)]),
    vh('span.result', [result]),
  ]);
}

function pairings(c: TournamentCtrl): VNode {
  const by = rounds(c.event), me = c.account?.toLowerCase() ?? '';
  const title = (r: number) => t(c.event.kind === 'arena' ? 'tournaments.wave' : 'tournaments.round', { n: r });
  return vh('section.pairings', [
    vh('h2', t('tournaments.pairings')),
    by.length ? vh('div', { attrs: { 'data-testid': 'pairings' } }, by.map(([r, ps]) => vh('div.round', { key: r, attrs: { 'data-round': r } }, [
      vh('h3', title(r)),
      vh('ol.pairing-list', ps.map((p) => pairingRow(p, me))),
    ]))) : vh('p.hint', t('tournaments.noPairings')),
  ]);
}

export async function tournamentPage(root: HTMLElement, id: string) {
  const [event, account] = await Promise.all([getTournament(id), currentAccount()]);
  let c: TournamentCtrl | undefined;
  const page = view(() => vh('div.tournament-page', !c ? [] : [
    vh('div.connection-lost', { attrs: { role: 'status', hidden: !c.lost } }, c.lost),
    summary(c.event),
    actions(c),
    vh('div.tournament-tables', [standings(c), pairings(c)]),
    vh('p', [vh('a', { attrs: { href: `/tournaments?game=${c.event.game}` } }, t('tournaments.allOf', { game: gameName(c.event.game) }))]),
  ]));
  c = new TournamentCtrl(event, account?.name ?? null, () => {
    setTitle(c?.event.name ?? event.name);
    page.redraw();
  });
  root.replaceChildren(page.el);
  page.redraw();
  c.follow();
  // The countdown, once a second.
  setInterval(() => { if (c!.event.status !== 'finished') page.redraw(); }, 1000);
}
