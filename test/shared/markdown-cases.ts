// The Markdown case table (shared/text/markdown.ts): each source and the HTML it must render to, the same in Node
// (test/shared/markdown.test.ts, Preact's server renderer) and in Chromium (test/browser/markdown.test.ts, the
// DOM, compared with `"` and `>` as the DOM writes them). The security rows come first:
// whatever a form's owner (or an agent) writes, no markup is ever made from a string.

/** One row: a name, the Markdown, and the HTML it renders to. */
export interface MarkdownCase {
  name: string;
  source: string;
  html: string;
}

const A = 'target="_blank" rel="noopener noreferrer"';

export const markdownCases: MarkdownCase[] = [
  // Security: HTML and script stay text; only https and mailto links are made.
  {
    name: 'a script tag is text',
    source: '<script>alert(1)</script>',
    html: '<p>&lt;script>alert(1)&lt;/script></p>',
  },
  {
    name: 'an img with onerror is text',
    source: '<img src=x onerror=alert(1)>',
    html: '<p>&lt;img src=x onerror=alert(1)></p>',
  },
  {
    name: 'a javascript: link is text',
    source: '[pay](javascript:alert(1))',
    html: '<p>[pay](javascript:alert(1))</p>',
  },
  {
    name: 'JAVASCRIPT: in capitals is text',
    source: '[x](JAVASCRIPT:alert(1))',
    html: '<p>[x](JAVASCRIPT:alert(1))</p>',
  },
  { name: 'a data: link is text', source: '[x](data:text/html,hi)', html: '<p>[x](data:text/html,hi)</p>' },
  { name: 'a plain http link is text', source: '[x](http://a.example)', html: '<p>[x](http://a.example)</p>' },
  { name: 'a protocol-relative link is text', source: '[x](//evil.example)', html: '<p>[x](//evil.example)</p>' },
  {
    name: 'a quote in a link cannot break out of the attribute',
    source: '[x](https://a.example/"onmouseover="alert(1))',
    html: `<p><a href="https://a.example/%22onmouseover=%22alert(1" ${A}>x</a>)</p>`,
  },
  {
    name: 'HTML inside bold stays text',
    source: '**<b onclick="x()">hi</b>**',
    html: '<p><strong>&lt;b onclick=&quot;x()&quot;>hi&lt;/b></strong></p>',
  },
  { name: 'an entity is shown as typed', source: '&lt;b&gt; &amp;', html: '<p>&amp;lt;b&amp;gt; &amp;amp;</p>' },
  // What it reads.
  { name: 'a paragraph', source: 'Hello there', html: '<p>Hello there</p>' },
  { name: 'two paragraphs', source: 'One\n\nTwo', html: '<p>One</p><p>Two</p>' },
  { name: 'a line break', source: 'One\nTwo', html: '<p>One<br/>Two</p>' },
  {
    name: 'bold and italic',
    source: '**Bold** and *it* and _it_',
    html: '<p><strong>Bold</strong> and <em>it</em> and <em>it</em></p>',
  },
  { name: 'italic inside bold', source: '**a *b* c**', html: '<p><strong>a <em>b</em> c</strong></p>' },
  {
    name: 'an https link opens in a new tab',
    source: 'Read [our policy](https://example.com/privacy).',
    html: `<p>Read <a href="https://example.com/privacy" ${A}>our policy</a>.</p>`,
  },
  {
    name: 'a mailto link',
    source: '[Write to us](mailto:help@example.com)',
    html: `<p><a href="mailto:help@example.com" ${A}>Write to us</a></p>`,
  },
  {
    name: 'bold link text',
    source: '[**Terms**](https://example.com/terms)',
    html: `<p><a href="https://example.com/terms" ${A}><strong>Terms</strong></a></p>`,
  },
  { name: 'a bullet list', source: '- one\n- two\n* three', html: '<ul><li>one</li><li>two</li><li>three</li></ul>' },
  { name: 'a numbered list', source: '1. first\n2. second', html: '<ol><li>first</li><li>second</li></ol>' },
  {
    name: 'a paragraph, then a list, then a paragraph',
    source: 'Before:\n- a\n- b\nAfter',
    html: '<p>Before:</p><ul><li>a</li><li>b</li></ul><p>After</p>',
  },
  { name: 'an indented line carries on its item', source: '- one\n  more', html: '<ul><li>one<br/>more</li></ul>' },
  // Marks that are not marks.
  { name: 'a backslash keeps a star', source: '\\*not italic\\*', html: '<p>*not italic*</p>' },
  { name: 'a lone star', source: '5 * 3 = 15', html: '<p>5 * 3 = 15</p>' },
  { name: 'an unclosed bold', source: '**open', html: '<p>**open</p>' },
  { name: 'snake_case stays', source: 'a_b', html: '<p>a_b</p>' },
  { name: 'a heading mark is text', source: '# Title', html: '<p># Title</p>' },
  { name: 'empty', source: '', html: '' },
];

/** 100,000 characters of links that never close: read in linear time (a quadratic scan would take minutes). */
export const unclosedMarks = `${'[a](x'.repeat(20_000)}**open`;
