// Contract of the per-response mail: a form's next mail claimed in one write (at most one per window,
// covering everything waiting), the forms with mail waiting, the settings behind it, and the outbox sweep.
import * as assert from 'uvu/assert';
import type { FormRecord, OutboxRecord, Store } from '../../../server/core/store/types.ts';
import { contractSuite, type StoreFactory } from './harness.ts';
import {
  at,
  DAY,
  form,
  formRecord,
  HOUR,
  MINUTE,
  newSubmission,
  SECOND,
  submissions,
  uid,
  workspace,
} from './fixtures.ts';

/** A claimed form with mail on every response, stored. */
async function mailed(store: Store, over: Partial<FormRecord> = {}) {
  const ws = await workspace(store);
  return form(store, ws.id, { notifyEachResponse: true, ...over });
}

/**
 * Stores one imported row of `f` at `atMs`, quiet for the mail (an import without notify) unless `quiet` is false;
 * returns its id.
 */
async function imported(store: Store, f: FormRecord, atMs: number, quiet = true) {
  const sub = newSubmission(f.id, f.workspaceId, { createdAt: at(atMs), importId: uid('row'), mailQuiet: quiet });
  const outcome = await store.submissions.insert(sub);
  if (outcome.kind !== 'stored') throw new Error(`seeding an imported row: ${outcome.kind}`);
  return sub.id;
}

/** Rows for forms.claimResponseMail, forms.withWaitingResponseMail, the new settings, outbox.sweep. */
export function responseMailContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'response mail', factory);
  const claim = (store: Store, formId: string, nowMs: number, notSinceMs: number, limit = 10) =>
    store.forms.claimResponseMail(formId, at(nowMs), at(notSinceMs), limit);

  rule(
    'forms.claimResponseMail',
    'nothing waiting (no submissions, or an unknown form): undefined, and nothing changes',
    async ({ store }) => {
      const f = await mailed(store);
      assert.is(await claim(store, f.id, HOUR, 0), undefined);
      assert.equal(await store.forms.byId(f.id), f);
      assert.is(await claim(store, 'nope', HOUR, 0), undefined);
    },
  );
  rule(
    'forms.claimResponseMail',
    'lists the waiting submissions oldest first as page reads them, marks them covered and the mail sent now; ' +
      "other forms' not mixed in",
    async ({ store }) => {
      const f = await mailed(store);
      const g = await mailed(store);
      const ids = await submissions(store, f.id, f.workspaceId, 3);
      await submissions(store, g.id, g.workspaceId, 2);
      const got = await claim(store, f.id, HOUR, 0);
      assert.equal(got, { submissions: (await store.submissions.page(f.id, 10)).reverse(), total: 3 });
      assert.equal(
        got!.submissions.map((s) => s.id),
        ids,
      );
      const after = await store.forms.byId(f.id);
      assert.equal([after?.responseMailSeq, after?.responseMailAt], [await store.submissions.lastSeq(f.id), at(HOUR)]);
      assert.equal((await store.forms.byId(g.id))?.responseMailAt, null, 'the other form is untouched');
    },
  );
  rule('forms.claimResponseMail', 'the next mail covers only what arrived after the last one', async ({ store }) => {
    const f = await mailed(store);
    await submissions(store, f.id, f.workspaceId, 2);
    await claim(store, f.id, HOUR, 0);
    assert.is(await claim(store, f.id, 2 * HOUR, HOUR), undefined, 'nothing new');
    const [late] = await submissions(store, f.id, f.workspaceId, 1, 90 * MINUTE);
    const got = await claim(store, f.id, 2 * HOUR, HOUR);
    assert.equal([got?.submissions.map((s) => s.id), got?.total], [[late], 1]);
  });
  const LIMIT = 3;
  for (const [title, waiting] of [
    ['limit-1 waiting: all listed', LIMIT - 1],
    ['limit waiting: all listed', LIMIT],
    ['limit+1 waiting: the oldest limit listed, all counted and covered', LIMIT + 1],
  ] as const) {
    rule('forms.claimResponseMail', title, async ({ store }) => {
      const f = await mailed(store);
      const ids = await submissions(store, f.id, f.workspaceId, waiting);
      const got = await claim(store, f.id, HOUR, 0, LIMIT);
      assert.equal(
        got?.submissions.map((s) => s.id),
        ids.slice(0, LIMIT),
      );
      assert.is(got?.total, waiting);
      assert.is(await claim(store, f.id, 2 * HOUR, HOUR, LIMIT), undefined, 'every one is covered');
      assert.is((await store.forms.byId(f.id))?.responseMailSeq, await store.submissions.lastSeq(f.id));
    });
  }
  const LAST = HOUR;
  for (const [title, notSinceMs, claims] of [
    ['the last mail one millisecond after notSince: a mail went out since, undefined', LAST - 1, false],
    ['the last mail exactly at notSince: claimed (the window is after it)', LAST, true],
    ['the last mail one millisecond before notSince: claimed', LAST + 1, true],
  ] as const) {
    rule('forms.claimResponseMail', `one mail per window, ${title}`, async ({ store }) => {
      const f = await mailed(store);
      await submissions(store, f.id, f.workspaceId, 1);
      await claim(store, f.id, LAST, 0);
      const [waiting] = await submissions(store, f.id, f.workspaceId, 1, LAST + MINUTE);
      const before = await store.forms.byId(f.id);
      const got = await claim(store, f.id, LAST + 2 * MINUTE, notSinceMs);
      assert.equal(
        got?.submissions.map((s) => s.id),
        claims ? [waiting] : undefined,
      );
      if (!claims) assert.equal(await store.forms.byId(f.id), before, 'a refused claim changes nothing');
      else assert.is((await store.forms.byId(f.id))?.responseMailAt, at(LAST + 2 * MINUTE));
    });
  }
  rule(
    'forms.claimResponseMail',
    'starts after responseMailSeq: set to lastSeq (mail turned on), the older ones are never mailed',
    async ({ store }) => {
      const f = await mailed(store);
      await submissions(store, f.id, f.workspaceId, 3);
      await store.forms.update(f.id, { responseMailSeq: await store.submissions.lastSeq(f.id) });
      assert.is(await claim(store, f.id, HOUR, 0), undefined);
      const [fresh] = await submissions(store, f.id, f.workspaceId, 1, MINUTE);
      assert.equal(
        (await claim(store, f.id, HOUR, 0))?.submissions.map((s) => s.id),
        [fresh],
      );
    },
  );
  rule('forms.claimResponseMail', 'deleted submissions are neither listed nor counted', async ({ store }) => {
    const f = await mailed(store);
    const ids = await submissions(store, f.id, f.workspaceId, 3);
    await store.submissions.delete(f.id, [ids[1]], at(MINUTE));
    const got = await claim(store, f.id, HOUR, 0);
    assert.equal([got?.submissions.map((s) => s.id), got?.total], [[ids[0], ids[2]], 2]);
  });
  rule(
    'forms.claimResponseMail',
    'five claims at once for one window: exactly one mail, covering all',
    async ({ store }) => {
      const f = await mailed(store);
      await submissions(store, f.id, f.workspaceId, 4);
      const got = await Promise.all(Array.from({ length: 5 }, () => claim(store, f.id, HOUR, 0)));
      const claimed = got.filter((c) => c !== undefined);
      assert.is(claimed.length, 1);
      assert.is(claimed[0]!.total, 4);
    },
  );

  rule(
    'forms.claimResponseMail',
    'quiet rows (an import without notify) are neither listed nor counted, but covered: the mark passes them',
    async ({ store }) => {
      const f = await mailed(store);
      const [first] = await submissions(store, f.id, f.workspaceId, 1);
      await imported(store, f, SECOND);
      const sent = await imported(store, f, 2 * SECOND, false);
      const [last] = await submissions(store, f.id, f.workspaceId, 1, 3 * SECOND);
      await imported(store, f, 4 * SECOND);
      const got = await claim(store, f.id, HOUR, 0);
      assert.equal([got?.submissions.map((s) => s.id), got?.total], [[first, sent, last], 3]);
      const after = await store.forms.byId(f.id);
      assert.equal([after?.responseMailSeq, after?.responseMailAt], [await store.submissions.lastSeq(f.id), at(HOUR)]);
      assert.is(await claim(store, f.id, 2 * HOUR, HOUR), undefined, 'the quiet row last is covered too');
    },
  );
  const LISTED = 2;
  rule(
    'forms.claimResponseMail',
    'quiet rows take no place of the limit: limit+1 waiting among quiet ones, the oldest limit listed, all counted',
    async ({ store }) => {
      const f = await mailed(store);
      const ids: string[] = [];
      for (let i = 0; i <= LISTED; i++) {
        await imported(store, f, 2 * i * SECOND);
        ids.push(...(await submissions(store, f.id, f.workspaceId, 1, (2 * i + 1) * SECOND)));
      }
      const got = await claim(store, f.id, HOUR, 0, LISTED);
      assert.equal([got?.submissions.map((s) => s.id), got?.total], [ids.slice(0, LISTED), LISTED + 1]);
    },
  );
  rule(
    'forms.claimResponseMail',
    'only quiet rows waiting: undefined and no mail time, but they are covered, so a later answer is claimed alone',
    async ({ store }) => {
      const f = await mailed(store);
      await submissions(store, f.id, f.workspaceId, 1);
      await claim(store, f.id, HOUR, 0);
      await imported(store, f, HOUR + SECOND);
      await imported(store, f, HOUR + 2 * SECOND);
      assert.is(await claim(store, f.id, 3 * HOUR, 2 * HOUR), undefined);
      const after = await store.forms.byId(f.id);
      assert.equal(
        [after?.responseMailSeq, after?.responseMailAt],
        [await store.submissions.lastSeq(f.id), at(HOUR)],
        'the mark past them, the last mail still the one at HOUR',
      );
      assert.equal(await store.forms.withWaitingResponseMail(), []);
      const [fresh] = await submissions(store, f.id, f.workspaceId, 1, 3 * HOUR);
      const got = await claim(store, f.id, 4 * HOUR, 3 * HOUR);
      assert.equal([got?.submissions.map((s) => s.id), got?.total], [[fresh], 1]);
    },
  );
  rule(
    'forms.claimResponseMail',
    'only quiet rows waiting within the window of the last mail: undefined, and nothing changes',
    async ({ store }) => {
      const f = await mailed(store);
      await submissions(store, f.id, f.workspaceId, 1);
      await claim(store, f.id, HOUR, 0);
      await imported(store, f, HOUR + SECOND);
      const before = await store.forms.byId(f.id);
      assert.is(await claim(store, f.id, HOUR + 30 * SECOND, HOUR - 30 * SECOND), undefined);
      assert.equal(await store.forms.byId(f.id), before);
    },
  );
  rule(
    'forms.claimResponseMail',
    'a quiet row stays quiet over a reopen (a restart): never listed, and the real one after it is',
    async (w) => {
      if (!w.canReopen) throw new Error('this backend cannot reopen');
      const f = await mailed(w.store);
      await imported(w.store, f, 0);
      const [real] = await submissions(w.store, f.id, f.workspaceId, 1, SECOND);
      await imported(w.store, f, 2 * SECOND);
      await w.reopen();
      const got = await claim(w.store, f.id, HOUR, 0);
      assert.equal([got?.submissions.map((s) => s.id), got?.total], [[real], 1]);
    },
  );

  rule(
    'forms.withWaitingResponseMail',
    'a form whose waiting rows are all quiet waits for nothing; an answer after them makes it wait',
    async ({ store }) => {
      const f = await mailed(store);
      await imported(store, f, 0);
      await imported(store, f, SECOND);
      assert.equal(await store.forms.withWaitingResponseMail(), []);
      await imported(store, f, 2 * SECOND, false);
      assert.equal(await store.forms.withWaitingResponseMail(), [f.id], 'an imported row sent on waits');
      await claim(store, f.id, HOUR, 0);
      await submissions(store, f.id, f.workspaceId, 1, 2 * HOUR);
      assert.equal(await store.forms.withWaitingResponseMail(), [f.id]);
    },
  );
  rule(
    'forms.withWaitingResponseMail',
    'claimed forms with mail on every response and submissions not yet covered, and no others',
    async ({ store }) => {
      const ws = await workspace(store);
      const waiting = await form(store, ws.id, { notifyEachResponse: true });
      const off = await form(store, ws.id, { notifyEachResponse: false });
      await form(store, ws.id, { notifyEachResponse: true }); // on, but without submissions
      const covered = await form(store, ws.id, { notifyEachResponse: true });
      const unclaimed = await form(store, null, { agentKeyId: 'agent-1', notifyEachResponse: true });
      for (const f of [waiting, off, covered, unclaimed]) await submissions(store, f.id, f.workspaceId, 2);
      await store.forms.claimResponseMail(covered.id, at(HOUR), at(), 10);
      assert.equal(await store.forms.withWaitingResponseMail(), [waiting.id]);
    },
  );
  rule(
    'forms.withWaitingResponseMail',
    'follows the settings: off after update, on again with responseMailSeq at lastSeq waits for the next one',
    async ({ store }) => {
      const f = await mailed(store);
      await submissions(store, f.id, f.workspaceId, 2);
      assert.equal(await store.forms.withWaitingResponseMail(), [f.id]);
      await store.forms.update(f.id, { notifyEachResponse: false });
      assert.equal(await store.forms.withWaitingResponseMail(), []);
      await store.forms.update(f.id, {
        notifyEachResponse: true,
        responseMailSeq: await store.submissions.lastSeq(f.id),
      });
      assert.equal(await store.forms.withWaitingResponseMail(), []);
      await submissions(store, f.id, f.workspaceId, 1, MINUTE);
      assert.equal(await store.forms.withWaitingResponseMail(), [f.id]);
    },
  );

  /** Every new setting at a value other than its default. */
  const settings = {
    notifyEachResponse: true,
    confirmationField: 'email',
    confirmationMessage: 'Danke, Zoë!\nWe read every answer.',
    retentionDays: 30,
    theme: { accent: '#0a7', radius: 8, dark: { accent: '#3c9' }, font: 'system' },
    redirectOrigins: ['https://www.example.com', 'http://localhost:3000'],
  } satisfies Partial<FormRecord>;
  rule(
    'forms.create',
    'the mail, retention and theme settings read back; the response-mail cursor starts at none mailed, like ' +
      'the counters',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = formRecord({ workspaceId: ws.id, ...settings, responseMailSeq: 7, responseMailAt: at(-HOUR) });
      await store.forms.create(f, '{}');
      const read = await store.forms.byId(f.id);
      assert.equal(read, { ...f, responseMailSeq: 0, responseMailAt: null });
      assert.is(JSON.stringify(read!.theme), JSON.stringify(settings.theme), 'the theme keeps its key order');
    },
  );
  rule(
    'forms.update',
    'the mail, retention and theme settings and responseMailSeq round-trip; retention back to null; the rest stays',
    async ({ store }) => {
      const f = await form(store, (await workspace(store)).id, { successMessage: 'keep' });
      await store.forms.update(f.id, { ...settings, responseMailSeq: 12 });
      assert.equal(await store.forms.byId(f.id), { ...f, ...settings, responseMailSeq: 12 });
      const back = {
        notifyEachResponse: false,
        confirmationField: '',
        confirmationMessage: '',
        retentionDays: null,
        theme: {},
        redirectOrigins: [],
        responseMailSeq: 0,
      };
      await store.forms.update(f.id, back);
      assert.equal(await store.forms.byId(f.id), { ...f, ...back });
    },
  );
  rule(
    'forms.addVersion',
    'applies the mail, retention and theme settings it is given, and only those',
    async ({ store }) => {
      const f = await form(store, (await workspace(store)).id, { confirmationField: 'email', retentionDays: 7 });
      await store.forms.addVersion(
        f.id,
        2,
        '{"v":2}',
        'Two',
        { theme: settings.theme, retentionDays: null, redirectOrigins: settings.redirectOrigins },
        at(SECOND),
      );
      assert.equal(await store.forms.byId(f.id), {
        ...f,
        version: 2,
        title: 'Two',
        theme: settings.theme,
        retentionDays: null,
        redirectOrigins: settings.redirectOrigins,
      });
    },
  );

  const held = (createdMs: number): OutboxRecord => ({
    id: uid('mail'),
    recipients: ['a@example.com'],
    subject: 's',
    body: 'b',
    createdAt: at(createdMs),
    error: null,
    formId: null,
    submissionIds: [],
  });
  rule(
    'outbox.sweep',
    'deletes mail made before olderThan; mail made exactly then stays; answers how many',
    async ({ store }) => {
      const cutoff = -30 * DAY;
      const mails = [held(cutoff - DAY), held(cutoff - 1), held(cutoff), held(cutoff + 1), held(0)];
      for (const m of mails) await store.outbox.add(m);
      assert.is(await store.outbox.sweep(at(cutoff)), 2);
      assert.equal(
        (await store.outbox.list(10)).map((m) => m.id),
        [mails[4].id, mails[3].id, mails[2].id],
      );
      assert.is(await store.outbox.sweep(at(cutoff)), 0, 'a second sweep finds nothing');
    },
  );
  rule('outbox.sweep', 'an empty outbox: 0', async ({ store }) => {
    assert.is(await store.outbox.sweep(at()), 0);
  });

  run();
}
