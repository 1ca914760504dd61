// The safe Markdown subset of ARCHITECTURE.md "Images and rich text", read once into a small tree that the server
// (the page without JavaScript) and the browser both render with the same function (markdownNodes). What it
// reads: paragraphs, line breaks, **bold**, *italic* (or _italic_), [links](https://…) to https and mailto only,
// bullet (- or *) and numbered (1.) lists, and a backslash before a mark to keep it as text. Everything else,
// HTML above all, stays text: nothing here ever makes markup from a string, so the renderer escapes it.
// The scanner is linear: a mark whose closing partner is missing is remembered, so it is never searched again.

/** A run of inline content. */
export type MdInline =
  | { kind: 'text'; text: string }
  | { kind: 'br' }
  | { kind: 'strong' | 'em'; children: MdInline[] }
  | { kind: 'link'; href: string; children: MdInline[] };

/** A block: a paragraph, or a list whose items are runs of inline content. */
export type MdBlock =
  | { kind: 'paragraph'; children: MdInline[] }
  | { kind: 'list'; ordered: boolean; items: MdInline[][] };

/** Bold inside italic inside a link is as deep as marks go; deeper marks stay text. */
const MAX_DEPTH = 3;

const BULLET = /^\s{0,3}[-*]\s+/;
const NUMBERED = /^\s{0,3}\d{1,9}[.)]\s+/;

/** Reads Markdown text into blocks. */
export function parseMarkdown(source: string): MdBlock[] {
  const blocks: MdBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const endParagraph = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join('\n')) });
    paragraph = [];
  };
  const endList = () => {
    if (list) blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map((i) => parseInline(i)) });
    list = null;
  };
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const marker = bullet ?? numbered;
    if (line.trim() === '') {
      endParagraph();
      endList();
    } else if (marker) {
      endParagraph();
      const ordered = numbered !== null;
      if (list && list.ordered !== ordered) endList();
      list ??= { ordered, items: [] };
      list.items.push(line.slice(marker[0].length));
    } else if (list && /^\s+/.test(line)) {
      // An indented line carries on the item above it.
      list.items[list.items.length - 1] += `\n${line.trim()}`;
    } else {
      endList();
      paragraph.push(line);
    }
  }
  endParagraph();
  endList();
  return blocks;
}

/** A link target people may follow: https and mailto only (never javascript:, data: or a relative path). */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  if (/^https:\/\/[^\s/?#]+/i.test(trimmed)) {
    try {
      const url = new URL(trimmed);
      return url.protocol === 'https:' ? url.href : null;
    } catch {
      return null;
    }
  }
  return /^mailto:[^\s@]+@[^\s@]+$/i.test(trimmed) ? trimmed : null;
}

/** Reads the inline marks of one paragraph or list item. */
export function parseInline(text: string, depth = 0): MdInline[] {
  const out: MdInline[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push({ kind: 'text', text: plain });
    plain = '';
  };
  // Marks known to have no closing partner after some point: searching again would make the scan quadratic.
  const missing = new Map<string, number>();
  const closing = (mark: string, from: number) => {
    const known = missing.get(mark);
    if (known !== undefined && known <= from) return -1;
    const at = text.indexOf(mark, from);
    if (at < 0) missing.set(mark, from);
    return at;
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\\' && i + 1 < text.length && '\\*_[]()`'.includes(text[i + 1])) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === '\n') {
      flush();
      out.push({ kind: 'br' });
      i++;
      continue;
    }
    if (depth < MAX_DEPTH && ch === '*' && text[i + 1] === '*') {
      const end = closing('**', i + 2);
      if (end > i + 2) {
        flush();
        out.push({ kind: 'strong', children: parseInline(text.slice(i + 2, end), depth + 1) });
        i = end + 2;
        continue;
      }
    } else if (depth < MAX_DEPTH && (ch === '*' || ch === '_') && text[i + 1] !== ' ' && text[i + 1] !== ch) {
      const end = closing(ch, i + 1);
      if (end > i + 1 && text[end - 1] !== ' ') {
        flush();
        out.push({ kind: 'em', children: parseInline(text.slice(i + 1, end), depth + 1) });
        i = end + 1;
        continue;
      }
    } else if (depth < MAX_DEPTH && ch === '[') {
      const close = closing('](', i + 1);
      const end = close > i ? closing(')', close + 2) : -1;
      const href = end > close ? safeHref(text.slice(close + 2, end)) : null;
      if (href && close > i + 1) {
        flush();
        out.push({ kind: 'link', href, children: parseInline(text.slice(i + 1, close), depth + 1) });
        i = end + 1;
        continue;
      }
    }
    plain += ch;
    i++;
  }
  flush();
  return out;
}

/** Hyperscript as Preact's `h` takes it (the browser's and the server's renderer alike). */
export type Hyperscript<N> = (tag: string, props: Record<string, unknown> | null, ...children: unknown[]) => N;

/** The rendered blocks of `source`, made with `h`: text is only ever a child, so the renderer escapes it. */
export function markdownNodes<N>(source: string, h: Hyperscript<N>): N[] {
  const inline = (nodes: MdInline[]): unknown[] =>
    nodes.map((n) => {
      if (n.kind === 'text') return n.text;
      if (n.kind === 'br') return h('br', null);
      if (n.kind === 'link')
        return h('a', { href: n.href, target: '_blank', rel: 'noopener noreferrer' }, ...inline(n.children));
      return h(n.kind, null, ...inline(n.children));
    });
  return parseMarkdown(source).map((b) =>
    b.kind === 'paragraph'
      ? h('p', null, ...inline(b.children))
      : h(b.ordered ? 'ol' : 'ul', null, ...b.items.map((item) => h('li', null, ...inline(item)))),
  );
}

/** `source` as plain text, marks dropped and links written "text (address)": for mail text and chat messages. */
export function markdownText(source: string): string {
  const inline = (nodes: MdInline[]): string =>
    nodes
      .map((n) =>
        n.kind === 'text'
          ? n.text
          : n.kind === 'br'
            ? '\n'
            : n.kind === 'link'
              ? `${inline(n.children)} (${n.href.replace(/^mailto:/i, '')})`
              : inline(n.children),
      )
      .join('');
  return parseMarkdown(source)
    .map((b) =>
      b.kind === 'paragraph'
        ? inline(b.children)
        : b.items.map((item, i) => `${b.ordered ? `${i + 1}.` : '-'} ${inline(item)}`).join('\n'),
    )
    .join('\n\n');
}
