// The deletion service on a real store: what a deleted submission leaves (a cancelled delivery with
// no payload, no idempotency record that would replay its values), what a deleted form leaves
// (nothing), monthly usage untouched, and a submission that races its form's deletion storing nothing.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../../server/lib/api-error.ts';
import { loadConfig } from '../../../server/config.ts';
import { createServices } from '../../../server/core/services.ts';
import { withFormCache } from '../../../server/core/store/form-cache.ts';
import { openSqlJsStore } from '../../../server/core/store/sqljs/index.ts';
import { adminWorld, type AdminWorld } from '../../helpers/admin-world.ts';
import { contactDefinition } from '../../helpers/api.ts';
import { tempDataDir } from '../../helpers/server.ts';

const values = { name: 'Ada', email: 'ada@example.com', message: 'a secret' };

/** A claimed form with a webhook URL (set in the store: no delivery worker runs here, nothing is sent). */
async function formWithWebhook(w: AdminWorld) {
  const principal = {
    kind: 'user' as const,
    userId: w.userIds.owner,
    workspaceId: w.workspaceId,
    role: 'owner' as const,
  };
  const { form_id } = await w.services.forms.publish(principal, { definition: contactDefinition() });
  await w.store.forms.update(form_id, {
    webhookUrl: 'https://hooks.example.com/in',
    webhookSecret: `whsec_${'b'.repeat(64)}`,
    webhookSecretPrevious: '',
    webhookSecretPreviousUntil: null,
    slackWebhookUrl: '',
    discordWebhookUrl: '',
  });
  return (await w.store.forms.byId(form_id))!;
}

/** The pending deliveries of a form, by submission id. */
async function pending(w: AdminWorld, formId: string) {
  const due = await w.store.webhooks.due(new Date(Date.now() + 1000).toISOString(), 1000);
  const out = new Map<string, string>();
  for (const d of due.filter((x) => x.formId === formId))
    out.set((await w.store.webhooks.byId(d.id))!.submissionId, d.id);
  return out;
}

const deletion = suite<{ w: AdminWorld }>('deletion service');
deletion.before(async (ctx) => {
  ctx.w = await adminWorld();
});
deletion.after(async (ctx) => ctx.w.store.close());

deletion(
  'a deleted submission: its delivery cancelled and emptied, its idempotency record gone, usage kept',
  async ({ w }) => {
    const form = await formWithWebhook(w);
    const submit = (key: string) =>
      w.services.submissions.submit({ formId: form.id, values, formPost: false, idempotencyKey: key, bodyHash: 'h' });
    const gone = (await submit('key-1')).body.id;
    const kept = (await submit('key-2')).body.id;
    const deliveries = await pending(w, form.id);
    assert.equal([...deliveries.keys()].sort(), [gone, kept].sort());
    const usage = await w.services.workspaces.usage(w.workspaceId);

    await w.services.deletion.deleteSubmission(form, gone);
    const cancelled = (await w.store.webhooks.byId(deliveries.get(gone)!))!;
    assert.equal([cancelled.state, cancelled.payload], ['cancelled', ''], 'cancelled, the values it carried gone');
    const other = (await w.store.webhooks.byId(deliveries.get(kept)!))!;
    assert.is(other.state, 'pending');
    assert.ok(other.payload.includes('a secret'));
    assert.is(await w.store.idempotency.get(form.id, 'key-1'), undefined, 'its stored answer held the values');
    assert.ok(await w.store.idempotency.get(form.id, 'key-2'));
    assert.equal(await w.services.workspaces.usage(w.workspaceId), usage, 'usage counts what was received');
    assert.is((await w.store.forms.byId(form.id))!.submissionCount, 1);
    // The same key again is a new submission now: its first answer is gone.
    const again = await submit('key-1');
    assert.is.not(again.body.id, gone);
    assert.is(again.replayed, false);

    try {
      await w.services.deletion.deleteSubmission(form, gone);
      assert.unreachable('deleted twice');
    } catch (err) {
      assert.instance(err, ApiError);
      assert.equal([(err as ApiError).status, (err as ApiError).details], [404, ['submission: not found']]);
    }
  },
);

deletion(
  'a deleted form leaves no delivery, draft or idempotency record; its count of submissions is returned',
  async ({ w }) => {
    const form = await formWithWebhook(w);
    for (const key of ['a', 'b', 'c'])
      await w.services.submissions.submit({
        formId: form.id,
        values,
        formPost: false,
        idempotencyKey: key,
        bodyHash: 'h',
      });
    const deliveries = [...(await pending(w, form.id)).values()];
    assert.is(deliveries.length, 3);
    const principal = {
      kind: 'user' as const,
      userId: w.userIds.owner,
      workspaceId: w.workspaceId,
      role: 'owner' as const,
    };
    const draft = await w.services.drafts.save(principal, { formId: form.id }, '{"title": "next"}');
    assert.equal(await w.services.deletion.deleteForm(form), { submissionsDeleted: 3 });
    for (const id of deliveries) assert.is(await w.store.webhooks.byId(id), undefined);
    assert.is(await w.store.drafts.byId(draft.draft_id), undefined);
    assert.is(await w.store.idempotency.get(form.id, 'a'), undefined);
    assert.is(await w.store.forms.version(form.id, 1), undefined);
    assert.is(await w.services.forms.definitions.get(form.id, 1), undefined, 'the definition cache forgot it');
  },
);

deletion('a submission that read its form before the form was deleted stores nothing and is a 404', async ({ w }) => {
  const cached = withFormCache(w.store);
  const principal = {
    kind: 'user' as const,
    userId: w.userIds.owner,
    workspaceId: w.workspaceId,
    role: 'owner' as const,
  };
  const { form_id } = await w.services.forms.publish(principal, { definition: contactDefinition() });
  const form = (await cached.forms.byId(form_id))!;
  await cached.forms.delete(form_id);
  const outcome = await cached.submissions.insert({
    id: crypto.randomUUID(),
    formId: form.id,
    workspaceId: form.workspaceId,
    formVersion: 1,
    createdAt: new Date().toISOString(),
    values,
    hiddenChars: false,
  });
  assert.equal(outcome, { kind: 'form_gone' });
  assert.equal(await cached.submissions.page(form_id, 10), [], 'no orphan row');
});

deletion('drafts and deletions persist: after a restart the store holds the same', async () => {
  const dir = await tempDataDir();
  const open = async () => {
    const store = await openSqlJsStore(dir);
    return { store, services: createServices(store, loadConfig([], {}), 'secret') };
  };
  const first = await open();
  const ws = { id: 'ws', name: 'W', createdAt: new Date().toISOString() };
  await first.store.workspaces.create(ws);
  const principal = { kind: 'user' as const, userId: 'u', workspaceId: ws.id, role: 'owner' as const };
  const keep = await first.services.forms.publish(principal, { definition: contactDefinition() });
  const drop = await first.services.forms.publish(principal, { definition: contactDefinition() });
  const sub = (formId: string, key: string) =>
    first.services.submissions.submit({ formId, values, formPost: false, idempotencyKey: key, bodyHash: 'h' });
  const [s1, s2] = [(await sub(keep.form_id, 'k1')).body.id, (await sub(keep.form_id, 'k2')).body.id];
  await sub(drop.form_id, 'k3');
  const draft = await first.services.drafts.save(principal, { formId: keep.form_id }, '{ not yet');
  const newDraft = await first.services.drafts.create(principal, 'signup');
  await first.services.deletion.deleteSubmission((await first.store.forms.byId(keep.form_id))!, s1);
  await first.services.deletion.deleteForm((await first.store.forms.byId(drop.form_id))!);
  await first.store.close();

  const again = await open();
  try {
    assert.equal(
      (await again.store.submissions.page(keep.form_id, 10)).map((s) => s.id),
      [s2],
    );
    assert.is((await again.store.forms.byId(keep.form_id))!.submissionCount, 1);
    assert.is(await again.store.idempotency.get(keep.form_id, 'k1'), undefined);
    assert.ok(await again.store.idempotency.get(keep.form_id, 'k2'));
    assert.is(await again.store.forms.byId(drop.form_id), undefined);
    assert.is(await again.store.idempotency.get(drop.form_id, 'k3'), undefined);
    assert.is((await again.store.drafts.byForm(keep.form_id))?.text, draft.text);
    assert.equal(
      (await again.services.drafts.list(principal)).drafts.map((d) => [d.draft_id, d.title]),
      [[newDraft.draft_id, 'Sign up']],
    );
  } finally {
    await again.store.close();
  }
});

deletion.run();
