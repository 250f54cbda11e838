// The site's own 404 page: the server sends it (with status 404) for any path that is not a page.
import { t } from '../i18n';
import { h } from '../widgets/dom';

export async function notFoundPage(root: HTMLElement) {
  root.replaceChildren(h('section', { class: 'not-found', 'data-testid': 'not-found' },
    h('h2', {}, t('notFound.title')),
    h('p', {}, t('notFound.text', { path: location.pathname })),
    h('p', {}, h('a', { href: '/' }, t('notFound.play')), ' · ', h('a', { href: '/puzzles/chushogi' }, t('notFound.solve')), ' · ',
      h('a', { href: '/editor' }, t('notFound.setUp')))));
}
