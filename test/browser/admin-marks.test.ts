// Tags, a note and a status per answer in the panel, in Chromium against the bundle (ARCHITECTURE.md Wave 4 "Tags
// and notes"), used from the keyboard only: one answer's status, tags and note saved on its page; several answers
// selected in the list, tagged and marked done at once; the list filtered by tag and status (and the CSV download
// following the filters); an email rule made in Settings whose mail a real SMTP server catches. No horizontal
// scroll and no serious axe finding at 1280 and 390 px. Screenshots: test/artifacts/marks-*.png.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { call, contactDefinition } from '../helpers/api.ts';
import { adminClient, startWithOwner } from '../helpers/admin-session.ts';
import { assertAxe } from '../helpers/axe.ts';
import { launchChromium, screenshot, signedInPage } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';

let server: RunningServer;
let smtp: SmtpSink;
let browser: Browser;
let cookie = '';
let key = '';
let formId = '';
const ids: string[] = [];
const names = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Linus Torvalds'];

const marksOf = async (id: string) => {
  const s = (await call(server.url, 'GET', `/v1/forms/${formId}/submissions/${id}`, { key })).json;
  return { tags: s.tags, note: s.note, status: s.status };
};

/** Tabs forward until the focused element matches `selector` (at most 60 presses): the keyboard's way there. */
async function tabTo(page: Page, selector: string) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** At 1280 and 390 px: no horizontal scroll, a screenshot, no serious axe finding. */
async function bothSizes(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    const { scroll, inner } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: innerWidth,
    }));
    assert.ok(scroll <= inner, `${name} at ${width} px: the page is ${scroll} px wide`);
    await screenshot(page, `marks-${name}-${width}`);
    await assertAxe(page, `${name} at ${width} px`, { headingOne: true });
  }
  await page.setViewportSize({ width: 1280, height: 844 });
}

const marks = suite('admin: tags, note and status');
marks.before(async () => {
  smtp = await startSmtpSink();
  ({ server, cookie } = await startWithOwner({
    FORMSTEAD_SMTP_URL: smtp.url,
    FORMSTEAD_MAIL_FROM: 'forms@example.com',
  }));
  const { client, close } = adminClient(server, cookie);
  key = (await client.keys.create.mutate({ name: 'tests' })).key;
  close();
  formId = (
    await call(server.url, 'POST', '/v1/forms', { key, body: { definition: contactDefinition({ title: 'Support' }) } })
  ).json.form_id;
  for (const name of names) {
    const values = { name, email: `${name.split(' ')[0].toLowerCase()}@example.com`, topic: 'support', message: 'Hi' };
    const r = await call(server.url, 'POST', `/v1/f/${formId}`, { body: { values } });
    assert.is(r.status, 201, r.text);
    ids.push(r.json.id);
  }
  browser = await launchChromium();
});
marks.after(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

marks('one answer: status, tags and note saved from the keyboard; a refused tag names the problem', async () => {
  const { page, errors } = await signedInPage(browser, server.url, cookie, 1280);
  await page.goto(`${server.url}/admin/forms/${formId}/submissions/${ids[0]}`);
  await page.getByRole('heading', { name: 'Status, tags and note' }).waitFor();
  await tabTo(page, '#marks-status');
  await page.keyboard.press('ArrowDown'); // new → seen
  await page.keyboard.press('Tab');
  await page.keyboard.type('Urgent, billing ');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Refund promised on the phone.\nCall back Friday.');
  await tabTo(page, '.marks-form button[type="submit"]');
  await page.keyboard.press('Enter');
  await page.locator('.marks-form [role="status"]', { hasText: 'Saved.' }).waitFor();
  assert.equal(await marksOf(ids[0]), {
    tags: ['urgent', 'billing'],
    note: 'Refund promised on the phone.\nCall back Friday.',
    status: 'seen',
  });
  assert.is(await page.locator('#marks-tags').inputValue(), 'urgent, billing', 'shown as stored');
  await bothSizes(page, 'answer');
  // Past the limit: the server's detail line is shown and nothing changes.
  await page.locator('#marks-tags').fill(`ok, ${'x'.repeat(33)}`);
  await page.locator('#marks-tags').press('Enter');
  await page.getByText('tags[1]: must be 1 to 32 characters').waitFor();
  assert.equal((await marksOf(ids[0])).tags, ['urgent', 'billing']);
  assert.equal(errors, []);
  await page.context().close();
});

marks('several answers: selected, tagged and marked done at once; filters by tag and status', async () => {
  const { page, errors } = await signedInPage(browser, server.url, cookie, 1280);
  await page.goto(`${server.url}/admin/forms/${formId}?tab=submissions`);
  const table = page.locator('table.submissions');
  await table.waitFor();
  for (const id of [ids[1], ids[2], ids[3]]) {
    await tabTo(page, `input[aria-label="Select submission ${id}"]`);
    await page.keyboard.press('Space');
  }
  const bar = page.getByRole('region', { name: 'Selected submissions' });
  await bar.getByText('3 submissions selected').waitFor();
  await tabTo(page, '#bulk-tag');
  await page.keyboard.type('VIP');
  await page.keyboard.press('Enter');
  await bar.getByText('Tagged 3 submissions “VIP”.').waitFor();
  await tabTo(page, '#bulk-status');
  // The menu starts at Done; Set status applies it.
  await tabTo(page, '.bulk-marks label:has(#bulk-status) + button');
  await page.keyboard.press('Enter');
  await bar.getByText('Marked 3 submissions done.').waitFor();
  for (const id of [ids[1], ids[2], ids[3]])
    assert.equal(await marksOf(id), { tags: ['vip'], note: '', status: 'done' });
  assert.equal((await marksOf(ids[0])).status, 'seen', 'the unselected answer is untouched');
  await table.locator(`tr[data-id="${ids[1]}"]`).getByText('Done').waitFor();
  await bothSizes(page, 'bulk');
  // Remove the tag from one of them again.
  for (const id of [ids[1], ids[2]]) await page.locator(`input[aria-label="Select submission ${id}"]`).uncheck();
  await page.locator('#bulk-tag').fill('vip');
  await bar.getByRole('button', { name: 'Remove tag' }).click();
  await bar.getByText('Removed “vip” from 1 submission.').waitFor();
  assert.equal((await marksOf(ids[3])).tags, []);

  // Filters: by tag, then by status, from the keyboard.
  await page.locator('#filter-tag').focus();
  await page.keyboard.type('VIP');
  await page.keyboard.press('Enter');
  await page.getByTestId('submission-total').filter({ hasText: '2 submissions' }).waitFor();
  assert.match(await page.locator('p.total').innerText(), /tagged “VIP”/);
  assert.is(await table.locator('tbody tr').count(), 2);
  const csvHref = await page.getByRole('link', { name: /Download CSV of these/ }).getAttribute('href');
  assert.match(csvHref!, /tag=VIP/);
  const csv = await (await fetch(server.url + csvHref!, { headers: { cookie } })).text();
  assert.is(csv.trim().split('\r\n').length, 3, 'the download holds the header and the two tagged answers');
  await page.locator('#filter-tag').fill('');
  await page.locator('#filter-status').focus();
  await page.keyboard.press('ArrowDown'); // Any → New
  await page.keyboard.press('ArrowDown'); // → Seen
  await page.locator('#filter-status').press('Enter');
  await page.getByRole('button', { name: 'Filter' }).press('Enter');
  await page.getByTestId('submission-total').filter({ hasText: '1 submission' }).waitFor();
  assert.is(await table.locator(`tr[data-id="${ids[0]}"]`).count(), 1);
  await bothSizes(page, 'filtered');
  await page.getByRole('button', { name: 'Show all' }).click();
  await page.getByTestId('submission-total').filter({ hasText: '4 submissions' }).waitFor();
  assert.equal(errors, []);
  await page.context().close();
});

marks('an email rule made in Settings from the keyboard mails its address for a matching answer only', async () => {
  const { page, errors } = await signedInPage(browser, server.url, cookie, 1280);
  await page.goto(`${server.url}/admin/forms/${formId}?tab=settings`);
  await page.getByRole('heading', { name: 'Email rules' }).waitFor();
  await tabTo(page, 'button.add-rule');
  await page.keyboard.press('Enter');
  await page.locator('#rule-0-field').focus();
  await page.locator('#rule-0-field').selectOption('topic');
  await page.keyboard.press('Tab'); // the operator: "is"
  await page.keyboard.press('Tab');
  await page.keyboard.type('support');
  await page.keyboard.press('Tab');
  await page.keyboard.type('helpdesk@example.com');
  await page.getByRole('button', { name: 'Save', exact: true }).press('Enter');
  await page.locator('.save-state.ok').waitFor();
  const saved = (await call(server.url, 'GET', `/v1/forms/${formId}`, { key })).json.settings.notify_rules;
  assert.equal(saved, [{ when: [{ field: 'topic', eq: 'support' }], email: 'helpdesk@example.com' }]);
  await bothSizes(page, 'rules');
  const send = async (name: string, topic: string) =>
    (
      await call(server.url, 'POST', `/v1/f/${formId}`, {
        body: { values: { name, email: 'x@example.com', topic, message: 'Rule test' } },
      })
    ).json.id as string;
  const salesId = await send('Rita Sales', 'sales');
  const supportId = await send('Sam Support', 'support');
  await smtp.waitFor((m) => m.some((x) => x.to.includes('helpdesk@example.com')), 'the rule’s mail');
  const mails = smtp.mails.filter((m) => m.to.includes('helpdesk@example.com'));
  assert.is(mails.length, 1);
  assert.ok(mails[0].text.includes(supportId));
  assert.not.ok(mails[0].text.includes(salesId));
  assert.match(mails[0].text, /Name: Sam Support/);
  assert.equal(errors, []);
  await page.context().close();
});

marks.run();
