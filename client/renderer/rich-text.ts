// Texts an owner may write in the Markdown subset (shared/text/markdown.ts): the form's and steps'
// descriptions, the success message and the endings' messages. The reader is a bundle of its own, loaded only
// for forms with a text that has a mark (the hosted page and the embeds load it before the first render:
// prepareForm; the server loads it before it renders a page). Until it is here, and for a text without marks,
// the text is one paragraph as it is: what the reader would make of it too.
import { h, type VNode } from 'preact';
import type { FormDefinition } from '../../shared/definition/schema.ts';
import { html } from './html.ts';

import type { Hyperscript } from '../../shared/text/markdown.ts';

let code: typeof import('../../shared/text/markdown.ts') | undefined;
let loading: Promise<void> | undefined;

/** Whether a text has anything the reader would turn into more than one plain paragraph. */
export const hasMarks = (text: string): boolean => /[*_[\\\n]|^\s*\d+[.)]\s|^\s*-\s/.test(text);

/** The texts of a definition (and the success message after it) that may hold Markdown. */
function richTexts(definition: FormDefinition, successMessage?: string): string[] {
  return [
    definition.description,
    ...(definition.steps ?? []).map((s) => s.description),
    successMessage,
    ...(definition.endings ?? []).map((e) => e.message),
  ].filter((t): t is string => typeof t === 'string');
}

/** Whether this form has a text with marks and the reader is not here yet. */
export const needsMarkdown = (definition: FormDefinition, successMessage?: string): boolean =>
  !code && richTexts(definition, successMessage).some(hasMarks);

/** Loads the reader (once). */
export const loadMarkdown = (): Promise<void> => {
  loading ??= import('../../shared/text/markdown.ts').then((m) => {
    code = m;
  });
  return loading;
};

/** A text in the Markdown subset: its paragraphs and lists in one element of `className`. */
export function RichText({ text, className, tabIndex }: { text: string; className: string; tabIndex?: number }) {
  if (!code || !hasMarks(text)) return html`<p class=${className} tabindex=${tabIndex}>${text}</p>`;
  return h('div', { class: className, tabIndex }, ...code.markdownNodes(text, h as Hyperscript<VNode>));
}
