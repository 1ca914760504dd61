// The formula case table (test/shared/calc-cases.ts) in Chromium, against the built dist/engine.mjs (the
// engine browsers run): every row must give the result the table expects, the same as in Node
// (test/shared/calc.test.ts). Run `node scripts/build.mjs` first.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { evaluateSubmission } from '../../shared/engine/index.ts';
import { closePage, launchChromium, pageErrors } from '../helpers/browser.ts';
import { calcCases, caseDefinition, caseValues } from '../shared/calc-cases.ts';

let browser: Browser;
let server: http.Server;
let base: string;

const engine = suite('calculations in Chromium (dist/engine.mjs)');
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

engine('every row of the case table gives the same result in the browser as in Node', async () => {
  const page = await browser.newPage();
  const errors = pageErrors(page);
  await page.goto(`${base}/`);
  const rows = calcCases.map((c) => ({ definition: caseDefinition(c.formula), values: caseValues(c) }));
  const results = await page.evaluate(async (list) => {
    const m = await import('/engine.mjs' as string);
    return list.map((row) => {
      const checked = m.checkDefinition(row.definition);
      const out = m.evaluateSubmission(row.definition, row.values);
      return { valid: 'definition' in checked, problems: out.problems, r: out.values.r };
    });
  }, rows);
  assert.is(results.length, calcCases.length);
  calcCases.forEach((c, i) => {
    assert.ok(results[i].valid, c.formula);
    assert.equal(results[i].problems, [], c.formula);
    assert.is(results[i].r, c.expect, `${c.formula} in Chromium`);
    assert.is(results[i].r, evaluateSubmission(caseDefinition(c.formula), caseValues(c)).values.r, c.formula);
  });
  assert.equal(errors, []);
  await closePage(page);
});

engine.run();
