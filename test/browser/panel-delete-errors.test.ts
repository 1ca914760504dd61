// A delete in the panel that fails (the form was deleted meanwhile, from another tab or the API) puts the
// keyboard focus on its error: the button that started it was disabled while it ran, and the focus would
// otherwise fall to the page. The error says in plain words what happened and what to do, not "Not found".
// The form's delete dialog, the submissions table, a submission's page and the Spam tab.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { adminClient, startWithOwner } from '../helpers/admin-session.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { focusedElement, launchChromium, rowWithLink, signedInPage } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let cookie = '';

const publish = async (title: string) =>
  (await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition({ title }) } }))
    .json.form_id as string;

const removeByApi = async (formId: string) =>
  assert.is((await call(server.url, 'DELETE', `/v1/forms/${formId}`, { key: OWNER_KEY })).status, 204);
const open = (width: number) => signedInPage(browser, server.url, cookie, width);

const t = suite('panel: failed deletions');
t.before(async () => {
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_RATE_LIMIT: 'off' }));
  browser = await launchChromium();
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

t('a form delete that fails puts the focus on its error, in the dialog', async () => {
  const formId = await publish('Gone meanwhile');
  const { page } = await open(1280);
  await page.goto(`${server.url}/admin`);
  const more = rowWithLink(page, 'Gone meanwhile').getByRole('button', { name: 'More' });
  await more.focus();
  await page.keyboard.press('ArrowUp'); // opens on the last item: Delete…
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete “Gone meanwhile”?' });
  await dialog.waitFor();
  await removeByApi(formId); // someone else deleted it first
  await page.keyboard.press('Tab');
  assert.is(await focusedElement(page), 'button:Delete form and 0 answers');
  await page.keyboard.press('Enter');
  const alert = dialog.getByRole('alert');
  await alert.waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'alert');
  assert.is(
    await focusedElement(page),
    'alert:This form was already deleted, perhaps in another tab. Reload the page to see your forms as they are now.',
  );
});

t('a submissions delete that fails puts the focus on its error, in the table and on the detail page', async () => {
  for (const where of ['table', 'detail'] as const) {
    const formId = await publish(`Answers ${where}`);
    const sent = await call(server.url, 'POST', `/v1/f/${formId}`, {
      body: { values: { name: 'Ada', email: 'ada@example.com' } },
    });
    const { page } = await open(1280);
    page.on('dialog', (d) => void d.accept());
    if (where === 'table') {
      await page.goto(`${server.url}/admin/forms/${formId}?tab=submissions`);
      await page.getByRole('checkbox', { name: `Select submission ${sent.json.id}` }).check();
      await removeByApi(formId);
      await page.getByRole('button', { name: 'Delete it' }).focus();
    } else {
      await page.goto(`${server.url}/admin/forms/${formId}/submissions/${sent.json.id}`);
      await page.getByRole('button', { name: 'Delete submission' }).waitFor();
      await removeByApi(formId);
      await page.getByRole('button', { name: 'Delete submission' }).focus();
    }
    await page.keyboard.press('Enter');
    await page.getByRole('alert').waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'alert');
    assert.is(
      await focusedElement(page),
      'alert:This form was deleted, with all its answers, perhaps in another tab. Go back to the list of forms.',
      where,
    );
  }
});

t(
  'a submissions delete of answers already deleted elsewhere says how many went and that the others were gone',
  async () => {
    const formId = await publish('Answers raced');
    const sent = [];
    for (const name of ['Ada', 'Alan', 'Grace'])
      sent.push(
        (await call(server.url, 'POST', `/v1/f/${formId}`, { body: { values: { name, email: 'a@example.com' } } })).json
          .id as string,
      );
    const removeOne = async (id: string) =>
      assert.is(
        (await call(server.url, 'DELETE', `/v1/forms/${formId}/submissions/${id}`, { key: OWNER_KEY })).status,
        204,
      );
    const { page } = await open(1280);
    page.on('dialog', (d) => void d.accept());
    await page.goto(`${server.url}/admin/forms/${formId}?tab=submissions`);
    const note = page.getByRole('status').filter({ hasText: /Deleted|Nothing to delete/ });
    // Two selected; one of them deleted through the API meanwhile.
    for (const id of sent.slice(0, 2)) await page.getByRole('checkbox', { name: `Select submission ${id}` }).check();
    await removeOne(sent[0]);
    await page.getByRole('button', { name: 'Delete all 2' }).click();
    await note.waitFor();
    assert.is(await note.innerText(), 'Deleted 1 submission; 1 was already deleted, perhaps in another tab.');
    // One selected, and it is gone before the click: nothing is deleted, and the note does not say "Deleted 0".
    await page.getByRole('checkbox', { name: `Select submission ${sent[2]}` }).check();
    await removeOne(sent[2]);
    await page.getByRole('button', { name: 'Delete it' }).click();
    await page
      .getByRole('status')
      .getByText('Nothing to delete: this submission was already deleted, perhaps in another tab.')
      .waitFor();
    assert.is(await page.getByTestId('submission-total').innerText(), '0 submissions');
  },
);

t('a spam delete that fails says whether the post or its form is gone, with the focus on it', async () => {
  for (const gone of ['post', 'form'] as const) {
    const formId = await publish(`Spam ${gone}`);
    const token = (await call(server.url, 'GET', `/v1/f/${formId}/definition`)).json.render_token;
    const caught = await call(server.url, 'POST', `/v1/f/${formId}`, {
      body: { values: { name: 'Pills', email: 'pills@example.com' }, _hp: 'http://buy.example', _rt: token },
    });
    assert.is(caught.status, 201, caught.text);
    const { page } = await open(1280);
    await page.goto(`${server.url}/admin/forms/${formId}?tab=spam`);
    const item = page.locator('.spam-item', { hasText: 'Pills' });
    await item.getByRole('button', { name: 'Delete' }).click();
    if (gone === 'form') await removeByApi(formId);
    else {
      // Someone else decided it first, in another tab.
      const { client, close } = adminClient(server, cookie);
      const [spam] = (await client.spam.list.query({ formId })).items;
      await client.spam.delete.mutate({ formId, id: spam.id });
      close();
    }
    await item.getByRole('group', { name: 'Confirm delete' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alert').waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'alert');
    assert.is(
      await focusedElement(page),
      gone === 'post'
        ? 'alert:This post was already deleted or moved to the answers, perhaps in another tab. Reload the ' +
            'page to see the spam as it is now.'
        : 'alert:This form was deleted, with all its answers, perhaps in another tab. Go back to the list of forms.',
      gone,
    );
  }
});

t.run();
