// Contract of durability: a write that resolved is there after the store is closed and opened again,
// for every kind of write, and a snapshot changes nothing a reader sees; storage() and checkStorage()
// report whether writes are taken (a full disk and a failed fsync: test/server/lib/durable/storage-failure.test.ts).
import * as assert from 'uvu/assert';
import type { Store } from '../../../server/core/store/types.ts';
import { contractSuite, type StoreFactory, type World } from './harness.ts';
import {
  at,
  DAY,
  form,
  HOUR,
  inviteRecord,
  keyRecord,
  member,
  MINUTE,
  newSubmission,
  SECOND,
  uuid,
  workspace,
} from './fixtures.ts';

/** Writes one of each kind and answers what a reader should see afterwards. */
async function writeOfEach(store: Store) {
  const ws = await workspace(store);
  const owner = await member(store, ws.id, 'owner');
  await store.meta.set('instance', 'abc');
  await store.sessions.create('sess', owner.id, at(), at(DAY));
  const key = keyRecord({ workspaceId: ws.id, createdBy: owner.id });
  await store.keys.createIfUnder(key, 20);
  await store.invites.create(inviteRecord(ws.id, owner.id, { tokenHash: 'inv' }));
  const f = await form(store, ws.id, {
    webhookUrl: 'https://example.com/h',
    webhookSecret: 's',
    notifyEachResponse: true,
    confirmationField: 'email',
    retentionDays: 30,
    theme: { accent: '#0a7' },
    redirectOrigins: ['https://www.example.com'],
  });
  const file = {
    id: uuid(),
    formId: f.id,
    fieldKey: 'cv',
    submissionId: null,
    name: 'cv.pdf',
    size: 3,
    type: 'application/pdf',
    createdAt: at(),
  };
  await store.files.insert(file);
  await store.forms.addVersion(f.id, 2, '{"v":2}', 'Second', { successMessage: 'Thanks' }, at(SECOND));
  const sub = newSubmission(f.id, ws.id, {
    values: { name: 'Zoë' },
    idempotency: { key: 'idem', bodyHash: 'h', status: 201, response: '{}' },
    delivery: { id: uuid(), payload: '{}', nextAttemptAt: at() },
    files: [file.id],
  });
  await store.submissions.insert(sub);
  await store.forms.claimResponseMail(f.id, at(MINUTE), at(), 10);
  await store.spam.add(
    { id: 'spam-1', formId: f.id, formVersion: 2, createdAt: at(), values: { n: 1 }, reason: 'honeypot' },
    10,
  );
  await store.webhooks.recordAttempt({
    deliveryId: sub.delivery!.id,
    attempt: {
      formId: f.id,
      submissionId: sub.id,
      attempt: 1,
      statusCode: 503,
      error: 'http 503',
      durationMs: 3,
      createdAt: at(SECOND),
    },
    next: { state: 'pending', nextAttemptAt: at(HOUR) },
    logSize: 100,
    failureMail: { after: 1, notSince: at(-DAY) },
  });
  await store.reports.add({ formId: f.id, networkHash: 'net', createdAt: at() }, at(-DAY));
  await store.outbox.add({
    id: 'mail-1',
    recipients: ['a@example.com'],
    subject: 's',
    body: 'b',
    createdAt: at(),
    error: null,
    formId: f.id,
    submissionIds: [sub.id],
  });
  return { ws, owner, key, f, sub, file };
}

/** Asserts a reader sees every write of writeOfEach. */
async function assertEachThere(store: Store, w: Awaited<ReturnType<typeof writeOfEach>>) {
  assert.equal(await store.workspaces.byId(w.ws.id), w.ws);
  assert.is(await store.users.role(w.ws.id, w.owner.id), 'owner');
  assert.is(await store.meta.get('instance'), 'abc');
  assert.is((await store.sessions.get('sess'))?.userId, w.owner.id);
  assert.equal(await store.keys.byHash(w.key.keyHash), w.key);
  assert.ok(await store.invites.byHash('inv'));
  const f = (await store.forms.byId(w.f.id))!;
  assert.equal(
    [f.version, f.title, f.successMessage, f.submissionCount, f.webhookFailures, f.webhookFailureMailedAt],
    [2, 'Second', 'Thanks', 1, 1, at(SECOND)],
  );
  assert.equal(
    [f.notifyEachResponse, f.confirmationField, f.retentionDays, f.theme, f.redirectOrigins],
    [true, 'email', 30, { accent: '#0a7' }, ['https://www.example.com']],
  );
  assert.equal([f.responseMailSeq, f.responseMailAt], [await store.submissions.lastSeq(w.f.id), at(MINUTE)]);
  assert.equal(await store.files.byId(w.file.id), { ...w.file, submissionId: w.sub.id });
  assert.equal((await store.spam.byId(w.f.id, 'spam-1'))?.values, { n: 1 });
  assert.equal(
    (await store.submissions.page(w.f.id, 10)).map((s) => [s.id, s.values]),
    [[w.sub.id, { name: 'Zoë' }]],
  );
  assert.is(await store.workspaces.monthlyUsage(w.ws.id, '2026-11'), 1);
  assert.ok(await store.idempotency.get(w.f.id, 'idem'));
  assert.equal(
    [(await store.webhooks.byId(w.sub.delivery!.id))?.attemptCount, (await store.webhooks.attempts(w.f.id, 10)).length],
    [1, 1],
  );
  assert.is((await store.reports.summary(at(-DAY), 10)).length, 1);
  assert.equal(
    (await store.outbox.list(10)).map((m) => [m.id, m.formId, m.submissionIds]),
    [['mail-1', w.f.id, [w.sub.id]]],
  );
}

/** Rows for durability, snapshot and close. */
export function durabilityContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'durability', factory);
  const reopening = (method: string, title: string, body: (w: World) => Promise<void>) =>
    rule(method, title, async (w) => {
      if (!w.canReopen) throw new Error(`${backend}: the factory gives no reopen, so durability cannot be checked`);
      await body(w);
    });

  reopening('close', 'every resolved write of each kind is there after close and reopen', async (w) => {
    const written = await writeOfEach(w.store);
    await w.store.close();
    await w.reopen();
    await assertEachThere(w.store, written);
  });
  reopening(
    'close',
    'waits for writes still in flight; a write after close rejects (nothing is silently lost)',
    async (w) => {
      const inFlight = Array.from({ length: 10 }, (_, i) => w.store.meta.set(`k${i}`, 'v'));
      await w.store.close();
      await Promise.all(inFlight);
      let rejected = false;
      await w.store.meta.set('late', 'v').catch(() => (rejected = true));
      assert.ok(rejected, 'the write after close rejects');
      await w.reopen();
      for (let i = 0; i < 10; i++) assert.is(await w.store.meta.get(`k${i}`), 'v');
      assert.is(await w.store.meta.get('late'), undefined);
    },
  );
  reopening(
    'snapshot',
    'resolves with a line; what a reader sees is unchanged, and writes after it survive a reopen too',
    async (w) => {
      const written = await writeOfEach(w.store);
      const line = await w.store.snapshot();
      assert.type(line, 'string');
      assert.ok(line.length > 0);
      await assertEachThere(w.store, written);
      await w.store.meta.set('after-snapshot', 'yes');
      await w.reopen();
      await assertEachThere(w.store, written);
      assert.is(await w.store.meta.get('after-snapshot'), 'yes');
    },
  );
  reopening(
    'submissions.insert',
    'many concurrent inserts that resolved are all there after reopen, counted once each',
    async (w) => {
      const ws = await workspace(w.store);
      const f = await form(w.store, ws.id);
      const subs = Array.from({ length: 50 }, (_, i) => newSubmission(f.id, ws.id, { values: { i } }));
      await Promise.all(subs.map((s) => w.store.submissions.insert(s)));
      await w.reopen();
      const ids = [];
      for await (const s of w.store.submissions.iterate(f.id, 7)) ids.push(s.id);
      assert.equal(ids.sort(), subs.map((s) => s.id).sort());
      assert.is((await w.store.forms.byId(f.id))?.submissionCount, 50);
      assert.is(await w.store.workspaces.monthlyUsage(ws.id, '2026-11'), 50);
    },
  );
  reopening('forms.delete', 'a deletion that resolved stays deleted after reopen', async (w) => {
    const ws = await workspace(w.store);
    const f = await form(w.store, ws.id);
    await w.store.submissions.insert(newSubmission(f.id, ws.id));
    await w.store.forms.delete(f.id);
    await w.reopen();
    assert.is(await w.store.forms.byId(f.id), undefined);
    assert.equal(await w.store.submissions.page(f.id, 10), []);
  });

  rule(
    'poolUse',
    'a pooled store counts its connections, none waiting at rest; the embedded store has no pool',
    async ({ store }) => {
      const use = store.poolUse();
      if (backend === 'sqljs') return assert.is(use, undefined);
      await store.meta.set('k', 'v');
      const after = store.poolUse();
      assert.ok(after !== undefined && after.total >= 1 && after.idle <= after.total, JSON.stringify(after));
      assert.is(after?.waiting, 0);
    },
  );
  rule('storage', 'a store that takes writes says ok, and a write does not change its epoch', async ({ store }) => {
    const before = store.storage();
    assert.is(before.state, 'ok');
    assert.type(before.epoch, 'number');
    await store.meta.set('k', 'v');
    assert.equal(store.storage(), before);
  });
  reopening(
    'checkStorage',
    'resolves ok while writes work; once closed, neither it nor storage() says ok',
    async (w) => {
      assert.is((await w.store.checkStorage()).state, 'ok');
      await w.store.close();
      assert.is.not((await w.store.checkStorage()).state, 'ok');
      assert.is.not(w.store.storage().state, 'ok');
      await w.reopen();
      assert.is((await w.store.checkStorage()).state, 'ok');
    },
  );

  run();
}
