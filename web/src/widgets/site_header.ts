// The site's header in the page's language: the links of index.html's nav written anew from the
// catalog (index.html keeps English for the moment before the script runs), and the language
// menu, whose choice a logged-in player's account keeps too.
import { currentAccount, setPreferences } from '../api/client';
import { t } from '../i18n';
import { languageMenu } from '../i18n/language_menu';
import { h } from './dom';

// The nav's links by address, as index.html has them.
const LINKS: [string, string][] = [
  ['/', 'header.newGame'], ['/analysis', 'header.analysis'], ['/editor', 'header.editor'], ['/print', 'header.print'],
  ['/learn/chushogi', 'header.learn'], ['/puzzles/chushogi', 'header.puzzles'], ['/players', 'header.players'],
  ['/tournaments', 'header.tournaments'],
];

export function siteHeader(header: HTMLElement) {
  header.querySelector('nav')?.replaceChildren(...LINKS.map(([href, key]) => h('a', { href, 'data-testid': `nav-${key.slice('header.'.length)}` }, t(key))));
  const loading = document.querySelector('[data-testid=loading]');
  if (loading) loading.textContent = t('header.loading');
  header.append(languageMenu(async (language) => {
    if (await currentAccount()) await setPreferences({ language }).catch(() => undefined);
  }));
}
