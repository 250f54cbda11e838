// "Your game has begun": under every page's header, while the logged-in player has an unfinished
// game in a started tournament and is on neither that game's page nor the event's, a line linking
// to it.
//
// How the page learns of it: GET /api/account/tournaments lists the events the account plays in,
// each with its game under way, whichever device joined them. Each page asks once as it loads,
// and again every 30 s only while the answer lists an event, so a player in no event costs the
// server one small query a page; one who joins an event on another device sees the notice on
// this one from the next page they open.
import { myTournaments } from '../api/client';
import { t, tParts } from '../i18n';
import { h } from './dom';

const EVERY_MS = 30000;

export function tournamentNotice(header: HTMLElement) {
  const box = h('div', { class: 'tournament-notice', 'data-testid': 'tournament-notice', role: 'status', hidden: '' });
  header.after(box);
  const here = location.pathname;
  const check = async (): Promise<boolean> => {
    const mine = await myTournaments().catch(() => null);
    if (!mine) return true;  // a lost connection: ask again later
    // The event whose page this is shows the game itself, and follows its own stream.
    const games = mine.tournaments.filter((e) => e.your_game && here !== `/t/${e.id}` && here !== `/g/${e.your_game}`);
    box.replaceChildren(...games.map((e) => h('div', { class: 'notice' },
      h('span', {}, ...tParts('tournaments.gameBegun', { name: h('a', { href: `/t/${e.id}` }, e.name) })),
      h('a', { class: 'button primary', href: `/g/${e.your_game}`, 'data-testid': 'notice-game' }, t('tournaments.toYourGame')))));
    box.hidden = games.length === 0;
    return mine.tournaments.length > 0;
  };
  const loop = async () => {
    if (await check()) setTimeout(loop, EVERY_MS);
  };
  void loop();
}
