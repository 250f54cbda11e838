// The parts of a page that are drawn again as their data changes (the move list, the lobby, the
// chat, the analysis lines, the game's actions and offers, the account corner) are snabbdom
// trees: a render function of the state gives the tree, and patching it changes only the nodes
// that differ. snabbdom rather than Preact: lishogi draws its pages with it beside shogiground
// (and lichess beside chessground), it is a few kilobytes with no components or hooks to learn,
// and it patches only the elements it made, so the boards' own DOM, which shogiground and
// chessgroundx keep, is never touched. Text goes in as text nodes, never as markup.
import {
  attributesModule, classModule, datasetModule, eventListenersModule, h, init, propsModule, styleModule, type VNode,
} from 'snabbdom';

export { h, type VNode };

const patch = init([classModule, propsModule, attributesModule, styleModule, datasetModule, eventListenersModule]);

export interface View {
  el: HTMLElement;    // the root, made by the first render: the page places it once
  redraw(): void;     // renders again and patches `el` in place
}

// A view over `render`, whose root must keep its tag and classes (its selector) from one render
// to the next, so that `el` stays the element on the page.
export function view(render: () => VNode): View {
  let vnode = patch(document.createElement('div'), render());
  return {
    el: vnode.elm as HTMLElement,
    redraw: () => { vnode = patch(vnode, render()); },
  };
}

// An element drawn once from a tree (an SVG symbol).
export const toElement = (tree: VNode) => view(() => tree).el;
