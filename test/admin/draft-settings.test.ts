// A new form's settings and pictures before its first publish, on the services (no HTTP): the builder keeps
// the thank-you message, the closing and the address in the draft (checked as settings.update checks them, a
// refusal changes nothing), pictures belong to the id the draft keeps for the form, and the first publish
// applies all of it in the write that makes the form, or nothing when it is refused.
import { Readable } from 'node:stream';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { TRPCError } from '@trpc/server';
import { NOT_THIS_FORMS_IMAGE } from '../../shared/definition/check-images.ts';
import { ApiError } from '../../server/lib/api-error.ts';
import { adminWorld, type AdminWorld } from '../helpers/admin-world.ts';
import { contactDefinition } from '../helpers/api.ts';
import { fixture } from '../helpers/images.ts';
import { tempDataDir } from '../helpers/server.ts';

/** Status, code and details of a refused call. */
async function refusal(call: () => Promise<unknown>): Promise<{ status: number; code: string; details: string[] }> {
  try {
    await call();
  } catch (err) {
    const cause = err instanceof TRPCError ? err.cause : err;
    assert.instance(cause, ApiError, String(err));
    const e = cause as ApiError;
    return { status: e.status, code: e.code, details: e.details };
  }
  throw new assert.Assertion({ message: 'expected a refusal', operator: 'refusal', expects: 'error', actual: 'ok' });
}

const pretty = (v: unknown) => JSON.stringify(v, null, 2);

const t = suite<{ w: AdminWorld }>('a new form settings and pictures before its first publish');
t.before(async (ctx) => {
  ctx.w = await adminWorld({ FORMSTEAD_FILES_DIR: await tempDataDir() });
});
t.after(async (ctx) => ctx.w.store.close());

/** A new form's draft holding the contact definition. */
async function newDraft(w: AdminWorld, definition: unknown = contactDefinition()) {
  const editor = w.caller('editor');
  const made = await editor.drafts.create({ template: 'blank' });
  await editor.drafts.save({ draftId: made.draft_id, text: pretty(definition) });
  return { editor, draftId: made.draft_id };
}

/** An image stored for the form a draft's pictures belong to. */
async function draftImage(w: AdminWorld, draftId: string) {
  const principal = (await w.services.accounts.principal(w.sessions.editor))!;
  const owner = await w.services.drafts.imageOwner(principal, draftId);
  return w.services.images.receive(owner, 'image', Readable.from([fixture('png')]));
}

const good = {
  success_message: 'Thanks, **{{name}}**',
  close_at: '2031-01-01T00:00:00.000Z',
  response_limit: 100,
  closed_message: 'We are *full*.',
  slug: 'draft-survey',
};

t(
  'settings are kept in the draft, seen as the form would have them, and refused whole when one is bad',
  async ({ w }) => {
    const { editor, draftId } = await newDraft(w);
    const before = await editor.drafts.settings({ draftId });
    assert.equal([before.success_message, before.close_at, before.response_limit, before.slug], ['', '', null, '']);
    assert.is(before.status, 'active');

    const saved = await editor.drafts.saveSettings({ draftId, patch: good });
    assert.equal(
      [saved.success_message, saved.close_at, saved.response_limit, saved.closed_message, saved.slug],
      Object.values(good),
    );
    assert.is(saved.form_id, before.form_id, 'the id the first publish gives the form');
    assert.equal(await editor.drafts.settings({ draftId }), saved);
    const changes = async () =>
      (await w.caller('owner').workspace.audit({ limit: 100 })).entries.filter(
        (e) => e.action === 'settings.changed' && e.target === saved.form_id,
      );
    const audited = await changes();
    assert.is(audited.length, 1, 'the save is in the audit log, under the id the form will have');
    assert.equal(audited[0].detail, { settings: Object.keys(good).sort(), draft: draftId });
    assert.is(audited[0].actor.id, w.userIds.editor);

    // Every problem at once; nothing of the patch is kept.
    const bad = await refusal(() =>
      editor.drafts.saveSettings({
        draftId,
        patch: {
          success_message: 'Hi {{nobody}}',
          response_limit: 0,
          slug: 'admin',
          closed_message: 'x'.repeat(5000),
          webhook_url: 'https://example.com/hook',
        },
      }),
    );
    assert.is(bad.status, 422);
    const paths = bad.details.map((d) => d.split(':')[0]).sort();
    assert.equal(paths, ['closed_message', 'response_limit', 'slug', 'success_message', 'webhook_url']);
    assert.ok(bad.details.some((d) => d.startsWith('slug: "admin" is reserved')));
    assert.ok(bad.details.includes("webhook_url: set on the form's Settings page after its first publish"));
    assert.equal(await editor.drafts.settings({ draftId }), saved, 'the refused patch changed nothing');

    // Another form's address, or its id: 409, nothing kept.
    await w.services.settings.update((await w.store.forms.byId(w.formId))!, { slug: 'taken-address' });
    const taken = await refusal(() => editor.drafts.saveSettings({ draftId, patch: { slug: 'taken-address' } }));
    assert.equal([taken.status, taken.code], [409, 'slug_taken']);
    assert.is((await editor.drafts.settings({ draftId })).slug, 'draft-survey');
    assert.is((await changes()).length, 1, 'a refused save is not audited');

    // A viewer may look, not change; a form's draft has the form's own settings.
    assert.is((await refusal(() => w.caller('viewer').drafts.saveSettings({ draftId, patch: {} }))).status, 403);
    const formDraft = await editor.drafts.save({ formId: w.formId, text: pretty(contactDefinition()) });
    const ofForm = await refusal(() => editor.drafts.saveSettings({ draftId: formDraft.draft_id, patch: {} }));
    assert.is(ofForm.status, 422);
    await editor.drafts.discard({ draftId: formDraft.draft_id });
  },
);

t(
  'the first publish applies the settings and keeps the pictures: the form has them from its first version',
  async ({ w }) => {
    const { editor, draftId } = await newDraft(w);
    const image = await draftImage(w, draftId);
    const definition = contactDefinition({
      fields: [
        ...contactDefinition().fields,
        { key: 'intro', type: 'statement', label: 'Hello', image: `/i/${image.id}`, imageAlt: 'A green band' },
      ],
    });
    await editor.drafts.save({ draftId, text: pretty(definition) });
    const settings = await editor.drafts.saveSettings({ draftId, patch: { ...good, slug: 'first-publish' } });
    const published = await editor.drafts.publish({ draftId });
    assert.is(published.form_id, settings.form_id, 'the id the pictures were uploaded for');
    assert.is(published.version, 1);
    const form = (await w.store.forms.byId(published.form_id))!;
    assert.equal(
      [form.successMessage, form.closeAt, form.responseLimit, form.closedMessage, form.slug],
      [good.success_message, good.close_at, good.response_limit, good.closed_message, 'first-publish'],
    );
    assert.equal(
      (await w.services.images.ofForm(published.form_id)).map((i) => i.id),
      [image.id],
    );
    assert.is(await w.store.drafts.byId(draftId), undefined, 'the draft is gone');
  },
);

t('a refused first publish changes nothing: no form, the draft and its settings kept', async ({ w }) => {
  const { editor, draftId } = await newDraft(w);
  const image = await draftImage(w, draftId);
  const settings = await editor.drafts.saveSettings({ draftId, patch: { ...good, slug: 'refused-first' } });
  const formId = settings.form_id;
  const formsBefore = (await w.store.forms.listByWorkspace(w.workspaceId)).length;
  const nothingMade = async () => {
    assert.is(await w.store.forms.byId(formId), undefined);
    assert.is((await w.store.forms.listByWorkspace(w.workspaceId)).length, formsBefore);
    assert.is(await w.store.forms.bySlug('refused-first'), undefined);
    assert.equal(await editor.drafts.settings({ draftId }), settings, 'the settings wait in the draft');
  };

  // A definition publishing refuses.
  await editor.drafts.save({ draftId, text: pretty(contactDefinition({ submit: 3 })) });
  const broken = await refusal(() => editor.drafts.publish({ draftId }));
  assert.equal([broken.status, broken.details], [422, ['definition.submit: expected object']]);
  await nothingMade();

  // A setting the new text makes wrong: the thank-you message pipes a field the text no longer has.
  const withoutName = contactDefinition({ fields: contactDefinition().fields.filter((f) => f.key !== 'name') });
  await editor.drafts.save({ draftId, text: pretty(withoutName) });
  const piping = await refusal(() => editor.drafts.publish({ draftId }));
  assert.is(piping.status, 422);
  assert.equal(piping.details.length, 1);
  assert.match(piping.details[0], /^success_message: .*name/);
  await nothingMade();

  // Another draft's picture is not this form's.
  const other = await newDraft(w);
  const foreign = await draftImage(w, other.draftId);
  const withForeign = contactDefinition({
    fields: [
      ...contactDefinition().fields,
      { key: 'pic', type: 'statement', label: 'P', image: `/i/${foreign.id}`, imageAlt: 'x' },
    ],
  });
  await editor.drafts.save({ draftId, text: pretty(withForeign) });
  const foreignRefused = await refusal(() => editor.drafts.publish({ draftId }));
  assert.equal(foreignRefused.details, [`definition.fields[4].image: ${NOT_THIS_FORMS_IMAGE}`]);
  await nothingMade();

  // The address was taken after it was kept in the draft: 409, nothing made.
  await editor.drafts.save({ draftId, text: pretty(contactDefinition()) });
  const taker = await editor.drafts.create({ template: 'blank' });
  const takerSettings = await editor.drafts.saveSettings({ draftId: taker.draft_id, patch: { slug: 'refused-first' } });
  await editor.drafts.publish({ draftId: taker.draft_id });
  assert.is((await w.store.forms.bySlug('refused-first'))?.id, takerSettings.form_id);
  const taken = await refusal(() => editor.drafts.publish({ draftId }));
  assert.equal([taken.status, taken.code], [409, 'slug_taken']);
  assert.is(await w.store.forms.byId(formId), undefined);
  assert.equal(await editor.drafts.settings({ draftId }), settings);
  assert.equal(
    (await w.services.images.ofForm(formId)).map((i) => i.id),
    [image.id],
    'the draft keeps its pictures',
  );

  // Another address, and it publishes with everything.
  await editor.drafts.saveSettings({ draftId, patch: { slug: 'refused-then-ok' } });
  const published = await editor.drafts.publish({ draftId });
  assert.equal([published.form_id, (await w.store.forms.byId(formId))?.slug], [formId, 'refused-then-ok']);

  // Discarding a draft never published takes its pictures with it.
  await editor.drafts.discard({ draftId: other.draftId });
  assert.equal(await w.services.images.ofForm(foreign.formId), []);
  assert.is(await w.services.images.find(foreign.id), undefined);
});

t.run();
