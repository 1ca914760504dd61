// The Markdown case table (test/shared/markdown-cases.ts) in Chromium: the same module, bundled as the pages
// bundle it, rendered by Preact into the DOM. Every row gives the HTML Node gives (written as the DOM writes it),
// and no row makes an element outside the subset or an attribute outside href, target and rel.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { closePage, launchChromium, pageErrors } from '../helpers/browser.ts';
import { markdownCases } from '../shared/markdown-cases.ts';

let browser: Browser;
let server: http.Server;
let base: string;

const entry = `
import { h, render } from 'preact';
import { markdownNodes } from './shared/text/markdown.ts';
window.renderMarkdown = (source) => {
  const box = document.createElement('div');
  render(h('div', null, ...markdownNodes(source, h)), box);
  return box.firstChild.innerHTML;
};`;

const md = suite('markdown in Chromium');
md.before(async () => {
  const bundled = await build({
    stdin: { contents: entry, resolveDir: path.resolve(import.meta.dirname, '../..'), loader: 'ts' },
    bundle: true,
    format: 'iife',
    write: false,
  });
  const code = bundled.outputFiles[0].text;
  server = http.createServer((req, res) => {
    if (req.url === '/markdown.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      return res.end(code);
    }
    // The hosted page's strict script policy: nothing inline runs.
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "script-src 'self'" });
    res.end('<!doctype html><title>markdown</title><script src="/markdown.js"></script>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});
md.after(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
});

/** The HTML as the DOM serializes it: `"` and `>` unescaped in text, `<br>` without a slash. */
const asDom = (html: string) => html.replace(/&quot;/g, '"').replace(/<br\/>/g, '<br>');

md('every row renders in the DOM as in Node, and nothing outside the subset is made', async () => {
  const page = await browser.newPage();
  const errors = pageErrors(page);
  await page.goto(`${base}/`);
  const out = await page.evaluate(
    (sources) => {
      const allowed = new Set(['P', 'BR', 'STRONG', 'EM', 'A', 'UL', 'OL', 'LI']);
      return sources.map((source) => {
        const html = (window as unknown as { renderMarkdown(s: string): string }).renderMarkdown(source);
        const box = document.createElement('div');
        box.innerHTML = html;
        const strays = [...box.querySelectorAll('*')].flatMap((el) => [
          ...(allowed.has(el.tagName) ? [] : [el.tagName]),
          ...[...el.attributes].map((a) => a.name).filter((n) => !['href', 'target', 'rel'].includes(n)),
        ]);
        return { html: html.replace(/&gt;/g, '>'), strays };
      });
    },
    markdownCases.map((c) => c.source),
  );
  markdownCases.forEach((c, i) => {
    assert.is(out[i].html, asDom(c.html), c.name);
    assert.equal(out[i].strays, [], c.name);
  });
  assert.equal(errors, []);
  await closePage(page);
});

md.run();
