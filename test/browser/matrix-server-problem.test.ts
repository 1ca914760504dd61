// A server problem about one row of a matrix (`values.<key>.<row>`, as the engine writes it) lands on the
// matrix in the hosted page, naming the row, and the focus goes there; the form's alert does not list it
// (issue 32: it used to land in the alert only). The server is made to refuse by answering the page's post
// with the 422 the shared engine gives for an unknown column in that row (the page's own engine would not
// send one).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { OWNER_KEY } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { closePage, launchChromium, pageErrors, screenshot } from '../helpers/browser.ts';
import { focusedName, publishSurvey, storedAnswers, surveyDefinition } from '../helpers/question-types.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { evaluateSubmission, type FormDefinition } from '../../shared/engine/index.ts';

let server: RunningServer;
let browser: Browser;

const rowProblem = suite('a matrix row problem from the server');
rowProblem.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  browser = await launchChromium();
});
rowProblem.after(async () => {
  await browser?.close();
  await server?.stop();
});

rowProblem('lands on the matrix as "Service: <message>", focused, not in the alert', async () => {
  const definition = surveyDefinition();
  const formId = await publishSurvey(server.url, definition);
  // The line the server's engine writes for a column the Service row does not offer.
  const { problems } = evaluateSubmission(definition as FormDefinition, { nps: 7, grid: { service: 'superb' } });
  assert.equal(
    problems.map((p) => p.split(':')[0]),
    ['values.grid.service'],
  );
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, bypassCSP: true, locale: 'en-US' });
  const errors = pageErrors(page);
  await page.route(`${server.url}/v1/f/${formId}`, (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'invalid_request', details: problems }),
    }),
  );
  await page.goto(`${server.url}/f/${formId}`);
  await page.locator('.fs-renderer-host').waitFor();
  await page.getByRole('radio', { name: '7 of 10' }).click();
  await page.getByRole('button', { name: 'Send' }).click();
  const fieldError = page.locator('[data-fs-key="grid"] .fs-error');
  await fieldError.waitFor();
  const message = problems[0].slice('values.grid.service: '.length);
  assert.is((await fieldError.textContent())?.trim(), `Service: ${message}`);
  assert.is(await focusedName(page), 'Bad', "the focus is on the matrix's first choice");
  assert.not.ok(
    (await page.locator('[role=alert]').allTextContents()).some((t) => t.includes('values.grid')),
    'the alert does not repeat the line',
  );
  await assertAxe(page, 'matrix row problem');
  await screenshot(page, 'matrix-server-problem-390');
  assert.equal(await storedAnswers(server.url, formId), [], 'the refused answer is not stored');
  // The browser logs the refused post itself; nothing else went wrong on the page.
  assert.equal(
    errors.filter((e) => !e.includes('status of 422')),
    [],
  );
  await closePage(page);
});

rowProblem.run();
