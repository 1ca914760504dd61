// Texts an owner may write in the Markdown subset (shared/text/markdown.ts): the form's and steps'
// descriptions, statements' bodies, the success message and the endings' messages. The reader is a bundle
// of its own, loaded only for forms with a text that has a mark (the hosted page and the embeds load it
// before the first render: prepareForm; the server loads it once, in server/http/pages/render-html.ts).
// Until it is here, and for a text without marks, the text is one paragraph as it is: what the reader
// would make of it too.
import { h, type VNode } from 'preact';
import type { FormDefinition } from '../../shared/definition/schema.ts';
import { allFields } from './engine.ts';
import type { Hyperscript } from '../../shared/text/markdown.ts';

let code: typeof import('../../shared/text/markdown.ts') | undefined;
let loading: Promise<void> | undefined;

/** Anything the reader would turn into more than one plain paragraph (a backslash: an escape). */
const MARKS = /[*_[\\\n]|^\s*(\d+[.)]|-)\s/m;

/** Whether this form has a text with marks and the reader is not here yet. */
export const needsMarkdown = (d: FormDefinition, successMessage?: string): boolean =>
  !code &&
  [
    d.description,
    successMessage,
    ...(d.steps ?? []).map((s) => s.description),
    ...(d.endings ?? []).map((e) => e.message),
    ...allFields(d).map((f) => f.body),
  ].some((text) => text !== undefined && MARKS.test(text));

/** Loads the reader (once). */
export const loadMarkdown = (): Promise<void> => {
  loading ??= import('../../shared/text/markdown.ts').then((m) => {
    code = m;
  });
  return loading;
};

/** A text in the Markdown subset: its paragraphs and lists in one element of `className`. */
export function RichText({ text, className, tabIndex }: { text: string; className: string; tabIndex?: number }) {
  const rich = code && MARKS.test(text);
  return h(
    rich ? 'div' : 'p',
    { class: className, tabIndex },
    rich ? code!.markdownNodes(text, h as Hyperscript<VNode>) : text,
  );
}
