// Shared parts of the question-type browser suites (test/browser/question-types*.test.ts): a survey with
// every type of issue 32, keyboard moves that say what has the focus, and the stored answers.
import type { Frame, Page } from 'playwright-core';
import { call, OWNER_KEY } from './api.ts';

/** A form with one field of each question type; `extra` goes on the definition (layout, ...). */
export function surveyDefinition(extra: Record<string, unknown> = {}, fieldExtra: Record<string, unknown> = {}) {
  return {
    id: 'survey',
    title: 'Survey',
    submit: { label: 'Send' },
    fields: [
      { key: 'nps', type: 'nps', label: 'How likely are you to recommend us?', validation: { required: true } },
      { key: 'stars', type: 'rating', label: 'Rate the service' },
      { key: 'ease', type: 'scale', label: 'How easy was it?', scale: { minLabel: 'Hard', maxLabel: 'Easy' } },
      {
        key: 'grid',
        type: 'matrix',
        label: 'How was each part?',
        matrix: {
          rows: [
            { value: 'food', label: 'Food' },
            { value: 'service', label: 'Service' },
          ],
          columns: [
            { value: 'bad', label: 'Bad' },
            { value: 'ok', label: 'OK' },
            { value: 'good', label: 'Good' },
          ],
        },
      },
      {
        key: 'drinks',
        type: 'ranking',
        label: 'Rank the drinks',
        options: [
          { value: 'tea', label: 'Tea' },
          { value: 'coffee', label: 'Coffee' },
          { value: 'juice', label: 'Juice' },
        ],
      },
      { key: 'sign', type: 'signature', label: 'Sign here' },
      { key: 'when', type: 'time', label: 'Best time to call' },
    ].map((f) => ({ ...f, ...(fieldExtra[f.key] as object) })),
    ...extra,
  };
}

/** Publishes with the owner key (a claimed form: signatures upload); answers the form id. */
export async function publishSurvey(base: string, definition: Record<string, unknown>): Promise<string> {
  const r = await call(base, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition } });
  if (r.status !== 201) throw new Error(`publish: ${r.status} ${r.text}`);
  return r.json.form_id;
}

/** The stored answers of a form, oldest last. */
export const storedAnswers = async (base: string, formId: string) =>
  (await call(base, 'GET', `/v1/forms/${formId}/submissions`, { key: OWNER_KEY })).json.submissions as {
    values: Record<string, any>;
  }[];

// What has the focus (inside shadow roots too), named as a person hears it: aria-label, its label, its text.
// A string, not a function: tsx would wrap a function's inner helpers in a __name() the page lacks.
const FOCUSED = `(() => {
  let el = document.activeElement;
  while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
  if (!el) return '';
  const label = el.labels && el.labels[0] && el.labels[0].textContent;
  const named = el.getAttribute('aria-label') || label || el.textContent;
  return (named || '').trim();
})()`;

/** The name of what has the focus in `where`. */
export const focusedName = (where: Page | Frame) => where.evaluate(FOCUSED) as Promise<string>;

/** Presses Tab (Shift+Tab with `back`) until `name` has the focus; fails after 60 presses. */
export async function tabTo(page: Page, name: string, where: Page | Frame = page, back = false): Promise<void> {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if ((await focusedName(where)) === name) return;
  }
  throw new Error(`Tab never reached "${name}" (last: "${await focusedName(where)}")`);
}

/** Presses `key` `n` times. */
export async function press(page: Page, key: string, n = 1): Promise<void> {
  for (let i = 0; i < n; i++) await page.keyboard.press(key);
}

/** Waits until `name` has the focus (a control moves it after its next render). */
export async function focusOn(where: Page | Frame, name: string): Promise<void> {
  await where
    .waitForFunction(`${FOCUSED} === ${JSON.stringify(name)}`, undefined, { timeout: 5000 })
    .catch(async () => {
      throw new Error(`the focus never reached "${name}" (it is on "${await focusedName(where)}")`);
    });
}

/**
 * Ranks `labels` by Enter, in turn: each "Add to ranking" ranks its item and hands the focus to the next unranked
 * one; after the last, the focus is on that item's Remove button.
 */
export async function rankInTurn(page: Page, labels: readonly string[]): Promise<void> {
  for (const label of labels) {
    await focusOn(page, `Add to ranking: ${label}`);
    await press(page, 'Enter');
  }
  await focusOn(page, `Remove from ranking: ${labels.at(-1)}`);
}
