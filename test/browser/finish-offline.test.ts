// Offline on the hosted page in Chromium (context.setOffline): a submit while offline is kept on the
// device with its Idempotency-Key and stored exactly once after the connection returns, also when the
// page was closed and opened again; a form that closed meanwhile refuses it with its own message; and
// the service worker opens a form visited before while offline.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { launchChromium, pageErrors, screenshot, withoutOfflineFailures } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
const WAITING = 'Saved on this device. It will be sent when you are back online.';

const publish = async (body: Record<string, unknown> = {}) => {
  const r = await call(server.url, 'POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: contactDefinition(), ...body },
  });
  assert.is(r.status, 201, r.text);
  return r.json.form_id as string;
};
const stored = async (formId: string) =>
  (await call(server.url, 'GET', `/v1/forms/${formId}/submissions`, { key: OWNER_KEY })).json.submissions as {
    values: Record<string, unknown>;
  }[];
const outbox = (page: Page, id: string) => page.evaluate((key) => localStorage.getItem(key), `formstead:outbox:${id}`);

/** A fresh browser context at a phone's size, with the hosted page open and its code loaded. */
async function openForm(id: string, width = 390): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 } });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await page.goto(`${server.url}/f/${id}`);
  await page.waitForSelector('.fs-renderer-host');
  // The offline code loads after the first render; an offline submit needs it in memory.
  await page.waitForLoadState('networkidle');
  return { context, page, errors };
}
async function fillAndSendOffline(context: BrowserContext, page: Page, name: string) {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(`${name.toLowerCase()}@example.com`);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByText(WAITING).waitFor();
}

const t = suite('offline');
t.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_RATE_LIMIT: 'off' } });
  browser = await launchChromium();
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

t('a submit while offline is kept, then stored exactly once when the connection returns', async () => {
  const id = await publish({ success_message: 'Got it.' });
  const { context, page, errors } = await openForm(id);
  const posts: string[] = [];
  // The answer posts only (the page also posts its counting events, which carry no key).
  page.on('request', (r) => {
    if (r.method() === 'POST' && !r.url().endsWith('/events')) posts.push(r.headers()['idempotency-key']);
  });
  await fillAndSendOffline(context, page, 'Ada');
  const kept = JSON.parse((await outbox(page, id))!);
  assert.match(kept.key, /^[0-9a-f-]{36}$/, 'kept with its Idempotency-Key');
  assert.equal(JSON.parse(kept.body).values, { name: 'Ada', email: 'ada@example.com' });
  assert.is((await stored(id)).length, 0);
  await assertAxe(page, 'response kept offline');
  await screenshot(page, 'offline-kept-390');
  await context.setOffline(false);
  await page.waitForSelector('.fs-success-message');
  assert.is(await page.locator('.fs-success-message').textContent(), 'Got it.');
  assert.is(await outbox(page, id), null, 'forgotten once sent');
  assert.is((await stored(id)).length, 1);
  assert.ok(posts.length >= 1 && posts.every((k) => k === kept.key), 'every send carries the kept key');
  // Another 'online' later sends nothing more.
  await context.setOffline(true);
  await context.setOffline(false);
  await page.reload();
  await page.getByLabel('Name').waitFor();
  assert.is((await stored(id)).length, 1, 'stored exactly once');
  // A counting beacon may still be in flight when the test goes offline again, on a busy machine.
  assert.equal(withoutOfflineFailures(errors), []);
  await context.close();
});

// Both page scripts wire the kept response through client/hosted/kept-response.ts: the light page (a plain
// contact form) and the renderer's page (a thanks with Markdown: light/eligible.ts).
for (const [name, script, body] of [
  ['the light page', '/assets/light.js', {}],
  ['the renderer’s page', '/assets/hosted.js', { success_message: 'Got **it**.' }],
] as const) {
  t(`closed and opened again (${name}): the kept response waits, then is sent on the next open, once`, async () => {
    const id = await publish(body);
    const { context, page } = await openForm(id, 1280);
    assert.is(await page.locator(`script[src="${script}"]`).count(), 1, name);
    await fillAndSendOffline(context, page, 'Grace');
    // The server cannot be reached from here on, before the connection returns: nothing this page still runs
    // while it closes can send the response.
    const answer = `${server.url}/v1/f/${id}`;
    await context.route(answer, (route) => route.abort('internetdisconnected'));
    await page.close();
    await context.setOffline(false);
    // Opened while the server cannot be reached: the line says the response waits, and its answers are not
    // offered back in the form.
    const waiting = await context.newPage();
    await waiting.goto(`${server.url}/f/${id}`);
    await waiting.waitForSelector('.fs-renderer-host');
    assert.ok(await outbox(waiting, id), 'the kept response is on the device');
    await waiting.getByText(WAITING).waitFor();
    assert.is(await waiting.getByLabel('Name').inputValue(), '', 'the answers went with the response');
    await waiting.close();
    await context.unroute(answer);
    const again = await context.newPage();
    await again.goto(`${server.url}/f/${id}`);
    await again.getByText('Your earlier response was sent.').waitFor();
    assert.is((await stored(id)).length, 1);
    assert.is(await outbox(again, id), null);
    assert.is(await again.getByLabel('Name').inputValue(), '', 'the form is fresh');
    await again.reload();
    await again.getByLabel('Name').waitFor();
    assert.is(await again.getByText('Your earlier response was sent.').count(), 0);
    assert.is((await stored(id)).length, 1, 'opening the page again sends nothing more');
    await context.close();
  });
}

t('the kept response keeps its visit: sent later, its completion counts under its source and time', async () => {
  const id = await publish();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/f/${id}?utm_source=Phone-Campaign`);
  await page.waitForSelector('.fs-renderer-host');
  await page.waitForLoadState('networkidle');
  await fillAndSendOffline(context, page, 'Mira');
  const kept = JSON.parse((await outbox(page, id))!);
  assert.match(kept.visit, /^utm_source=Phone-Campaign&seconds=\d+$/, 'the visit is kept with the answer');
  // Closed offline, opened again online: the queue sends the visit with the answer.
  await page.close();
  await context.setOffline(false);
  const again = await context.newPage();
  const visits: (string | undefined)[] = [];
  again.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(`/v1/f/${id}`)) visits.push(r.headers()['formstead-visit']);
  });
  await again.goto(`${server.url}/f/${id}`);
  await again.getByText('Your earlier response was sent.').waitFor();
  assert.equal(visits, [kept.visit], 'sent with the visit kept offline');
  const s = (await call(server.url, 'GET', `/v1/forms/${id}/stats`, { key: OWNER_KEY })).json;
  assert.is(s.completions, 1);
  assert.is(s.completions_without_visit, 0, 'a page measured it: no longer counted as an API answer');
  assert.equal(
    s.sources.find((x: { source: string }) => x.source === 'phone-campaign'),
    { source: 'phone-campaign', views: 1, completions: 1 },
  );
  assert.type(s.median_seconds, 'number', 'its time from start is counted');
  await context.close();
});

t('a form that closed meanwhile refuses the kept response with its own message', async () => {
  const id = await publish();
  const settings = { response_limit: 1, closed_message: 'We are full, thank you!' };
  const patched = await call(server.url, 'PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body: settings });
  assert.is(patched.status, 200, patched.text);
  const { context, page } = await openForm(id);
  await fillAndSendOffline(context, page, 'Linus');
  // Someone else takes the last place while this phone is offline.
  const other = await call(server.url, 'POST', `/v1/f/${id}`, {
    body: { values: { name: 'Other', email: 'o@x.org' } },
  });
  assert.is(other.status, 201, other.text);
  await context.setOffline(false);
  await page.locator('.fs-alert').filter({ hasText: 'We are full, thank you!' }).waitFor();
  assert.is(await outbox(page, id), null, 'a refusal is final: nothing is kept to send again');
  assert.equal(
    (await stored(id)).map((s) => s.values.name),
    ['Other'],
  );
  await screenshot(page, 'offline-refused-closed');
  await context.close();
});

t('the service worker opens a form visited before while offline', async () => {
  const id = await publish();
  const { context, page, errors } = await openForm(id, 1280);
  // The worker takes the page and its assets once it is active.
  await page.waitForFunction(
    async (url) =>
      !!(await caches.match(url)) &&
      !!(await caches.match(document.querySelector<HTMLScriptElement>('script[type=module]')!.src)),
    page.url(),
    { polling: 200 },
  );
  await context.setOffline(true);
  const offline = await context.newPage();
  await offline.goto(`${server.url}/f/${id}`);
  await offline.waitForSelector('.fs-renderer-host');
  assert.is(await offline.locator('h1').textContent(), 'Contact us');
  await offline.getByLabel('Name').fill('Offline Olga');
  await offline.getByLabel('Email').fill('olga@example.com');
  await offline.getByRole('button', { name: 'Send' }).click();
  await offline.getByText(WAITING).waitFor();
  await screenshot(offline, 'offline-opened-from-worker');
  await context.setOffline(false);
  await offline.waitForSelector('.fs-success-message');
  assert.equal(
    (await stored(id)).map((s) => s.values.name),
    ['Offline Olga'],
  );
  // A form never opened is not there offline.
  await context.setOffline(true);
  const unknown = await publish();
  const miss = await context.newPage();
  const opened = await miss.goto(`${server.url}/f/${unknown}`).then(
    () => true,
    () => false,
  );
  assert.not.ok(opened && (await miss.locator('.fs-renderer-host').count()) > 0);
  assert.equal(errors, []);
  await context.close();
});

t('a prefilled link is never kept: offline, the next visit on this device shows no earlier name', async () => {
  const id = await publish();
  const bare = `${server.url}/f/${id}`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await page.goto(`${bare}?name=Prefilled%20Pat`);
  await page.waitForSelector('.fs-renderer-host');
  assert.is(await page.getByLabel('Name').inputValue(), 'Prefilled Pat', 'online, the link prefills');
  // Whatever copy of the form the worker keeps (under any query), and its script.
  await page.waitForFunction(
    async (url) =>
      !!(await caches.match(url, { ignoreSearch: true })) &&
      !!(await caches.match(document.querySelector<HTMLScriptElement>('script[type=module]')!.src)),
    bare,
    { polling: 200 },
  );
  // A second prefilled visit, this time through the worker's fetch.
  const second = await context.newPage();
  await second.goto(`${bare}?name=Second%20Sam`);
  await second.waitForSelector('.fs-renderer-host');
  assert.is(await second.getByLabel('Name').inputValue(), 'Second Sam');
  await second.waitForLoadState('networkidle');
  await context.setOffline(true);
  const later = await context.newPage();
  await later.goto(bare);
  await later.waitForSelector('.fs-renderer-host');
  assert.is(await later.locator('h1').textContent(), 'Contact us', 'the form opens offline');
  assert.is(await later.getByLabel('Name').inputValue(), '', 'no earlier visitor’s name');
  const kept = await later.evaluate(async () => {
    const texts: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) texts.push(`${req.url}\n${await (await cache.match(req))!.text()}`);
    }
    return texts.join('\n');
  });
  assert.not.ok(/Prefilled|Pat\b|Second Sam/.test(kept), 'no kept copy holds a prefilled name');
  assert.equal(errors, []);
  await context.close();
});

t.run();
