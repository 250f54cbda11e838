// "Your game has begun": under every page's header, while the logged-in player has an unfinished
// game in a started tournament and is on neither that game's page nor the event's, a line linking
// to it.
//
// How the page learns of it: nothing the server sends today says which events an account plays
// in (the account's stream carries challenges only; /api/account/games?turn=mine lists the games
// where it is the player's move, not those where the opponent moves first, and names no
// tournament; GET /api/tournaments lists events without their players). So this browser keeps,
// per account, the events the player joined here or whose page showed them in the standings
// (rememberTournament), and asks GET /api/tournaments/ID of each of those every 30 s, only while
// logged in and only while there is one; finished events are forgotten. A player in no event
// costs the server nothing. What it misses: an event joined on another device whose page was never
// opened on this one. A server-side list of the account's events (a field of the account's
// stream, say) would close that gap.
import { getTournament } from '../api/client';
import type { TournamentEvent } from '../api/types';
import { t, tParts } from '../i18n';
import { currentGameOf } from '../model/tournaments';
import { tournamentsKey } from '../model/storage_keys';
import { h } from './dom';

const EVERY_MS = 30000;

const known = (account: string): string[] => {
  try {
    const ids = JSON.parse(localStorage.getItem(tournamentsKey(account)) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id) => typeof id === 'string') : [];
  } catch {
    return [];
  }
};
const keep = (account: string, ids: string[]) => localStorage.setItem(tournamentsKey(account), JSON.stringify(ids.slice(-20)));

// The event `id` is one the player plays in (or played: finished ones are dropped when seen).
export function rememberTournament(account: string, id: string) {
  const ids = known(account);
  if (!ids.includes(id)) keep(account, [...ids, id]);
}
export function forgetTournament(account: string, id: string) {
  keep(account, known(account).filter((x) => x !== id));
}

export function tournamentNotice(header: HTMLElement, account: string) {
  const box = h('div', { class: 'tournament-notice', 'data-testid': 'tournament-notice', role: 'status', hidden: '' });
  header.after(box);
  const here = location.pathname;
  const check = async () => {
    const games: [TournamentEvent, string][] = [];
    // The event whose page this is shows the game itself, and follows its own stream.
    for (const id of known(account).filter((x) => here !== `/t/${x}`)) {
      const e = await getTournament(id).catch(() => null);
      if (!e) continue;
      if (e.status === 'finished') forgetTournament(account, id);
      const game = currentGameOf(e, account);
      if (game && here !== `/g/${game}`) games.push([e, game]);
    }
    box.replaceChildren(...games.map(([e, game]) => h('div', { class: 'notice' },
      h('span', {}, ...tParts('tournaments.gameBegun', { name: h('a', { href: `/t/${e.id}` }, e.name) })),
      h('a', { class: 'button primary', href: `/g/${game}`, 'data-testid': 'notice-game' }, t('tournaments.toYourGame')))));
    box.hidden = games.length === 0;
  };
  const loop = async () => {
    if (known(account).length) await check();
    setTimeout(loop, EVERY_MS);
  };
  void loop();
}
