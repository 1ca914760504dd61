// The builder's procedures on the services (no HTTP): drafts seen from another device, publishing a
// draft (success adds a version, failure keeps the draft and names every problem), restoring a
// version, duplicating, discarding, deleting, the size limit of a draft's text, and viewers refused.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { TRPCError } from '@trpc/server';
import { DRAFT_TEXT_MAX_BYTES } from '../../shared/api/admin.ts';
import { appRouter } from '../../server/admin/routers/_app.ts';
import { createCallerFactory } from '../../server/admin/trpc.ts';
import { ApiError } from '../../server/lib/api-error.ts';
import { adminWorld, type AdminWorld } from '../helpers/admin-world.ts';
import { contactDefinition } from '../helpers/api.ts';

/** Status, code and details of a refused call or service call (input checks answer 400 without an ApiError). */
async function refusal(call: () => Promise<unknown>): Promise<{ status: number; code: string; details: string[] }> {
  try {
    await call();
  } catch (err) {
    if (err instanceof ApiError) return { status: err.status, code: err.code, details: err.details };
    assert.instance(err, TRPCError, String(err));
    const e = err as TRPCError;
    if (!(e.cause instanceof ApiError))
      return { status: e.code === 'BAD_REQUEST' ? 400 : 500, code: e.message, details: [] };
    return { status: e.cause.status, code: e.cause.code, details: e.cause.details };
  }
  throw new assert.Assertion({
    message: 'expected a refusal',
    operator: 'refusal',
    expects: 'error',
    actual: 'resolved',
  });
}

/** A caller on a second session of the owner: another device. */
async function otherDevice(w: AdminWorld) {
  const session = await w.services.accounts.startSession(w.userIds.owner);
  return createCallerFactory(appRouter)({ ...w.context('owner'), sessionToken: session });
}

/** The 422 details POST /v1/forms answers for a definition (the same service, called as an account key would). */
async function restProblems(w: AdminWorld, definition: unknown): Promise<string[]> {
  const principal = {
    kind: 'account' as const,
    keyId: 'k',
    workspaceId: w.workspaceId,
    userId: w.userIds.owner,
    role: 'owner' as const,
  };
  return (await refusal(() => w.services.forms.publish(principal, { definition }))).details;
}

const pretty = (v: unknown) => JSON.stringify(v, null, 2);

const drafts = suite<{ w: AdminWorld }>('admin drafts');
drafts.before(async (ctx) => {
  ctx.w = await adminWorld();
});
drafts.after(async (ctx) => ctx.w.store.close());

drafts('a new form draft from a template is seen, with every save, from another device', async ({ w }) => {
  const editor = w.caller('editor');
  const made = await editor.drafts.create({ template: 'contact' });
  assert.is(made.form_id, null);
  assert.is(made.base_version, null);
  assert.is(made.title, 'Contact us');
  assert.equal(made.problems, []);
  assert.ok(made.text.includes('\n  "id": "contact"'), 'pretty-printed with 2 spaces');

  const changed = made.text.replace('Contact us', 'Write to us');
  const saved = await editor.drafts.save({ draftId: made.draft_id, text: changed });
  assert.is(saved.title, 'Write to us');
  const device = await otherDevice(w);
  const seen = await device.drafts.get({ draftId: made.draft_id });
  assert.is(seen.text, changed);
  assert.is(seen.updated_at, saved.updated_at);
  const listed = await device.drafts.list();
  assert.is(listed.drafts[0].draft_id, made.draft_id, 'newest first');
  assert.is(listed.drafts[0].title, 'Write to us');

  // Saved even when it is not JSON: the problem names line and column; the title falls back.
  const broken = await device.drafts.save({ draftId: made.draft_id, text: '{\n  "id": "x",\n    oops\n}' });
  assert.is(broken.title, 'Untitled form');
  assert.equal(broken.problems, [
    'definition: not valid JSON (line 3, column 5: Expected double-quoted property name)',
  ]);
  assert.is((await editor.drafts.get({ draftId: made.draft_id })).text, broken.text);
});

drafts('problems are the ones POST /v1/forms answers, word for word', async ({ w }) => {
  const owner = w.caller('owner');
  const bad = contactDefinition({
    fields: [
      { key: 'a', type: 'text', label: 'A', validation: { min: 'x' } },
      { key: 'a', type: 'radio', label: 'B', options: [] },
    ],
  });
  const { draft_id } = await owner.drafts.create({ template: 'blank' });
  const saved = await owner.drafts.save({ draftId: draft_id, text: pretty(bad) });
  assert.ok(saved.problems.length >= 2, saved.problems.join('; '));
  assert.equal(saved.problems, await restProblems(w, bad));
  assert.ok(
    saved.problems.every((p) => p.startsWith('definition')),
    'paths as REST names them',
  );
  const notObject = await owner.drafts.save({ draftId: draft_id, text: '[]' });
  assert.equal(notObject.problems, await restProblems(w, []));
});

drafts('publishing a new form draft makes a form; a failure keeps the draft and names every problem', async ({ w }) => {
  const owner = w.caller('owner');
  const { draft_id, text } = await owner.drafts.create({ template: 'application' });
  const broken = text.replace('"to": "design"', '"to": "nowhere"').replace('"title": "About you"', '"title": 7');
  await owner.drafts.save({ draftId: draft_id, text: broken });
  const failed = await refusal(() => owner.drafts.publish({ draftId: draft_id }));
  assert.is(failed.status, 422);
  assert.equal(failed.details, (await owner.drafts.get({ draftId: draft_id })).problems);
  assert.ok(failed.details.length >= 2, failed.details.join('; '));
  assert.ok(
    (await owner.drafts.list()).drafts.some((d) => d.draft_id === draft_id),
    'the draft stays',
  );

  const notJson = await owner.drafts.save({ draftId: draft_id, text: '{' });
  assert.equal((await refusal(() => owner.drafts.publish({ draftId: draft_id }))).details, notJson.problems);

  await owner.drafts.save({ draftId: draft_id, text });
  const before = (await owner.forms.list()).forms.length;
  const published = await owner.drafts.publish({ draftId: draft_id });
  assert.is(published.version, 1);
  assert.match(published.hosted_url, new RegExp(`/f/${published.form_id}$`));
  assert.match(published.endpoint, new RegExp(`/v1/f/${published.form_id}$`));
  const forms = (await owner.forms.list()).forms;
  assert.is(forms.length, before + 1);
  assert.is(forms.find((f) => f.form_id === published.form_id)?.title, 'Job application');
  assert.is((await refusal(() => owner.drafts.get({ draftId: draft_id }))).status, 404, 'deleted once published');
});

drafts("a form's draft: made on first save from the current version, published as the next version", async ({ w }) => {
  const editor = w.caller('editor');
  const before = await editor.drafts.forForm({ formId: w.formId });
  assert.is(before.draft, null);
  assert.is(before.published.version, 1);
  assert.equal(JSON.parse(before.published.text), contactDefinition());
  assert.ok(before.published.text.startsWith('{\n  "id"'));
  assert.is((await editor.forms.list()).forms.find((f) => f.form_id === w.formId)?.has_draft, false);

  const first = await editor.drafts.save({
    formId: w.formId,
    text: before.published.text.replace('"Name"', '"Your name"'),
  });
  assert.is(first.form_id, w.formId);
  assert.is(first.base_version, 1);
  const second = await editor.drafts.save({ formId: w.formId, text: first.text.replace('"Your name"', '"Full name"') });
  assert.is(second.draft_id, first.draft_id, 'one draft per form');
  assert.is((await w.caller('viewer').drafts.forForm({ formId: w.formId })).draft?.text, second.text);
  assert.is((await editor.forms.list()).forms.find((f) => f.form_id === w.formId)?.has_draft, true);
  assert.not.ok(
    (await editor.drafts.list()).drafts.some((d) => d.draft_id === first.draft_id),
    'drafts.list holds new forms only',
  );

  const published = await editor.drafts.publish({ draftId: second.draft_id });
  assert.equal([published.form_id, published.version], [w.formId, 2]);
  const after = await editor.drafts.forForm({ formId: w.formId });
  assert.is(after.draft, null);
  assert.is(after.published.version, 2);
  assert.ok(after.published.text.includes('"Full name"'));
  assert.is((await editor.forms.list()).forms.find((f) => f.form_id === w.formId)?.has_draft, false);
});

drafts('restoring a version puts it in the draft, replacing one; an unknown version is 404', async ({ w }) => {
  const owner = w.caller('owner');
  const current = (await owner.forms.byId({ formId: w.formId })).version;
  await owner.drafts.save({ formId: w.formId, text: 'not json at all' });
  const restored = await owner.forms.restoreVersion({ formId: w.formId, version: 1 });
  assert.equal(JSON.parse(restored.text), contactDefinition());
  assert.is(restored.base_version, current);
  assert.equal(restored.problems, []);
  assert.is(
    (await owner.drafts.forForm({ formId: w.formId })).draft?.draft_id,
    restored.draft_id,
    'the one draft of the form',
  );
  const missing = await refusal(() => owner.forms.restoreVersion({ formId: w.formId, version: current + 1 }));
  assert.equal([missing.status, missing.details], [404, ['version: not found']]);
  await owner.drafts.discard({ draftId: restored.draft_id });
  assert.is((await owner.drafts.forForm({ formId: w.formId })).draft, null);
  assert.is((await refusal(() => owner.drafts.discard({ draftId: restored.draft_id }))).status, 404, 'discarded twice');
});

drafts(
  'duplicate: version 1 with the latest definition, "(copy)" titles, settings without webhook, no submissions',
  async ({ w }) => {
    const owner = w.caller('owner');
    // Set in the store: saving a URL through the settings rules would resolve its host name.
    await w.store.forms.update(w.formId, {
      webhookUrl: 'https://hooks.example.com/in',
      webhookSecret: `whsec_${'a'.repeat(64)}`,
      webhookSecretPrevious: '',
      webhookSecretPreviousUntil: null,
      slackWebhookUrl: '',
      discordWebhookUrl: '',
    });
    await owner.settings.update({
      formId: w.formId,
      patch: { success_message: 'Thanks a lot', allow_another_response: true },
    });
    await w.services.submissions.submit({
      formId: w.formId,
      values: { name: 'Ada', email: 'ada@example.com' },
      formPost: false,
      bodyHash: 'x',
    });
    const source = await owner.forms.byId({ formId: w.formId });
    assert.is(source.settings.webhook_url, 'https://hooks.example.com/in');
    const { form_id } = await owner.forms.duplicate({ formId: w.formId });
    const copy = await owner.forms.byId({ formId: form_id });
    assert.is.not(form_id, w.formId);
    assert.equal([copy.title, copy.version, copy.submissions], [`${source.title} (copy)`, 1, 0]);
    assert.equal([copy.settings.success_message, copy.settings.allow_another_response], ['Thanks a lot', true]);
    assert.equal([copy.settings.webhook_url, copy.settings.webhook_secret], ['', '']);
    const [version] = (await owner.forms.versions({ formId: form_id })).versions;
    const [latest] = (await owner.forms.versions({ formId: w.formId })).versions;
    assert.equal(version.definition, { ...latest.definition, title: `${source.title} (copy)` });
    assert.is((await owner.submissions.page({ formId: form_id })).submissions.length, 0);
  },
);

drafts(
  'deleting a form takes its draft and submissions; deleting submissions skips ids it does not have',
  async ({ w }) => {
    const owner = w.caller('owner');
    const a = await owner.drafts.publish({ draftId: (await owner.drafts.create({ template: 'contact' })).draft_id });
    const b = await owner.drafts.publish({ draftId: (await owner.drafts.create({ template: 'contact' })).draft_id });
    const ids: string[] = [];
    for (const formId of [a.form_id, a.form_id, a.form_id, b.form_id]) {
      const r = await w.services.submissions.submit({
        formId,
        values: { name: 'Ada', email: 'ada@example.com', message: 'hi' },
        formPost: false,
        bodyHash: String(ids.length),
      });
      ids.push(r.body.id);
    }
    // One of a's, one of b's (not a's: left alone), an unknown id, a duplicate: one deleted.
    const usage = await w.services.workspaces.usage(w.workspaceId);
    assert.equal(await owner.submissions.delete({ formId: a.form_id, ids: [ids[0], ids[3], 'no-such-id', ids[0]] }), {
      deleted: 1,
    });
    assert.is((await owner.forms.byId({ formId: a.form_id })).submissions, 2);
    assert.is(
      (await owner.forms.byId({ formId: b.form_id })).submissions,
      1,
      "another form's submission is not deleted",
    );
    assert.equal(await w.services.workspaces.usage(w.workspaceId), usage, 'monthly usage counts what was received');
    const limit = await refusal(() =>
      owner.submissions.delete({ formId: a.form_id, ids: Array.from({ length: 101 }, (_, i) => `id-${i}`) }),
    );
    assert.is(limit.status, 400, '101 ids');
    assert.equal(
      await owner.submissions.delete({
        formId: a.form_id,
        ids: Array.from({ length: 100 }, (_, i) => (i === 0 ? ids[1] : `id-${i}`)),
      }),
      { deleted: 1 },
      '100 ids',
    );
    assert.is((await refusal(() => owner.submissions.delete({ formId: a.form_id, ids: [] }))).status, 400, 'no ids');

    await owner.drafts.save({ formId: a.form_id, text: '{}' });
    const draftId = (await owner.drafts.forForm({ formId: a.form_id })).draft!.draft_id;
    assert.equal(await owner.forms.delete({ formId: a.form_id }), { ok: true, submissions_deleted: 1 });
    assert.is((await refusal(() => owner.forms.byId({ formId: a.form_id }))).status, 404);
    assert.is((await refusal(() => owner.drafts.get({ draftId }))).status, 404, 'its draft went with it');
    assert.is(await w.store.drafts.byId(draftId), undefined);
    assert.is((await refusal(() => owner.forms.delete({ formId: a.form_id }))).status, 404, 'deleted twice');
  },
);

drafts(`a draft's text: ${DRAFT_TEXT_MAX_BYTES} bytes are kept, one more is 413 payload_too_large`, async ({ w }) => {
  const owner = w.caller('owner');
  const { draft_id } = await owner.drafts.create({ template: 'blank' });
  // Multi-byte characters: the limit counts UTF-8 bytes, not characters.
  const edge = `"${'é'.repeat((DRAFT_TEXT_MAX_BYTES - 2) / 2)}"`;
  assert.is(Buffer.byteLength(edge), DRAFT_TEXT_MAX_BYTES);
  assert.is((await owner.drafts.save({ draftId: draft_id, text: edge })).text, edge);
  const over = await refusal(() => owner.drafts.save({ draftId: draft_id, text: `${edge} ` }));
  assert.equal([over.status, over.code], [413, 'payload_too_large']);
  assert.equal(over.details, [`text: larger than ${DRAFT_TEXT_MAX_BYTES} bytes (${DRAFT_TEXT_MAX_BYTES + 1})`]);
  assert.is((await owner.drafts.get({ draftId: draft_id })).text, edge, 'nothing changed');
  const overByForm = await refusal(() => owner.drafts.save({ formId: w.formId, text: `${edge} ` }));
  assert.is(overByForm.status, 413);
});

drafts('unknown template 422; save needs exactly one of draftId and formId; other workspaces 404', async ({ w }) => {
  const owner = w.caller('owner');
  const unknown = await refusal(() => owner.drafts.create({ template: 'nope' }));
  assert.equal(
    [unknown.status, unknown.details],
    [
      422,
      [
        'template: unknown; one of blank, contact, signup, feedback, nps, csat, product_feedback, ' +
          'product_market_fit, churn, quiz, feature_request, event_feedback, application',
      ],
    ],
  );
  assert.is((await refusal(() => owner.drafts.save({ text: '{}' }))).status, 400);
  assert.is((await refusal(() => owner.drafts.save({ draftId: 'x', formId: w.formId, text: '{}' }))).status, 400);
  const { draft_id } = await owner.drafts.create({ template: 'blank' });
  const outsider = w.caller('outsider');
  for (const call of [
    () => outsider.drafts.get({ draftId: draft_id }),
    () => outsider.drafts.save({ draftId: draft_id, text: '{}' }),
    () => outsider.drafts.publish({ draftId: draft_id }),
    () => outsider.drafts.discard({ draftId: draft_id }),
    () => outsider.drafts.forForm({ formId: w.formId }),
  ]) {
    assert.is((await refusal(call)).status, 404);
  }
  assert.not.ok((await outsider.drafts.list()).drafts.some((d) => d.draft_id === draft_id));
});

drafts('viewers read drafts but change nothing', async ({ w }) => {
  const viewer = w.caller('viewer');
  const { draft_id, text } = await w.caller('editor').drafts.create({ template: 'feedback' });
  assert.is((await viewer.drafts.get({ draftId: draft_id })).text, text);
  for (const call of [
    () => viewer.drafts.create({ template: 'blank' }),
    () => viewer.drafts.save({ draftId: draft_id, text: '{}' }),
    () => viewer.drafts.publish({ draftId: draft_id }),
    () => viewer.drafts.discard({ draftId: draft_id }),
    () => viewer.forms.restoreVersion({ formId: w.formId, version: 1 }),
    () => viewer.forms.duplicate({ formId: w.formId }),
    () => viewer.forms.delete({ formId: w.formId }),
    () => viewer.submissions.delete({ formId: w.formId, ids: ['x'] }),
  ]) {
    const r = await refusal(call);
    assert.equal([r.status, r.code], [403, 'forbidden']);
  }
  assert.is((await viewer.drafts.get({ draftId: draft_id })).text, text);
});

drafts.run();
