// Contract of the per-response mail state (claimResponseMail and the forms waiting for one), retention
// reads, suspected spam (kept apart, capped per form inside the write, restored by an insert), and the
// outbox sweep.
import * as assert from 'uvu/assert';
import type { SpamRecord } from '../../../server/core/store/types.ts';
import { contractSuite, type StoreFactory } from './harness.ts';
import { at, DAY, form, MINUTE, newSubmission, SECOND, submissions, uid, uuid, workspace } from './fixtures.ts';

const spamRecord = (formId: string, createdMs: number, over: Partial<SpamRecord> = {}): SpamRecord => ({
  id: uuid(),
  formId,
  formVersion: 1,
  createdAt: at(createdMs),
  values: { name: 'Zoë', tags: ['a', 'b'] },
  reason: 'honeypot',
  ...over,
});

/** Rows for the mail state, retention reads, spam and the outbox sweep. */
export function mailSpamContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'mail, retention, spam', factory);

  rule('forms.claimResponseMail', 'the first claim takes every waiting submission, oldest first, and records the time; nothing waiting: undefined', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id, { notifyEachResponse: true });
    assert.is(await store.forms.claimResponseMail(f.id, at(), at(-MINUTE), 50), undefined, 'nothing waiting');
    const ids = await submissions(store, f.id, ws.id, 3);
    const claim = (await store.forms.claimResponseMail(f.id, at(), at(-MINUTE), 50))!;
    assert.equal(claim.submissions.map((s) => s.id), ids);
    assert.is(claim.total, 3);
    assert.is((await store.forms.byId(f.id))!.responseMailAt, at());
    assert.is(await store.forms.claimResponseMail(f.id, at(MINUTE + 1), at(1), 50), undefined, 'all covered');
  });
  rule('forms.claimResponseMail', 'no second claim while the last mail is later than notSince; exactly at notSince it is allowed', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id, { notifyEachResponse: true });
    await submissions(store, f.id, ws.id, 1);
    assert.ok(await store.forms.claimResponseMail(f.id, at(), at(-MINUTE), 50));
    const [late] = await submissions(store, f.id, ws.id, 1, SECOND);
    assert.is(await store.forms.claimResponseMail(f.id, at(MINUTE - 1), at(-1), 50), undefined, 'a millisecond inside the window');
    const claim = (await store.forms.claimResponseMail(f.id, at(MINUTE), at(0), 50))!;
    assert.equal(claim.submissions.map((s) => s.id), [late]);
  });
  rule('forms.claimResponseMail', 'at most limit listed, total counts all, and every one is covered', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id, { notifyEachResponse: true });
    const ids = await submissions(store, f.id, ws.id, 5);
    const claim = (await store.forms.claimResponseMail(f.id, at(), at(-MINUTE), 2))!;
    assert.equal([claim.submissions.map((s) => s.id), claim.total], [ids.slice(0, 2), 5]);
    assert.equal(await store.forms.withWaitingResponseMail(), []);
  });
  rule('forms.claimResponseMail', 'two claims at once: exactly one gets the submissions', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id, { notifyEachResponse: true });
    await submissions(store, f.id, ws.id, 2);
    const results = await Promise.all([1, 2].map(() => store.forms.claimResponseMail(f.id, at(), at(-MINUTE), 50)));
    assert.is(results.filter(Boolean).length, 1);
  });
  rule('forms.withWaitingResponseMail', 'claimed forms with the mail on and submissions past responseMailSeq; not unclaimed, not off', async ({ store }) => {
    const ws = await workspace(store);
    const waiting = await form(store, ws.id, { notifyEachResponse: true });
    const off = await form(store, ws.id, { notifyEachResponse: false });
    const unclaimed = await form(store, null, { notifyEachResponse: true, agentKeyId: uid('key') });
    const covered = await form(store, ws.id, { notifyEachResponse: true });
    for (const f of [waiting, off, covered]) await submissions(store, f.id, ws.id, 1);
    await submissions(store, unclaimed.id, null, 1);
    await store.forms.update(covered.id, { responseMailSeq: await store.submissions.lastSeq(covered.id) });
    assert.equal(await store.forms.withWaitingResponseMail(), [waiting.id]);
  });
  rule('forms.withRetention', 'claimed forms with a retention period, with it; forever and unclaimed forms are left out', async ({ store }) => {
    const ws = await workspace(store);
    const kept = await form(store, ws.id, { retentionDays: 30 });
    await form(store, ws.id, { retentionDays: null });
    await form(store, null, { retentionDays: 5, agentKeyId: uid('key') });
    const changed = await form(store, ws.id);
    await store.forms.update(changed.id, { retentionDays: 1 });
    assert.equal((await store.forms.withRetention()).sort((a, b) => a.retentionDays - b.retentionDays), [
      { id: changed.id, retentionDays: 1 },
      { id: kept.id, retentionDays: 30 },
    ]);
  });
  rule('submissions.lastSeq', "0 with no submissions; then the newest one's seq, per form", async ({ store }) => {
    const ws = await workspace(store);
    const a = await form(store, ws.id);
    const b = await form(store, ws.id);
    assert.is(await store.submissions.lastSeq(a.id), 0);
    await submissions(store, a.id, ws.id, 2);
    const seqA = await store.submissions.lastSeq(a.id);
    await submissions(store, b.id, ws.id, 1);
    assert.ok(seqA > 0);
    assert.is(await store.submissions.lastSeq(a.id), seqA, "another form's submission does not move it");
    const [newest] = await store.submissions.page(a.id, 1);
    assert.is(seqA, newest.seq);
  });
  rule('submissions.idsOlderThan', 'strictly before the time, oldest first, at most limit, this form only', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const other = await form(store, ws.id);
    const ids = await submissions(store, f.id, ws.id, 4, -4 * DAY, DAY); // -4d, -3d, -2d, -1d
    await submissions(store, other.id, ws.id, 1, -10 * DAY);
    assert.equal(await store.submissions.idsOlderThan(f.id, at(-2 * DAY), 10), ids.slice(0, 2), 'one exactly at the time is kept');
    assert.equal(await store.submissions.idsOlderThan(f.id, at(-2 * DAY + 1), 10), ids.slice(0, 3));
    assert.equal(await store.submissions.idsOlderThan(f.id, at(), 1), ids.slice(0, 1));
  });

  rule('spam.add', 'kept and read back field for field; not counted, listed or iterated as a submission', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const s = spamRecord(f.id, 0);
    assert.is(await store.spam.add(s, 10), true);
    assert.equal(await store.spam.byId(f.id, s.id), s);
    assert.is((await store.forms.byId(f.id))!.submissionCount, 0);
    assert.equal(await store.submissions.page(f.id, 10), []);
  });
  rule('spam.add', 'the cap is checked inside the write: max-1 and max kept, max+1 dropped; concurrent adds do not overshoot', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    assert.is(await store.spam.add(spamRecord(f.id, 0), 2), true);
    assert.is(await store.spam.add(spamRecord(f.id, 1), 2), true);
    assert.is(await store.spam.add(spamRecord(f.id, 2), 2), false);
    const g = await form(store, ws.id);
    const results = await Promise.all([0, 1, 2, 3, 4].map((i) => store.spam.add(spamRecord(g.id, i), 3)));
    assert.is(results.filter(Boolean).length, 3);
    assert.is(await store.spam.count(g.id), 3);
  });
  rule('spam.list', 'newest first, at most limit, this form only', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const other = await form(store, ws.id);
    const rows = [spamRecord(f.id, 0), spamRecord(f.id, MINUTE), spamRecord(f.id, 2 * MINUTE)];
    for (const r of rows) await store.spam.add(r, 10);
    await store.spam.add(spamRecord(other.id, 3 * MINUTE), 10);
    assert.equal((await store.spam.list(f.id, 10)).map((r) => r.id), [rows[2].id, rows[1].id, rows[0].id]);
    assert.equal((await store.spam.list(f.id, 1)).map((r) => r.id), [rows[2].id]);
  });
  rule('spam.count', 'per form; 0 for none', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    assert.is(await store.spam.count(f.id), 0);
    await store.spam.add(spamRecord(f.id, 0), 10);
    assert.is(await store.spam.count(f.id), 1);
  });
  rule('spam.byId', "undefined for an unknown id or another form's", async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const other = await form(store, ws.id);
    const s = spamRecord(f.id, 0);
    await store.spam.add(s, 10);
    assert.is(await store.spam.byId(other.id, s.id), undefined);
    assert.is(await store.spam.byId(f.id, uuid()), undefined);
  });
  rule('spam.delete', "true once, then false; another form's id is left alone", async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const other = await form(store, ws.id);
    const s = spamRecord(f.id, 0);
    await store.spam.add(s, 10);
    assert.is(await store.spam.delete(other.id, s.id), false);
    assert.is(await store.spam.delete(f.id, s.id), true);
    assert.is(await store.spam.delete(f.id, s.id), false);
  });
  rule('spam.sweep', 'drops rows strictly before the time (all forms); one exactly at it stays', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const other = await form(store, ws.id);
    await store.spam.add(spamRecord(f.id, -30 * DAY - 1), 10);
    await store.spam.add(spamRecord(other.id, -31 * DAY), 10);
    const edge = spamRecord(f.id, -30 * DAY);
    await store.spam.add(edge, 10);
    assert.is(await store.spam.sweep(at(-30 * DAY)), 2);
    assert.equal((await store.spam.list(f.id, 10)).map((r) => r.id), [edge.id]);
  });
  rule('submissions.insert', 'fromSpam: the spam row with the same id goes in the same write; the submission is counted', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const s = spamRecord(f.id, -DAY);
    await store.spam.add(s, 10);
    const outcome = await store.submissions.insert(newSubmission(f.id, ws.id, { id: s.id, createdAt: s.createdAt, values: s.values, fromSpam: true }));
    assert.equal(outcome, { kind: 'stored', submissionCount: 1 });
    assert.is(await store.spam.count(f.id), 0);
    assert.equal((await store.submissions.byId(f.id, s.id))!.values, s.values);
  });
  rule('forms.delete', 'takes its suspected spam along', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const s = spamRecord(f.id, 0);
    await store.spam.add(s, 10);
    await store.forms.delete(f.id);
    assert.is(await store.spam.byId(f.id, s.id), undefined);
  });
  rule('outbox.sweep', 'drops mail strictly before the time; one exactly at it stays', async ({ store }) => {
    const mail = (createdMs: number) => ({ id: uid('mail'), recipients: ['a@example.com'], subject: 'S', body: 'B', createdAt: at(createdMs), error: null });
    const old = mail(-30 * DAY - 1);
    const edge = mail(-30 * DAY);
    await store.outbox.add(old);
    await store.outbox.add(edge);
    assert.is(await store.outbox.sweep(at(-30 * DAY)), 1);
    assert.equal((await store.outbox.list(10)).map((m) => m.id), [edge.id]);
  });

  run();
}
