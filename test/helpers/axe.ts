// axe-core in a Chromium page for the browser suites: fails on serious or critical violations, and
// prints the lesser ones for review (the runner shows a file's output when it fails).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';

let source: string | undefined;

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[] }[];
}

/** What a suite asks beyond the serious and critical findings. */
export interface AxeOptions {
  /** Also fail on a page without its h1: page-has-heading-one is only "moderate" to axe. */
  headingOne?: boolean;
}

/**
 * Runs axe on the page and asserts no serious or critical finding. axe is injected once per page through
 * the DevTools protocol, as the pages' CSP allows no inline script (suites open contexts with bypassCSP).
 */
export async function assertAxe(page: Page, what: string, options: AxeOptions = {}) {
  source ??= await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  const rules = options.headingOne ? { 'page-has-heading-one': { enabled: true } } : {};
  const violations = (await page.evaluate(
    (rules) => (window as any).axe.run(document, { resultTypes: ['violations'], rules }).then((r: any) => r.violations),
    rules,
  )) as Violation[];
  const line = (v: Violation) =>
    `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`;
  const blocking = violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || (options.headingOne && v.id === 'page-has-heading-one'),
  );
  for (const v of violations.filter((x) => !blocking.includes(x))) console.log(`  [axe, ${what}] ${line(v)}`);
  assert.equal(blocking.map(line), [], what);
}
