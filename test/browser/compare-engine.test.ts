// The comparison case table (test/shared/compare-cases.ts) in Chromium, against the built dist/engine.mjs
// (the engine browsers run): every row must match as the table says, the same as in Node
// (test/shared/compare.test.ts). Run `node scripts/build.mjs` first.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { evaluateSubmission } from '../../shared/engine/index.ts';
import { closePage, launchChromium, pageErrors } from '../helpers/browser.ts';
import { compareCases, compareDefinition, compareValues, matched } from '../shared/compare-cases.ts';

let browser: Browser;
let server: http.Server;
let base: string;

const engine = suite('gt, gte, lt, lte in Chromium (dist/engine.mjs)');
engine.before(async () => {
  const code = await readFile(path.resolve(import.meta.dirname, '../../dist/engine.mjs'), 'utf8');
  server = http.createServer((req, res) => {
    if (req.url === '/engine.mjs') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      return res.end(code);
    }
    // A page with the same strict CSP as the hosted page's scripts: no eval, no inline script.
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "script-src 'self'",
    });
    res.end('<!doctype html><title>engine</title>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});
engine.after(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
});

engine('every row of the comparison table matches in the browser as in Node and as the table says', async () => {
  const page = await browser.newPage();
  const errors = pageErrors(page);
  await page.goto(`${base}/`);
  const rows = compareCases.map((c) => ({ definition: compareDefinition(c), values: compareValues(c) }));
  const results = await page.evaluate(async (list) => {
    const m = await import('/engine.mjs' as string);
    return list.map((row) => ({
      valid: 'definition' in m.checkDefinition(row.definition),
      values: m.evaluateSubmission(row.definition, row.values).values,
    }));
  }, rows);
  assert.is(results.length, compareCases.length);
  compareCases.forEach((c, i) => {
    const row = JSON.stringify(c);
    assert.ok(results[i].valid, row);
    assert.is(matched(results[i].values), c.expect, `${row} in Chromium`);
    assert.is(matched(evaluateSubmission(compareDefinition(c), compareValues(c)).values), c.expect, row);
  });
  assert.equal(errors, []);
  await closePage(page);
});

engine.run();
