// Contract of forms: versions, settings, lists, unclaimed forms (claimed once, expiring) and deletion
// (what a form takes with it).
import * as assert from 'uvu/assert';
import type { FormRecord } from '../../../server/core/store/types.ts';
import { contractSuite, type StoreFactory } from './harness.ts';
import {
  at,
  DAY,
  form,
  formRecord,
  HOUR,
  newSubmission,
  SECOND,
  uid,
  unclaimedForm,
  uuid,
  workspace,
} from './fixtures.ts';

/** Rows for forms. */
export function formsContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'forms', factory);

  rule('forms.create', 'reads back field for field, with its first version', async ({ store }) => {
    const ws = await workspace(store);
    const f = formRecord({
      workspaceId: ws.id,
      title: 'Zoë’s form',
      successMessage: 'Thanks',
      redirectUrl: 'https://example.com/done',
      allowAnotherResponse: true,
      notifyMode: 'milestones',
      notifyEmailTo: 'me@example.com',
      webhookUrl: 'https://example.com/hook',
      webhookSecret: `whsec_${'ab'.repeat(32)}`,
    });
    await store.forms.create(f, '{"id":"contact","title":"Zoë"}');
    assert.equal(await store.forms.byId(f.id), f);
    assert.equal(await store.forms.version(f.id, 1), {
      formId: f.id,
      version: 1,
      definition: '{"id":"contact","title":"Zoë"}',
      createdAt: f.createdAt,
    });
  });
  rule(
    'forms.create',
    'an unclaimed form keeps its agent key, expiry and claim token; paused by moderation reads back',
    async ({ store }) => {
      const f = formRecord({
        agentKeyId: 'agent-1',
        expiresAt: at(7 * DAY),
        claimTokenHash: 'claim-1',
        status: 'paused',
        moderationPaused: true,
      });
      await store.forms.create(f, '{}');
      assert.equal(await store.forms.byId(f.id), f);
    },
  );
  rule(
    'forms.create',
    'a new form keeps its closing and address; a taken slug refuses the whole write',
    async ({ store }) => {
      const f = formRecord({
        closeAt: '2027-01-01T00:00:00.000Z',
        responseLimit: 50,
        closedMessage: 'We are **full**.',
        slug: 'spring-survey',
      });
      await store.forms.create(f, '{}');
      assert.equal(await store.forms.byId(f.id), f);
      const other = formRecord({ slug: 'spring-survey' });
      let refused = false;
      await store.forms.create(other, '{}').catch(() => {
        refused = true;
      });
      assert.ok(refused, 'the unique address refuses the second form');
      assert.is(await store.forms.byId(other.id), undefined, 'nothing of it is stored');
      assert.equal(await store.forms.versions(other.id), []);
    },
  );
  rule('forms.byId', 'an unknown id reads undefined', async ({ store }) => {
    assert.is(await store.forms.byId('nope'), undefined);
  });
  rule(
    'forms.byClaimTokenHash',
    'finds the unclaimed form by its token hash; unknown reads undefined',
    async ({ store }) => {
      const f = await unclaimedForm(store, 'agent-1', { claimTokenHash: 'claim-x' });
      assert.is((await store.forms.byClaimTokenHash('claim-x'))?.id, f.id);
      assert.is(await store.forms.byClaimTokenHash('claim-y'), undefined);
    },
  );

  rule('forms.setSlug', 'gives a form its slug, found by bySlug; "" removes it', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    assert.is(await store.forms.setSlug(f.id, 'spring-survey'), true);
    assert.equal(await store.forms.byId(f.id), { ...f, slug: 'spring-survey' });
    assert.is(await store.forms.setSlug(f.id, 'spring-survey'), true, 'its own slug again is no conflict');
    assert.is(await store.forms.setSlug(f.id, ''), true);
    assert.is((await store.forms.byId(f.id))?.slug, '');
    assert.is(await store.forms.bySlug('spring-survey'), undefined);
  });
  rule('forms.setSlug', "another form's slug is refused (false) and changes nothing", async ({ store }) => {
    const ws = await workspace(store);
    const a = await form(store, ws.id);
    const b = await form(store, ws.id);
    assert.is(await store.forms.setSlug(a.id, 'taken'), true);
    assert.is(await store.forms.setSlug(b.id, 'taken'), false);
    assert.is((await store.forms.byId(b.id))?.slug, '');
    assert.is((await store.forms.bySlug('taken'))?.id, a.id);
  });
  rule('forms.setSlug', 'two forms asking for one slug at once: exactly one gets it', async ({ store }) => {
    const ws = await workspace(store);
    const forms = [await form(store, ws.id), await form(store, ws.id), await form(store, ws.id)];
    const results = await Promise.all(forms.map((f) => store.forms.setSlug(f.id, 'race')));
    assert.is(results.filter(Boolean).length, 1);
    assert.is((await store.forms.bySlug('race'))?.id, forms[results.indexOf(true)].id);
  });
  rule('forms.bySlug', 'finds a form by its slug; unknown and "" read undefined', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    await store.forms.setSlug(f.id, 'hello');
    assert.is((await store.forms.bySlug('hello'))?.id, f.id);
    assert.is(await store.forms.bySlug('hellO'), undefined, 'slugs match exactly');
    assert.is(await store.forms.bySlug('nope'), undefined);
    assert.is(await store.forms.bySlug(''), undefined, 'forms without a slug are not found by ""');
  });
  rule(
    'forms.update',
    'close_at, response_limit and closed_message are settings like the others',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const patch = { closeAt: '2027-01-01T00:00:00.000Z', responseLimit: 50, closedMessage: 'Thanks, we are full.' };
      await store.forms.update(f.id, patch);
      assert.equal(await store.forms.byId(f.id), { ...f, ...patch });
      await store.forms.update(f.id, { closeAt: '', responseLimit: null });
      assert.equal(await store.forms.byId(f.id), { ...f, closedMessage: 'Thanks, we are full.' });
    },
  );

  rule(
    'forms.addVersion',
    'adds a version, moves version and title, applies the given settings only',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id, { successMessage: 'old', redirectUrl: 'https://example.com/r' });
      await store.forms.addVersion(
        f.id,
        2,
        '{"v":2}',
        'New title',
        { successMessage: 'new', allowAnotherResponse: true },
        at(HOUR),
      );
      const after = await store.forms.byId(f.id);
      assert.equal(after, { ...f, version: 2, title: 'New title', successMessage: 'new', allowAnotherResponse: true });
      assert.equal(await store.forms.version(f.id, 2), {
        formId: f.id,
        version: 2,
        definition: '{"v":2}',
        createdAt: at(HOUR),
      });
      assert.is((await store.forms.version(f.id, 1))?.definition, '{"id":"contact"}', 'the first version stays');
    },
  );
  rule('forms.version', 'an unknown version or form reads undefined', async ({ store }) => {
    const f = await form(store, null);
    assert.is(await store.forms.version(f.id, 2), undefined);
    assert.is(await store.forms.version('nope', 1), undefined);
  });
  rule('forms.versions', 'every version, newest first; none for an unknown form', async ({ store }) => {
    const f = await form(store, null);
    for (const v of [2, 3]) await store.forms.addVersion(f.id, v, `{"v":${v}}`, 't', {}, at(v * SECOND));
    assert.equal(
      (await store.forms.versions(f.id)).map((v) => v.version),
      [3, 2, 1],
    );
    assert.equal(await store.forms.versions('nope'), []);
  });

  rule('forms.update', 'changes the given settings and status; undefined fields stay', async ({ store }) => {
    const f = await form(store, (await workspace(store)).id, { notifyMode: 'milestones', successMessage: 'keep' });
    const patch = {
      status: 'paused',
      webhookUrl: 'https://example.com/h',
      webhookSecret: 's',
      notifyMode: 'off',
      successMessage: undefined,
    } as const;
    await store.forms.update(f.id, patch);
    assert.equal(await store.forms.byId(f.id), {
      ...f,
      status: 'paused',
      webhookUrl: 'https://example.com/h',
      webhookSecret: 's',
      notifyMode: 'off',
    });
  });
  rule(
    'forms.update',
    'every updatable field round-trips, including clearing strings and moderation',
    async ({ store }) => {
      const f = await form(store, null, {
        successMessage: 'x',
        redirectUrl: 'https://e.com',
        webhookUrl: 'https://e.com/h',
        webhookSecret: 's',
        notifyEmailTo: 'a@b.c',
      });
      const patch: Partial<FormRecord> = {
        status: 'paused',
        moderationPaused: true,
        successMessage: '',
        redirectUrl: '',
        allowAnotherResponse: true,
        notifyMode: 'milestones',
        notifyEmailTo: '',
        webhookUrl: '',
        webhookSecret: '',
      };
      await store.forms.update(f.id, patch);
      assert.equal(await store.forms.byId(f.id), { ...f, ...patch });
      await store.forms.update(f.id, { status: 'active', moderationPaused: false, allowAnotherResponse: false });
      assert.equal(await store.forms.byId(f.id), {
        ...f,
        ...patch,
        status: 'active',
        moderationPaused: false,
        allowAnotherResponse: false,
      });
    },
  );

  rule(
    'forms.listByWorkspace',
    'forms made in the same millisecond: by id in byte order, descending (not a language order)',
    async ({ store }) => {
      const ws = await workspace(store);
      // Byte order: 'B' (0x42) < 'a' < 'a-b' ('-' 0x2d) < 'a_b' ('_' 0x5f). A language collation such as
      // en-US puts 'a' before 'B' and 'a_b' before 'a-b'; a backend must compare the way sql.js does.
      for (const id of ['a', 'a-b', 'B', 'a_b']) await form(store, ws.id, { id });
      assert.equal(
        (await store.forms.listByWorkspace(ws.id)).map((f) => f.id),
        ['a_b', 'a-b', 'a', 'B'],
      );
    },
  );
  rule(
    'forms.listByWorkspace',
    "the workspace's forms, newest first; unclaimed and other workspaces' are not listed",
    async ({ store }) => {
      const ws = await workspace(store);
      const old = await form(store, ws.id, { createdAt: at(-DAY) });
      const newest = await form(store, ws.id, { createdAt: at(DAY) });
      const mid = await form(store, ws.id, { createdAt: at() });
      await form(store, (await workspace(store)).id);
      await unclaimedForm(store, 'agent-1');
      assert.equal(
        (await store.forms.listByWorkspace(ws.id)).map((f) => f.id),
        [newest.id, mid.id, old.id],
      );
    },
  );
  rule(
    'forms.listByAgentKey',
    "the key's forms newest first, claimed ones too; other keys' are not listed",
    async ({ store }) => {
      const ws = await workspace(store);
      const a = await unclaimedForm(store, 'agent-1', { createdAt: at(-HOUR) });
      const b = await unclaimedForm(store, 'agent-1', { createdAt: at() });
      await unclaimedForm(store, 'agent-2');
      await store.forms.claim(a.id, ws.id);
      assert.equal(
        (await store.forms.listByAgentKey('agent-1')).map((f) => f.id),
        [b.id, a.id],
      );
    },
  );
  rule(
    'forms.listModerationPaused',
    'forms paused by moderation across the instance, newest first, at most limit',
    async ({ store }) => {
      const ws = await workspace(store);
      const rows: [createdMs: number, workspaceId: string | null, moderated: boolean][] = [
        [-3 * HOUR, null, true],
        [-2 * HOUR, ws.id, true],
        [-HOUR, null, false],
        [0, null, true],
      ];
      const made = [];
      for (const [createdMs, workspaceId, moderated] of rows) {
        made.push(
          await form(store, workspaceId, {
            createdAt: at(createdMs),
            moderationPaused: moderated,
            status: moderated ? 'paused' : 'active',
          }),
        );
      }
      assert.equal(
        (await store.forms.listModerationPaused(10)).map((f) => f.id),
        [made[3].id, made[1].id, made[0].id],
      );
      assert.equal(
        (await store.forms.listModerationPaused(2)).map((f) => f.id),
        [made[3].id, made[1].id],
      );
    },
  );

  rule(
    'forms.countUnclaimedByAgentKey',
    'counts the unclaimed forms of that key; a claim lowers it',
    async ({ store }) => {
      const ws = await workspace(store);
      const forms = [];
      for (let i = 0; i < 3; i++) forms.push(await unclaimedForm(store, 'agent-1'));
      await unclaimedForm(store, 'agent-2');
      assert.is(await store.forms.countUnclaimedByAgentKey('agent-1'), 3);
      await store.forms.claim(forms[0].id, ws.id);
      assert.is(await store.forms.countUnclaimedByAgentKey('agent-1'), 2);
      assert.is(await store.forms.countUnclaimedByAgentKey('agent-3'), 0);
    },
  );
  rule(
    'forms.countUnclaimedByAgentKey',
    'an unclaimed form past its expiry still counts until it is swept',
    async ({ store }) => {
      await unclaimedForm(store, 'agent-1', {}, -HOUR);
      assert.is(await store.forms.countUnclaimedByAgentKey('agent-1'), 1);
    },
  );

  rule(
    'forms.createUnclaimedIfUnder',
    'creates below max (limit-1 held), refuses at max and stores nothing; a claim makes room',
    async ({ store }) => {
      const ws = await workspace(store);
      const held = [];
      for (let i = 0; i < 2; i++) held.push(await unclaimedForm(store, 'agent-1'));
      await unclaimedForm(store, 'agent-2');
      const third = formRecord({
        workspaceId: null,
        agentKeyId: 'agent-1',
        expiresAt: at(DAY),
        claimTokenHash: uid('claim'),
      });
      assert.is(await store.forms.createUnclaimedIfUnder(third, '{"id":"third"}', 3), true);
      assert.equal(await store.forms.byId(third.id), third);
      assert.is((await store.forms.version(third.id, 1))?.definition, '{"id":"third"}');
      const fourth = formRecord({
        workspaceId: null,
        agentKeyId: 'agent-1',
        expiresAt: at(DAY),
        claimTokenHash: uid('claim'),
      });
      assert.is(await store.forms.createUnclaimedIfUnder(fourth, '{"id":"fourth"}', 3), false, 'at max');
      assert.is(await store.forms.byId(fourth.id), undefined);
      assert.is(await store.forms.version(fourth.id, 1), undefined);
      await store.forms.claim(held[0].id, ws.id);
      assert.is(
        await store.forms.createUnclaimedIfUnder(fourth, '{"id":"fourth"}', 3),
        true,
        'a claimed form no longer counts',
      );
      assert.is(await store.forms.countUnclaimedByAgentKey('agent-1'), 3);
    },
  );
  rule(
    'forms.createUnclaimedIfUnder',
    '10 concurrent creations for one agent key with max 3 create exactly 3',
    async ({ store }) => {
      const made = await Promise.all(
        Array.from({ length: 10 }, () =>
          store.forms.createUnclaimedIfUnder(
            formRecord({ workspaceId: null, agentKeyId: 'agent-1', expiresAt: at(DAY), claimTokenHash: uid('claim') }),
            '{}',
            3,
          ),
        ),
      );
      assert.is(made.filter(Boolean).length, 3);
      assert.is(await store.forms.countUnclaimedByAgentKey('agent-1'), 3);
    },
  );

  rule(
    'forms.claim',
    'moves the form into the workspace, clears expiry and claim token, keeps the agent key',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await unclaimedForm(store, 'agent-1', { claimTokenHash: 'claim-1' });
      assert.is(await store.forms.claim(f.id, ws.id), true);
      assert.equal(await store.forms.byId(f.id), { ...f, workspaceId: ws.id, expiresAt: null, claimTokenHash: null });
      assert.is(await store.forms.byClaimTokenHash('claim-1'), undefined, 'the link works once');
    },
  );
  rule(
    'forms.claim',
    'a claimed form is not claimed again (false, stays where it is); an unknown form is false',
    async ({ store }) => {
      const ws = await workspace(store);
      const other = await workspace(store);
      const f = await unclaimedForm(store, 'agent-1');
      assert.is(await store.forms.claim(f.id, ws.id), true);
      assert.is(await store.forms.claim(f.id, other.id), false);
      assert.is((await store.forms.byId(f.id))?.workspaceId, ws.id);
      assert.is(await store.forms.claim('nope', ws.id), false);
    },
  );
  rule('forms.claim', 'two workspaces claiming at once: exactly one wins', async ({ store }) => {
    const spaces = [await workspace(store), await workspace(store), await workspace(store)];
    const f = await unclaimedForm(store, 'agent-1');
    const results = await Promise.all(spaces.map((ws) => store.forms.claim(f.id, ws.id)));
    assert.is(results.filter(Boolean).length, 1);
    assert.is((await store.forms.byId(f.id))?.workspaceId, spaces[results.indexOf(true)].id);
  });

  rule(
    'forms.expiredUnclaimed',
    'unclaimed forms whose expiry is at or before now; claimed and later ones are not',
    async ({ store }) => {
      const ws = await workspace(store);
      const rows: [title: string, ttl: number, claimed: boolean, expired: boolean][] = [
        ['long expired', -DAY, false, true],
        ['expiring exactly now', 0, false, true],
        ['a millisecond left', 1, false, false],
        ['claimed after expiry time', -DAY, true, false],
      ];
      const ids: Record<string, string> = {};
      for (const [title, ttl, claimed] of rows) {
        const f = await unclaimedForm(store, 'agent-1', {}, ttl);
        if (claimed) await store.forms.claim(f.id, ws.id);
        ids[title] = f.id;
      }
      await form(store, ws.id);
      const expired = new Set(await store.forms.expiredUnclaimed(at()));
      for (const [title, , , isExpired] of rows) assert.is(expired.has(ids[title]), isExpired, title);
      assert.is(expired.size, 2);
    },
  );

  rule(
    'forms.delete',
    'takes its versions, submissions, idempotency records, deliveries, delivery log, reports and draft along',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id, { webhookUrl: 'https://example.com/h', webhookSecret: 's' });
      const keep = await form(store, ws.id, { webhookUrl: 'https://example.com/h', webhookSecret: 's' });
      const seed = async (formId: string, key: string) => {
        const sub = newSubmission(formId, ws.id, {
          idempotency: { key, bodyHash: 'h', status: 201, response: '{}' },
          delivery: { id: uuid(), payload: '{}', nextAttemptAt: at() },
        });
        await store.submissions.insert(sub);
        await store.webhooks.recordAttempt({
          deliveryId: sub.delivery!.id,
          attempt: {
            formId,
            submissionId: sub.id,
            attempt: 1,
            statusCode: 500,
            error: 'http 500',
            durationMs: 5,
            createdAt: at(SECOND),
          },
          next: { state: 'pending', nextAttemptAt: at(HOUR) },
          logSize: 100,
          failureMail: { after: 5, notSince: at(-DAY) },
        });
        await store.reports.add({ formId, networkHash: 'net-1', createdAt: at() }, at(-DAY));
        return sub;
      };
      const gone = await seed(f.id, 'k1');
      const kept = await seed(keep.id, 'k1');
      await store.forms.addVersion(f.id, 2, '{}', 't', {}, at());
      const draft = {
        id: uid('draft'),
        workspaceId: ws.id,
        formId: f.id,
        text: '{}',
        baseVersion: 2,
        updatedAt: at(),
        updatedBy: 'user-1',
        settings: {},
        newFormId: null,
      };
      await store.drafts.put(draft);
      await store.drafts.put({ ...draft, id: uid('draft'), formId: keep.id });
      assert.is(await store.forms.delete(f.id), 1, 'answers how many submissions went');

      assert.is(await store.forms.byId(f.id), undefined);
      assert.equal(await store.forms.versions(f.id), []);
      assert.equal(await store.submissions.page(f.id, 10), []);
      assert.is(await store.idempotency.get(f.id, 'k1'), undefined);
      assert.is(await store.webhooks.byId(gone.delivery!.id), undefined, 'deliveries are deleted, not only cancelled');
      assert.equal(await store.webhooks.attempts(f.id, 10), []);
      assert.equal(
        (await store.reports.summary(at(-DAY), 10)).map((r) => r.formId),
        [keep.id],
      );
      assert.equal(await store.webhooks.due(at(DAY), 10), [{ id: kept.delivery!.id, formId: keep.id }]);
      assert.is(await store.drafts.byId(draft.id), undefined);
      assert.equal([...(await store.drafts.formsWithDraft(ws.id))], [keep.id]);

      // The other form of the workspace is untouched.
      assert.is((await store.submissions.page(keep.id, 10)).length, 1);
      assert.ok(await store.idempotency.get(keep.id, 'k1'));
      assert.is((await store.webhooks.attempts(keep.id, 10)).length, 1);
    },
  );
  rule(
    'forms.delete',
    "keeps what is not the form's: its workspace, the month's usage (those submissions were made)",
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      await store.submissions.insert(newSubmission(f.id, ws.id));
      await store.forms.delete(f.id);
      assert.ok(await store.workspaces.byId(ws.id));
      assert.is(await store.workspaces.monthlyUsage(ws.id, at().slice(0, 7)), 1);
      assert.is(await store.forms.delete(f.id), 0, 'a second time: nothing to delete');
      assert.is(await store.forms.delete('never-was'), 0);
    },
  );
  rule(
    'forms.delete',
    'an unclaimed form leaves the count of its agent key and the expiry sweep',
    async ({ store }) => {
      const f = await unclaimedForm(store, 'agent-1', {}, -HOUR);
      await store.forms.delete(f.id);
      assert.is(await store.forms.countUnclaimedByAgentKey('agent-1'), 0);
      assert.equal(await store.forms.expiredUnclaimed(at()), []);
    },
  );

  run();
}
