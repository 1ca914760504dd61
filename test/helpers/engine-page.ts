// The built browser engine (dist/engine.mjs) in Chromium, for the case tables that must answer the same in
// Node and in a browser: a page under the hosted page's strict CSP imports the engine, checks and evaluates
// each row, and hands back what it found. Run `node scripts/build.mjs` first.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { closePage, launchChromium, pageErrors } from './browser.ts';

/** One row to run: a definition and raw values, coerced as a post without JavaScript when `coerce`. */
export interface EngineRow {
  definition: unknown;
  values: unknown;
  coerce?: boolean;
}

/** What the browser's engine said of a row: the definition's check problems, and the evaluation. */
export interface EngineResult {
  checkProblems: string[];
  problems: string[];
  values: Record<string, unknown>;
}

/** A Chromium with a page that serves dist/engine.mjs; `run` evaluates rows there, `close` ends it. */
export async function engineInChromium() {
  const code = await readFile(path.resolve(import.meta.dirname, '../../dist/engine.mjs'), 'utf8');
  const server = http.createServer((req, res) => {
    if (req.url === '/engine.mjs') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      return res.end(code);
    }
    // The same strict CSP as the hosted page's scripts: no eval, no inline script.
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "script-src 'self'" });
    res.end('<!doctype html><title>engine</title>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser: Browser = await launchChromium();

  /** Every row through the browser's checkDefinition and evaluateSubmission; page errors fail the run. */
  async function run(rows: readonly EngineRow[]): Promise<EngineResult[]> {
    const page = await browser.newPage();
    const errors = pageErrors(page);
    await page.goto(`${base}/`);
    const results = await page.evaluate(async (list) => {
      const m = await import('/engine.mjs' as string);
      return list.map((row) => {
        const checked = m.checkDefinition(row.definition);
        const out = m.evaluateSubmission(row.definition, row.values, { coerceFormStrings: row.coerce === true });
        return { checkProblems: checked.problems ?? [], problems: out.problems, values: out.values };
      });
    }, rows as EngineRow[]);
    await closePage(page);
    if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
    return results;
  }

  async function close() {
    await browser.close();
    await new Promise((r) => server.close(r));
  }
  return { run, close };
}
