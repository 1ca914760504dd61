// axe-core in a Chromium page for the panel suites: fails on serious or critical violations.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';

let source: string | undefined;

/** Runs axe on the page (injecting it once; the context needs bypassCSP) and asserts no serious or critical finding. */
export async function assertAxe(page: Page, what: string) {
  source ??= await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  const violations = (await page.evaluate(() => (window as any).axe.run(document, { resultTypes: ['violations'] }).then((r: any) => r.violations))) as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.equal(blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`), [], what);
}
