// Client components rendered to HTML on the server, so a page without script shows the renderer's own
// markup instead of a copy of it. preact-render-to-string escapes every text and attribute value, so
// definition text reaches the page as text (the components never set inner HTML).
import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { loadMarkdown } from '../../../client/renderer/rich-text.ts';

// The Markdown reader (a lazy bundle in the browser) is here before any page renders, so every server-rendered
// text in the subset (descriptions, success and ending messages) reads as the browser shows it.
await loadMarkdown();

/** The HTML of a Preact tree: hooks run once, effects and event handlers are left out. */
export function renderHtml<P>(vnode: VNode<P>): string {
  return renderToString(vnode);
}
