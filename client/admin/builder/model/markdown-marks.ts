// The Markdown buttons' edits (bold, italic, link, bullet and numbered list) as pure functions of the text
// and its selection: each answers the new text and the selection to put back, so the textarea keeps the
// focus with the caret where typing goes on (inside the marks, or on the link's address).

/** A mark the buttons add. */
export type Mark = 'bold' | 'italic' | 'link' | 'bullets' | 'numbers';

/** The text after a mark, and the selection to restore (start..end). */
export interface Marked {
  text: string;
  start: number;
  end: number;
}

/** What a link button puts where nothing is selected (selected, so typing replaces it). */
export const LINK_TEXT = 'link text';
/** The start of a link's address (selected after the link is made, so typing replaces it). */
export const LINK_ADDRESS = 'https://';

/** Wraps start..end in `mark` on both sides; an empty selection leaves the caret between the marks. */
function wrap(text: string, start: number, end: number, mark: string): Marked {
  const inner = text.slice(start, end);
  // Already wrapped (the marks just outside the selection): the button takes them off again. Italic's one
  // star beside bold's two is bold, not italic.
  const starOfBold = mark === '*' && text[start - 2] === '*' && text[end + 1] === '*';
  if (!starOfBold && text.slice(start - mark.length, start) === mark && text.slice(end, end + mark.length) === mark)
    return {
      text: text.slice(0, start - mark.length) + inner + text.slice(end + mark.length),
      start: start - mark.length,
      end: end - mark.length,
    };
  return {
    text: text.slice(0, start) + mark + inner + mark + text.slice(end),
    start: start + mark.length,
    end: end + mark.length,
  };
}

/** `[selection](https://)` with the address selected; without a selection, "link text" is selected. */
function link(text: string, start: number, end: number): Marked {
  const label = text.slice(start, end);
  if (label === '') {
    const piece = `[${LINK_TEXT}](${LINK_ADDRESS})`;
    return {
      text: text.slice(0, start) + piece + text.slice(end),
      start: start + 1,
      end: start + 1 + LINK_TEXT.length,
    };
  }
  const piece = `[${label}](${LINK_ADDRESS})`;
  const at = start + label.length + 3;
  return { text: text.slice(0, start) + piece + text.slice(end), start: at, end: at + LINK_ADDRESS.length };
}

/** Every line the selection touches starts with "- " (or "1. ", "2. " …); the whole lines stay selected. */
function list(text: string, start: number, end: number, ordered: boolean): Marked {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const next = text.indexOf('\n', end > start && text[end - 1] === '\n' ? end - 1 : end);
  const to = next < 0 ? text.length : next;
  const lines = text.slice(from, to).split('\n');
  const marked = /^(\s*)(?:[-*]|\d{1,9}[.)])\s+/;
  // All already in a list of this kind: the button takes the markers off.
  const same = ordered ? /^\s*\d{1,9}[.)]\s+/ : /^\s*[-*]\s+/;
  const off = lines.every((l) => same.test(l));
  const out = lines.map((l, i) => {
    const bare = l.replace(marked, '$1');
    return off ? bare : `${ordered ? `${i + 1}.` : '-'} ${bare}`;
  });
  // A list needs a blank line before it when it follows a paragraph.
  const before = text.slice(0, from);
  const gap = !off && before !== '' && !before.endsWith('\n\n') ? '\n' : '';
  const body = out.join('\n');
  const head = before + gap;
  // An empty line made into an item leaves the caret after its marker, where its text goes.
  const caretOnly = start === end && lines.length === 1;
  return {
    text: head + body + text.slice(to),
    start: caretOnly ? head.length + body.length : head.length,
    end: head.length + body.length,
  };
}

/** The text with `mark` applied to the selection start..end. */
export function applyMark(text: string, start: number, end: number, mark: Mark): Marked {
  const a = Math.max(0, Math.min(start, text.length));
  const b = Math.max(a, Math.min(end, text.length));
  switch (mark) {
    case 'bold':
      return wrap(text, a, b, '**');
    case 'italic':
      return wrap(text, a, b, '*');
    case 'link':
      return link(text, a, b);
    default:
      return list(text, a, b, mark === 'numbers');
  }
}
