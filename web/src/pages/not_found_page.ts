// The site's own 404 page: the server sends it (with status 404) for any path that is not a page.
import { h } from '../widgets/dom';

export async function notFoundPage(root: HTMLElement) {
  root.replaceChildren(h('section', { class: 'not-found', 'data-testid': 'not-found' },
    h('h2', {}, 'Page not found'),
    h('p', {}, `There is no page at ${location.pathname}.`),
    h('p', {}, h('a', { href: '/' }, 'Play a game'), ' · ', h('a', { href: '/puzzles/chushogi' }, 'Solve puzzles'), ' · ',
      h('a', { href: '/editor' }, 'Set up a position'))));
}
