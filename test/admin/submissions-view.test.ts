// What the panel's submissions view reads: columns by label with option labels across versions, the
// total (filtered too), oldest-first pages, one submission in detail with its webhook deliveries and
// logged attempts, and a settings save that reports every problem at once.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { TRPCError } from '@trpc/server';
import { fieldColumns } from '../../server/core/submission-fields.ts';
import type { ApiError } from '../../server/lib/api-error.ts';
import type { FormDefinition } from '../../shared/engine/index.ts';
import { adminWorld, type AdminWorld } from '../helpers/admin-world.ts';
import { contactDefinition } from '../helpers/api.ts';
import { SUBMISSION_FILTER_MAX } from '../../shared/api/limits.ts';

const view = suite<{ w: AdminWorld }>('admin: submissions view');
view.before(async (ctx) => {
  ctx.w = await adminWorld({ FORMSTEAD_WEBHOOK_ALLOW_PRIVATE: '1' });
});
view.after(async (ctx) => {
  await ctx.w.services.responseMail.stop();
  await ctx.w.store.close();
});

const submit = (w: AdminWorld, values: Record<string, unknown>) =>
  w.services.submissions.submit({ formId: w.formId, values, formPost: false, bodyHash: Math.random().toString() });

view('fieldColumns: keys in CSV order, the newest label, option labels of every version', () => {
  const v1 = contactDefinition({
    fields: [
      { key: 'name', type: 'text', label: 'Your name' },
      {
        key: 'plan',
        type: 'radio',
        label: 'Plan',
        options: [
          { value: 'old', label: 'Old plan' },
          { value: 'pro', label: 'Pro (v1)' },
        ],
      },
    ],
  }) as FormDefinition;
  const v2 = contactDefinition({
    fields: [
      { key: 'name', type: 'text', label: 'Name' },
      { key: 'secret', type: 'password', label: '  ' },
      { key: 'plan', type: 'radio', label: 'Plan', options: [{ value: 'pro', label: 'Pro' }] },
    ],
  }) as FormDefinition;
  assert.equal(fieldColumns([v2, v1]), [
    { key: 'name', label: 'Name', type: 'text' },
    { key: 'secret', label: 'secret', type: 'password' },
    { key: 'plan', label: 'Plan', type: 'radio', options: { pro: 'Pro', old: 'Old plan' } },
  ]);
});

view(
  'a page has the labelled fields and the total; the total follows the filter; oldest first pages forward',
  async ({ w }) => {
    const viewer = w.caller('viewer');
    await submit(w, { name: 'Ada', email: 'ada@example.com' });
    await submit(w, { name: 'Grace', email: 'grace@example.com', topic: 'sales' });
    await submit(w, { name: 'Alan', email: 'alan@example.com', topic: 'support' });
    const all = await viewer.submissions.page({ formId: w.formId });
    assert.is(all.total, 3);
    assert.equal(all.columns, ['name', 'email', 'topic', 'message']);
    assert.equal(
      all.fields.find((f) => f.key === 'topic'),
      { key: 'topic', label: 'Topic', type: 'select', options: { sales: 'Sales', support: 'Support' } },
    );
    assert.equal(
      all.submissions.map((s) => s.values.name),
      ['Alan', 'Grace', 'Ada'],
    );

    const filtered = await viewer.submissions.page({ formId: w.formId, filter: 'EXAMPLE.com', limit: 1 });
    assert.is(filtered.total, 3, 'the total counts every match, not the page');
    assert.is((await viewer.submissions.page({ formId: w.formId, filter: 'grace' })).total, 1);
    assert.is((await viewer.submissions.page({ formId: w.formId, filter: 'nobody' })).total, 0);

    const first = await viewer.submissions.page({ formId: w.formId, order: 'oldest', limit: 2 });
    assert.equal(
      first.submissions.map((s) => s.values.name),
      ['Ada', 'Grace'],
    );
    const second = await viewer.submissions.page({
      formId: w.formId,
      order: 'oldest',
      limit: 2,
      cursor: first.next_cursor,
    });
    assert.equal(
      second.submissions.map((s) => s.values.name),
      ['Alan'],
    );
    assert.is(second.next_cursor, undefined);
    assert.is(first.total, 3);
    assert.is(second.total, undefined, 'later pages do not count again');
    const bad = await viewer.submissions.page({ formId: w.formId, order: 'sideways' as 'oldest' }).catch((err) => err);
    assert.is((bad as TRPCError).code, 'BAD_REQUEST');
  },
);

view(`the filter: ${SUBMISSION_FILTER_MAX} characters are taken, one more is refused (400)`, async ({ w }) => {
  const viewer = w.caller('viewer');
  const edge = await viewer.submissions.page({ formId: w.formId, filter: 'x'.repeat(SUBMISSION_FILTER_MAX) });
  assert.is(edge.total, 0);
  const over = await viewer.submissions
    .page({ formId: w.formId, filter: 'x'.repeat(SUBMISSION_FILTER_MAX + 1) })
    .catch((e) => e);
  assert.instance(over, TRPCError);
  assert.is(over.code, 'BAD_REQUEST');
});

view(
  'mark: editors tag and mark answers in bulk; viewers may not; a bad patch is 422 and changes nothing',
  async ({ w }) => {
    const ids = [];
    for (const name of ['Mark one', 'Mark two'])
      ids.push(((await submit(w, { name, email: 'm@example.com' })).body as { id: string }).id);
    const editor = w.caller('editor');
    const done = await editor.submissions.mark({
      formId: w.formId,
      ids: [...ids, 'nope'],
      patch: { add_tags: ['Later'], status: 'done' },
    });
    assert.equal(done, {
      changed: 2,
      marks: ids.map((id) => ({ id, tags: ['later'], note: '', status: 'done' })),
    });
    const page = await w.caller('viewer').submissions.page({ formId: w.formId, tag: 'LATER', status: 'done' });
    assert.equal(page.submissions.map((s) => s.id).sort(), [...ids].sort());
    assert.is(page.total, 2);
    const refused = await w
      .caller('viewer')
      .submissions.mark({ formId: w.formId, ids, patch: { status: 'new' } })
      .catch((e) => e);
    assert.is(refused.code, 'FORBIDDEN');
    const bad = await editor.submissions
      .mark({ formId: w.formId, ids, patch: { remove_tags: ['later'], status: 'archived' } })
      .catch((e) => e);
    assert.is(bad.code, 'UNPROCESSABLE_CONTENT');
    assert.equal((bad.cause as ApiError).details, ['status: Invalid option: expected one of "new"|"seen"|"done"']);
    const badFilter = await w
      .caller('viewer')
      .submissions.page({ formId: w.formId, status: 'archived' })
      .catch((e) => e);
    assert.is(badFilter.code, 'BAD_REQUEST');
    const after = await w.caller('viewer').submissions.page({ formId: w.formId, tag: 'later' });
    assert.is(after.total, 2, 'nothing changed');
  },
);

view(
  'detail: the submission, the fields, its delivery and the attempts logged for it; 404 for another form',
  async ({ w }) => {
    const owner = w.caller('owner');
    await owner.settings.update({ formId: w.formId, patch: { webhook_url: 'https://127.0.0.1:9/hook' } });
    const made = await submit(w, { name: 'Hooked', email: 'h@example.com' });
    const id = (made.body as { id: string }).id;
    const before = await w.caller('viewer').submissions.detail({ formId: w.formId, submissionId: id });
    assert.is(before.submission.values.name, 'Hooked');
    assert.ok(before.webhook);
    assert.is(before.fields.length, 4);
    assert.equal(
      before.deliveries.map((d) => [d.state, d.attempts]),
      [['pending', 0]],
    );
    assert.equal(before.attempts, []);

    const delivery = (await w.store.webhooks.forSubmission(w.formId, id)).deliveries[0];
    const at = new Date().toISOString();
    await w.store.webhooks.recordAttempt({
      deliveryId: delivery.id,
      attempt: {
        formId: w.formId,
        submissionId: id,
        attempt: 1,
        statusCode: 0,
        error: 'connection refused',
        durationMs: 3,
        createdAt: at,
      },
      next: { state: 'pending', nextAttemptAt: new Date(Date.now() + 30_000).toISOString() },
      logSize: 100,
      failureMail: { after: 99, notSince: at },
    });
    const after = await w.caller('viewer').submissions.detail({ formId: w.formId, submissionId: id });
    assert.equal(
      after.deliveries.map((d) => [d.state, d.attempts]),
      [['pending', 1]],
    );
    assert.ok(after.deliveries[0].next_attempt_at);
    assert.equal(
      after.attempts.map((a) => [a.attempt, a.status_code, a.error]),
      [[1, 0, 'connection refused']],
    );

    const missing = await w
      .caller('viewer')
      .submissions.detail({ formId: w.formId, submissionId: 'nope' })
      .catch((err) => err);
    assert.is((missing as TRPCError).code, 'NOT_FOUND');
    assert.equal(((missing as TRPCError).cause as ApiError).details, ['submission: not found']);
    const atEdge = await w
      .caller('viewer')
      .submissions.detail({ formId: w.formId, submissionId: 'x'.repeat(64) })
      .catch((err) => err);
    assert.is((atEdge as TRPCError).code, 'NOT_FOUND', 'a 64-character id is looked up');
    const past = await w
      .caller('viewer')
      .submissions.detail({ formId: w.formId, submissionId: 'x'.repeat(65) })
      .catch((err) => err);
    assert.is((past as TRPCError).code, 'BAD_REQUEST', 'a longer one is refused before any lookup');
    await owner.settings.update({ formId: w.formId, patch: { webhook_url: '' } });
  },
);

view('a settings save with two wrong fields reports both, the webhook address included', async () => {
  // Without the private-address allowance, so the address rule applies.
  const strict = await adminWorld();
  try {
    const refused = await strict
      .caller('owner')
      .settings.update({
        formId: strict.formId,
        patch: { redirect_url: 'ftp://x', webhook_url: 'https://10.0.0.1/hook' },
      })
      .catch((err) => err);
    const api = (refused as TRPCError).cause as ApiError;
    assert.is(api.status, 422);
    assert.equal(api.details, [
      'redirect_url: must be an http or https URL',
      'webhook_url: address not allowed: the host must be a public address (not private, loopback, link-local ' +
        'or metadata) (set FORMSTEAD_WEBHOOK_ALLOW_PRIVATE=1 to allow http:// and local addresses while developing)',
    ]);
    assert.is(
      (await strict.caller('owner').settings.get({ formId: strict.formId })).webhook_url,
      '',
      'nothing changed',
    );
  } finally {
    await strict.services.responseMail.stop();
    await strict.store.close();
  }
});

view.run();
