// Accessibility of the respondent pages with axe-core in Chromium: no serious or critical violation
// on the hosted page in each of its states (with and without the script), nor on the thanks, report
// and problem pages. Lesser findings are printed for review.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext } from 'playwright-core';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { closePage, launchChromium, screenshot } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

const publish = async (body: Record<string, unknown>, key: string | null = OWNER_KEY) => {
  const r = await call(server.url, 'POST', '/v1/forms', { key: key ?? undefined, body });
  assert.is(r.status, 201, r.text);
  return r.json as { form_id: string };
};

/** Opens a page (optionally without its script, which leaves the server-rendered form). */
async function open(path: string, opts: { script?: boolean } = {}) {
  const page = await context.newPage();
  // Either page script (client/hosted/light/eligible.ts picks light.js or hosted.js).
  if (opts.script === false) await page.route(/\/assets\/(hosted|light)\.js$/, (route) => route.abort());
  await page.goto(`${server.url}${path}`);
  if (opts.script !== false && (await page.locator('#formstead').count()))
    await page.locator('.fs-renderer-host').waitFor();
  return page;
}

const multi = {
  id: 'multi',
  title: 'Multi',
  submit: { label: 'Send' },
  steps: [
    {
      id: 'a',
      title: 'About you',
      description: 'A few questions',
      fields: [
        {
          key: 'kind',
          type: 'radio',
          label: 'You are',
          options: [
            { value: 'p', label: 'A person' },
            { value: 'b', label: 'A business' },
          ],
          validation: { required: true },
        },
        {
          key: 'tags',
          type: 'multiselect',
          label: 'Interests',
          options: [
            { value: 'x', label: 'X' },
            { value: 'y', label: 'Y' },
          ],
          validation: { required: true },
          helperText: 'Pick any',
        },
        { key: 'news', type: 'switch', label: 'Newsletter' },
        { key: 'terms', type: 'checkbox', label: 'I agree', validation: { required: true } },
      ],
      skip: { label: 'Skip' },
    },
    {
      id: 'b',
      title: 'Details',
      fields: [
        { key: 'when', type: 'date', label: 'When' },
        { key: 'at', type: 'datetime', label: 'At' },
        { key: 'count', type: 'number', label: 'How many', inputMode: 'numeric' },
        { key: 'country', type: 'autocomplete', label: 'Country', options: [{ value: 'fr', label: 'France' }] },
        { key: 'cv', type: 'file', label: 'CV', accept: '.pdf' },
        { key: 'pw', type: 'password', label: 'Password' },
        { key: 'phone', type: 'phone', label: 'Phone' },
      ],
    },
  ],
};

const a11y = suite('accessibility (axe-core)');
a11y.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  browser = await launchChromium();
  // No service worker: a page opened before would get its script through it, past the route that blocks it.
  context = await browser.newContext({ bypassCSP: true, serviceWorkers: 'block' });
});
a11y.after(async () => {
  await browser?.close();
  await server.stop();
});

a11y('the hosted single-step form: fresh, with errors, and after success', async () => {
  const { form_id } = await publish({ definition: contactDefinition(), allow_another_response: true });
  const page = await open(`/f/${form_id}`);
  await assertAxe(page, 'single-step');
  await page.getByRole('button', { name: 'Send' }).click();
  await assertAxe(page, 'single-step with errors');
  await page.getByLabel('Name').fill('Ada');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('.fs-success').waitFor();
  await assertAxe(page, 'success');
  await closePage(page);
});

a11y('the hosted multi-step form: every type, errors, the second step', async () => {
  const { form_id } = await publish({ definition: multi });
  const page = await open(`/f/${form_id}`);
  await assertAxe(page, 'multi-step first step');
  await page.getByRole('button', { name: 'Continue' }).click();
  await assertAxe(page, 'multi-step errors');
  await page.getByRole('button', { name: 'Skip' }).click();
  await assertAxe(page, 'multi-step second step');
  await closePage(page);
});

a11y('without the script: the server-rendered single- and multi-step forms', async () => {
  const single = await publish({ definition: contactDefinition() });
  let page = await open(`/f/${single.form_id}`, { script: false });
  assert.is(await page.locator('.fs-renderer-host').count(), 0);
  await assertAxe(page, 'no-JS single-step');
  await closePage(page);
  const steps = await publish({ definition: multi });
  page = await open(`/f/${steps.form_id}`, { script: false });
  await assertAxe(page, 'no-JS multi-step');
  await closePage(page);
});

a11y('unclaimed banner, paused notice, embed view, thanks, report and problem pages', async () => {
  const unclaimed = await publish({ definition: contactDefinition() }, null);
  const pages: [string, string][] = [
    [`/f/${unclaimed.form_id}`, 'unclaimed'],
    [`/f/${unclaimed.form_id}?embed=1`, 'embed view'],
    [`/f/${unclaimed.form_id}/thanks`, 'thanks'],
    [`/f/${unclaimed.form_id}/report`, 'report'],
  ];
  for (const [path, what] of pages) {
    const page = await open(path);
    await assertAxe(page, what);
    await screenshot(page, `page-${what.replace(/\W+/g, '-')}`);
    await closePage(page);
  }
  const paused = await publish({ definition: contactDefinition() });
  await call(server.url, 'PATCH', `/v1/forms/${paused.form_id}`, { key: OWNER_KEY, body: { status: 'paused' } });
  const page = await open(`/f/${paused.form_id}`);
  await assertAxe(page, 'paused');
  const problems = await context.request.post(`${server.url}/v1/f/${unclaimed.form_id}`, {
    headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
    data: 'name=&email=x',
  });
  assert.is(problems.status(), 422);
  await page.setContent(await problems.text());
  await assertAxe(page, 'problem page');
  await closePage(page);
});

a11y('the sign-in page follows dark mode like the panel it leads to, and stays axe clean', async () => {
  for (const colorScheme of ['dark', 'light'] as const) {
    const themed = await browser.newContext({ bypassCSP: true, colorScheme, viewport: { width: 390, height: 844 } });
    const page = await themed.newPage();
    await page.goto(`${server.url}/admin/login`);
    const [bg, input] = await page.evaluate(() => [
      getComputedStyle(document.documentElement).backgroundColor,
      getComputedStyle(document.querySelector('input')!).backgroundColor,
    ]);
    const expected =
      colorScheme === 'dark' ? ['rgb(15, 18, 22)', 'rgb(16, 20, 26)'] : ['rgb(255, 255, 255)', 'rgb(255, 255, 255)'];
    assert.equal([bg, input], expected, `${colorScheme}: the page and its inputs`);
    await assertAxe(page, `sign-in ${colorScheme}`);
    await screenshot(page, `page-sign-in-${colorScheme}`);
    await themed.close();
  }
});

a11y.run();
