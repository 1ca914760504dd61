// What the hosted page fetches, in Chromium: a plain form gets the light script and form.css and nothing else
// (docs/performance.md "The hosted page as a browser loads it"); a form with conditions and a rating gets,
// on the renderer's page (a Cancel button keeps it there), the conditions' code (/assets/conditions.js) and
// the point types' module (/assets/type-points.js) before its first render, and on the light page the
// rating's rule (/assets/light-cores.js) and the steps and conditions (/assets/light-steps.js, the
// conditions' code in it); on both the condition shows its field, the rating's own rule refuses nothing it
// should accept, and the answer is stored. A form with two types' modules fetches them as one group
// (/assets/group~type-matrix~type-points.js).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { closePage, launchChromium, pageErrors } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;

const plain = {
  id: 'plain',
  title: 'Plain',
  submit: { label: 'Send' },
  fields: [{ key: 'name', type: 'text', label: 'Name', validation: { required: true } }],
};

const survey = {
  id: 'conditional',
  title: 'Conditional',
  submit: { label: 'Send' },
  fields: [
    { key: 'stars', type: 'rating', label: 'Rate us', scale: { max: 5 }, validation: { required: true } },
    { key: 'why', type: 'text', label: 'What went wrong?', show: [{ field: 'stars', lt: 3 }] },
  ],
};

/** Opens a form's hosted page, collecting the paths of the scripts and style sheets it requests. */
async function open(id: string): Promise<{ page: Page; fetched: string[]; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (['script', 'stylesheet'].includes(r.resourceType())) fetched.push(new URL(r.url()).pathname);
  });
  const errors = pageErrors(page);
  await page.goto(`${server.url}/f/${id}`);
  await page.locator('.fs-renderer-host').waitFor();
  return { page, fetched, errors };
}

const publish = async (definition: unknown) =>
  (await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition } })).json.form_id as string;

const onDemand = suite('code loaded on demand by the hosted page');
onDemand.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  browser = await launchChromium();
});
onDemand.after(async () => {
  await browser?.close();
  await server?.stop();
});

onDemand('a plain form fetches the light script and form.css alone, and still asks for a required answer', async () => {
  const { page, fetched, errors } = await open(await publish(plain));
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('.fs-error').first().waitFor();
  await page.getByLabel('Name').fill('Ada');
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.status() === 201),
    page.getByRole('button', { name: 'Send' }).click(),
  ]);
  await page.waitForLoadState('networkidle');
  assert.equal([...new Set(fetched)].sort(), ['/assets/form.css', '/assets/light.js']);
  assert.equal(errors, []);
  await closePage(page);
});

/** On the renderer's page: a Cancel button is one of what keeps a form off the light page (light/eligible.ts). */
const onRenderer = (definition: Record<string, unknown>) => ({ ...definition, cancel: { label: 'Clear' } });

for (const [where, definition, files] of [
  ['the renderer page', onRenderer(survey), ['/assets/conditions.js', '/assets/type-points.js']],
  ['the light page', survey, ['/assets/light-cores.js', '/assets/light-steps.js']],
] as const)
  onDemand(`conditions and a rating arrive with their code, before the first render: ${where}`, async () => {
    const id = await publish(definition);
    const { page, fetched, errors } = await open(id);
    for (const file of files) assert.ok(fetched.includes(file), file);
    // The condition reads the rating: hidden until a low score, shown by it.
    assert.not.ok(await page.getByLabel('What went wrong?').isVisible());
    await page.getByRole('radio', { name: '2 of 5' }).check();
    await page.getByLabel('What went wrong?').fill('Slow');
    await page.getByRole('radio', { name: '4 of 5' }).check();
    await page.getByLabel('What went wrong?').waitFor({ state: 'hidden' });
    const [sent] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/v1/f/${id}`)),
      page.getByRole('button', { name: 'Send' }).click(),
    ]);
    assert.is(sent.status(), 201);
    const stored = await call(server.url, 'GET', `/v1/forms/${id}/submissions`, { key: OWNER_KEY });
    assert.equal(stored.json.submissions[0].values, { stars: 4 });
    assert.equal(errors, []);
    await closePage(page);
  });

onDemand('the modules of two types come as one group, and both controls answer', async () => {
  const id = await publish({
    ...onRenderer(survey),
    id: 'grouped',
    fields: [
      ...survey.fields,
      {
        key: 'grid',
        type: 'matrix',
        label: 'How was it',
        matrix: {
          rows: [{ value: 'speed', label: 'Speed' }],
          columns: [
            { value: 'bad', label: 'Bad' },
            { value: 'good', label: 'Good' },
          ],
        },
      },
    ],
  });
  const { page, fetched, errors } = await open(id);
  const types = fetched.filter((path) => /type-|group~/.test(path));
  assert.equal(types, ['/assets/group~type-matrix~type-points.js']);
  await page.getByRole('radio', { name: '5 of 5' }).check();
  await page.getByRole('radiogroup', { name: 'Speed' }).getByRole('radio', { name: 'Good' }).check();
  const [sent] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/v1/f/${id}`)),
    page.getByRole('button', { name: 'Send' }).click(),
  ]);
  assert.is(sent.status(), 201);
  const stored = await call(server.url, 'GET', `/v1/forms/${id}/submissions`, { key: OWNER_KEY });
  assert.equal(stored.json.submissions[0].values, { stars: 5, grid: { speed: 'good' } });
  assert.equal(errors, []);
  await closePage(page);
});

onDemand.run();
