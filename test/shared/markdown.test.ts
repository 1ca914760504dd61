// The Markdown subset in Node: every row of the case table (test/shared/markdown-cases.ts) renders to its HTML
// through Preact's server renderer, the one the pages without JavaScript use; and the plain-text form for mail.
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { markdownNodes, markdownText, parseMarkdown } from '../../shared/text/markdown.ts';
import { markdownCases, unclosedMarks } from './markdown-cases.ts';

const md = suite('markdown');

const html = (source: string) =>
  markdownNodes(source, h as never)
    .map((n) => renderToString(n as never))
    .join('');

md('every row of the case table', () => {
  for (const c of markdownCases) assert.is(html(c.source), c.html, c.name);
});

md('100,000 characters of unclosed marks are read as text', () => {
  const blocks = parseMarkdown(unclosedMarks);
  assert.equal(blocks.length, 1);
  const text = html(unclosedMarks);
  assert.is(text, `<p>${unclosedMarks}</p>`);
});

md('plain text: marks dropped, links with their address, lists with their markers', () => {
  assert.is(
    markdownText('**Thanks**, read [the policy](https://example.com/p).\n\n- one\n- two\n\n1. a\n2. b'),
    'Thanks, read the policy (https://example.com/p).\n\n- one\n- two\n\n1. a\n2. b',
  );
  assert.is(markdownText('[Mail us](mailto:help@example.com)'), 'Mail us (help@example.com)');
  assert.is(markdownText('<b>kept</b>'), '<b>kept</b>');
});

md.run();
