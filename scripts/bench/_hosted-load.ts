// What a browser really fetches for the hosted page of a form: Debian's Chromium (through playwright-core,
// test/helpers/browser.ts) opens /f/{id} on the bundle, a person answers and sends, and every script and
// style sheet it requested meanwhile (the modules it fetches on demand included) is counted, each gzipped
// (level 9) as one file. Four forms: a plain contact form (none of the wave-4 types: issue 37's 20 KB; it
// gets the light page), a survey with every wave-4 type (26 KB; the light page since session 5, its ranking
// and signature as islands, /assets/light-islands.js), two steps with a condition (no wave-4 type: 20 KB as
// well; the light page with /assets/light-steps.js since session 6), and, listed without a budget of its
// own, the survey without its ranking and signature (the light page without islands: what the islands add
// is the difference of the two survey lines).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchChromium } from '../../test/helpers/browser.ts';
import { OWNER_KEY, publish, startBundle } from './_http.ts';

/** A plain contact form: none of the wave-4 question types. */
const contactForm = {
  id: 'contact',
  title: 'Contact us',
  submit: { label: 'Send' },
  fields: [
    { key: 'name', type: 'text', label: 'Your name', validation: { required: true } },
    { key: 'email', type: 'email', label: 'Email', validation: { required: true } },
    { key: 'message', type: 'textarea', label: 'Message', validation: { required: true } },
  ],
};

const choices = (...labels: string[]) => labels.map((label) => ({ value: label.toLowerCase(), label }));

/**
 * A survey with every wave-4 type, none required (it is sent as the person leaves it, so the count does
 * not depend on how each type is answered). The picture choice's images are uploaded to the form before
 * it is published with them (`/i/<value>` stands for the upload); their bytes are not counted (only
 * scripts and style sheets are).
 */
const waveFourSurvey = {
  id: 'survey',
  title: 'How did we do?',
  submit: { label: 'Send' },
  fields: [
    { key: 'intro', type: 'statement', label: 'Three minutes', body: 'Your answers help us **improve**.' },
    { key: 'nps', type: 'nps', label: 'How likely are you to recommend us?' },
    { key: 'stars', type: 'rating', label: 'Rate the service', scale: { max: 5 } },
    { key: 'ease', type: 'scale', label: 'How easy was it?', scale: { min: 1, max: 7 } },
    {
      key: 'grid',
      type: 'matrix',
      label: 'How satisfied are you with',
      matrix: { rows: choices('Price', 'Speed', 'Support'), columns: choices('Low', 'Medium', 'High') },
    },
    { key: 'order', type: 'ranking', label: 'Rank what matters', options: choices('Price', 'Speed', 'Support') },
    { key: 'when', type: 'time', label: 'Best time to call' },
    {
      key: 'look',
      type: 'picture',
      label: 'Which do you prefer?',
      options: choices('Blue', 'Green').map((o) => ({ ...o, image: `/i/${o.value}` })),
    },
    { key: 'sign', type: 'signature', label: 'Sign here' },
  ],
};

/** The wave-4 survey without a ranking and a signature: the light page without islands (client/hosted/light/). */
const npsSurvey = {
  ...waveFourSurvey,
  id: 'nps',
  fields: waveFourSurvey.fields.filter((f) => f.type !== 'ranking' && f.type !== 'signature'),
};

/** Two steps, the second's last question shown by a condition: no wave-4 type (the light page with its steps). */
const stepsForm = {
  id: 'steps',
  title: 'Book a table',
  submit: { label: 'Send' },
  steps: [
    {
      id: 'who',
      title: 'Who is coming',
      fields: [{ key: 'name', type: 'text', label: 'Your name', validation: { required: true } }],
    },
    {
      id: 'when',
      title: 'When',
      fields: [
        { key: 'guests', type: 'number', label: 'Guests' },
        { key: 'chair', type: 'checkbox', label: 'A high chair', show: [{ field: 'guests', gt: 2 }] },
      ],
    },
  ],
};

/** Answers the two steps as a person would. */
async function answerSteps(page: Page) {
  await page.getByLabel('Your name').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Guests').fill('4');
  await page.getByLabel('A high chair').check();
}

/** Answers the contact form as a person would. */
async function answerContact(page: Page) {
  await page.getByLabel('Your name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Message').fill('A question about the engine.');
}

/**
 * Visits every question of the survey: each control takes the focus once, which is what a person does
 * before answering and what fetches code a type loads on first use. Types answer in ways of their own
 * (stars, a grid, a drawing), so none is answered: the code loaded is the same.
 */
async function visitSurvey(page: Page) {
  const controls = page.locator('.fs-fields :is(input, select, textarea, button, canvas, [tabindex="0"])');
  for (let i = 0, n = await controls.count(); i < n; i++) {
    await controls
      .nth(i)
      .focus()
      .catch(() => {});
  }
}

/** A form a benchmark loads: its definition and how a person answers it. */
export interface BenchForm {
  definition: { id: string; title: string; fields?: unknown[]; steps?: unknown[] };
  answer(page: Page): Promise<void>;
}

/** The forms of issue 37's budgets. */
export const benchForms = {
  contact: { definition: contactForm, answer: answerContact },
  waveFour: { definition: waveFourSurvey, answer: visitSurvey },
  steps: { definition: stepsForm, answer: answerSteps },
  nps: { definition: npsSurvey, answer: visitSurvey },
} satisfies Record<string, BenchForm>;

/** One fetched file: its path, its type as Chromium saw it, and its gzipped size. */
export interface Fetched {
  path: string;
  type: string;
  gzip: number;
}

/** Loads, answers and sends each form's hosted page in Chromium; answers the scripts and styles each fetched. */
export async function hostedPageLoad(port: number, forms: BenchForm[]): Promise<Fetched[][]> {
  const { url, child } = await startBundle(port);
  const browser = await launchChromium();
  try {
    const results: Fetched[][] = [];
    for (const form of forms) {
      const id = await publishWithImages(url, form.definition);
      // A context of its own: nothing cached from the previous form, no service worker of its.
      const context = await browser.newContext();
      const page = await context.newPage();
      const seen: Promise<Fetched | undefined>[] = [];
      page.on('response', (res) => {
        const type = res.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        seen.push(
          res.body().then(
            (body) => ({ path: new URL(res.url()).pathname, type, gzip: gzipSync(body, { level: 9 }).length }),
            () => undefined,
          ),
        );
      });
      await page.goto(`${url}/f/${id}`, { waitUntil: 'networkidle' });
      await form.answer(page);
      // Sent when the answer's POST is answered (the page shows its thanks in place or moves to it).
      await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(id) && r.status() < 300),
        page.getByRole('button', { name: 'Send' }).click(),
      ]);
      await page.waitForLoadState('networkidle');
      results.push((await Promise.all(seen)).filter((f): f is Fetched => f !== undefined));
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
    child.kill('SIGKILL');
  }
}

/**
 * Publishes `definition`; when it names images (`/i/<name>`), first a one-field version of the form, then
 * uploads a small PNG for each name (images belong to their form) and publishes again with their addresses.
 */
export async function publishWithImages(url: string, definition: { id: string }): Promise<string> {
  const names = [...new Set([...JSON.stringify(definition).matchAll(/"\/i\/([a-z]+)"/g)].map((m) => m[1]))];
  if (names.length === 0) return publish(url, definition);
  const id = await publish(url, {
    id: definition.id,
    title: 'Pictures',
    submit: { label: 'Send' },
    fields: [{ key: 'x', type: 'text', label: 'X' }],
  });
  const png = readFileSync(new URL('../../test/fixtures/images/green-12x7.png', import.meta.url));
  let text = JSON.stringify(definition);
  for (const name of names) {
    const form = new FormData();
    form.append('image', new Blob([png], { type: 'image/png' }), `${name}.png`);
    const res = await fetch(`${url}/v1/forms/${id}/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OWNER_KEY}` },
      body: form,
    });
    if (res.status !== 201) throw new Error(`image upload failed: ${res.status} ${await res.text()}`);
    text = text.replaceAll(`"/i/${name}"`, JSON.stringify(((await res.json()) as { url: string }).url));
  }
  const res = await fetch(`${url}/v1/forms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OWNER_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ form_id: id, definition: JSON.parse(text) }),
  });
  if (res.status !== 201) throw new Error(`publish failed: ${res.status} ${await res.text()}`);
  return id;
}
