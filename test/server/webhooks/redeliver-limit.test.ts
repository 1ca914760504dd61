// The redelivery limits (issue 38): one submission may be redelivered REDELIVERIES_PER_SUBMISSION_HOUR
// times an hour and one form's submissions REDELIVERIES_PER_FORM_HOUR times; past either, 429 in the
// spec's shape and no new delivery, on REST and on the panel's tRPC (both go through WebhookService).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { REDELIVERIES_PER_FORM_HOUR, REDELIVERIES_PER_SUBMISSION_HOUR } from '../../../server/core/rate-limits.ts';
import { adminClient, startWithOwner } from '../../helpers/admin-session.ts';
import { call, contactDefinition, OWNER_KEY } from '../../helpers/api.ts';
import type { RunningServer } from '../../helpers/server.ts';
import { submit } from '../../helpers/webhooks.ts';

let server: RunningServer;
let cookie: string;

const t = suite('webhook redelivery limits');
t.before(async () => {
  // Nothing listens on port 9: deliveries fail and retry, which is all a receiver flood would need.
  ({ server, cookie } = await startWithOwner({
    FORMSTEAD_OWNER_KEY: OWNER_KEY,
    FORMSTEAD_WEBHOOK_ALLOW_PRIVATE: '1',
  }));
});
t.after(async () => {
  await server?.stop();
});

async function hookedForm() {
  const published = await call(server.url, 'POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: contactDefinition() },
  });
  assert.is(published.status, 201, published.text);
  const id = published.json.form_id as string;
  const patched = await call(server.url, 'PATCH', `/v1/forms/${id}`, {
    key: OWNER_KEY,
    body: { webhook_url: 'http://127.0.0.1:9/hook' },
  });
  assert.is(patched.status, 200, patched.text);
  return id;
}
const redeliver = (formId: string, submissionId: string) =>
  call(server.url, 'POST', `/v1/forms/${formId}/webhook/redeliver`, {
    key: OWNER_KEY,
    body: { submission_id: submissionId },
  });

t('one submission: redelivered up to its hourly limit, then 429 with Retry-After', async () => {
  const form = await hookedForm();
  const submission = await submit(server, form);
  const ids = new Set<string>();
  for (let i = 0; i < REDELIVERIES_PER_SUBMISSION_HOUR; i++) {
    const r = await redeliver(form, submission);
    assert.is(r.status, 202, `redelivery ${i + 1}: ${r.text}`);
    ids.add(r.json.delivery_id);
  }
  assert.is(ids.size, REDELIVERIES_PER_SUBMISSION_HOUR);
  const past = await redeliver(form, submission);
  assert.is(past.status, 429, past.text);
  assert.is(past.json.error, 'rate_limited');
  assert.match(past.json.details[0], /^submission_id: too many redeliveries/);
  assert.ok(Number(past.headers.get('retry-after')) > 0);
  // Another submission of the same form still goes.
  assert.is((await redeliver(form, await submit(server, form))).status, 202);
  // A refused request for an unknown submission draws nothing and answers 404, not 429.
  assert.is((await redeliver(form, '00000000-0000-0000-0000-000000000000')).status, 404);
});

t('one form: its submissions together up to the form limit, then 429; another form is untouched', async () => {
  const form = await hookedForm();
  const perSubmission = REDELIVERIES_PER_SUBMISSION_HOUR;
  const submissions = Math.ceil(REDELIVERIES_PER_FORM_HOUR / perSubmission) + 1;
  const ids: string[] = [];
  for (let i = 0; i < submissions; i++) ids.push(await submit(server, form));
  let accepted = 0;
  for (const id of ids.slice(0, -1))
    for (let i = 0; i < perSubmission && accepted < REDELIVERIES_PER_FORM_HOUR; i++) {
      const r = await redeliver(form, id);
      assert.is(r.status, 202, `redelivery ${accepted + 1}: ${r.text}`);
      accepted++;
    }
  assert.is(accepted, REDELIVERIES_PER_FORM_HOUR);
  const past = await redeliver(form, ids.at(-1)!);
  assert.is(past.status, 429, 'a fresh submission of a form past its limit');
  assert.is(past.json.error, 'rate_limited');
  const other = await hookedForm();
  assert.is((await redeliver(other, await submit(server, other))).status, 202);
});

t("the panel's redeliver (tRPC) draws on the same limits", async () => {
  const form = await hookedForm();
  const submission = await submit(server, form);
  const { client, close } = adminClient(server, cookie);
  try {
    for (let i = 0; i < REDELIVERIES_PER_SUBMISSION_HOUR; i++)
      await client.webhooks.redeliver.mutate({ formId: form, submissionId: submission });
    const err = await client.webhooks.redeliver.mutate({ formId: form, submissionId: submission }).then(
      () => undefined,
      (e: { data?: { httpStatus?: number }; message: string }) => e,
    );
    assert.ok(err, 'the call past the limit is refused');
    assert.is(err!.data?.httpStatus, 429, err!.message);
    // And REST sees the same bucket.
    assert.is((await redeliver(form, submission)).status, 429);
  } finally {
    close();
  }
});

t.run();
