// Contract of the audit log: an entry is numbered and chained to the one before it in its workspace's log
// (entries of no workspace keep a log of their own), pages come newest first, old entries are swept, and
// appends that race never fork a log.
import * as assert from 'uvu/assert';
import { chainHash, firstBreak } from '../../../server/core/audit/audit-chain.ts';
import type { NewAuditEntry } from '../../../server/core/store/types.ts';
import { at, DAY, MINUTE, workspace } from './fixtures.ts';
import { contractSuite, type StoreFactory } from './harness.ts';

/** An entry of `workspaceId` at `ms` after the fixtures' time. */
function entry(workspaceId: string | null, ms = 0, action = 'key.created'): NewAuditEntry {
  return {
    workspaceId,
    at: at(ms),
    actorKind: 'user',
    actorId: 'user-1',
    actorLabel: 'owner@example.com',
    ip: '203.0.113.7',
    action,
    target: 'key-1',
    detail: '{"n":1}',
  };
}

const append = (
  store: Parameters<Parameters<ReturnType<typeof contractSuite>['rule']>[2]>[0]['store'],
  e: NewAuditEntry,
) => store.audit.append(e, (prev) => chainHash(e, prev));

/** Rows for the audit log. */
export function auditContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'audit', factory);

  rule(
    'audit.append',
    'entries chain within their workspace: the first from "", each next from the one before',
    async ({ store }) => {
      const a = await workspace(store);
      const b = await workspace(store);
      const first = await append(store, entry(a.id));
      const other = await append(store, entry(b.id, MINUTE));
      const second = await append(store, entry(a.id, 2 * MINUTE, 'member.invited'));
      const none = await append(store, entry(null, 3 * MINUTE, 'sign_in.failed'));
      assert.is(first.prevHash, '');
      assert.is(other.prevHash, '', "another workspace's log starts on its own");
      assert.is(second.prevHash, first.hash);
      assert.is(none.prevHash, '');
      assert.is(second.hash, chainHash(entry(a.id, 2 * MINUTE, 'member.invited'), first.hash));
      assert.ok(second.seq > first.seq);
      const page = await store.audit.page(a.id, { limit: 10 });
      assert.equal(page, [second, first], 'read back field for field, newest first');
    },
  );

  rule(
    'audit.append',
    'appends that race never fork a log: every entry follows exactly one other',
    async ({ store }) => {
      const ws = await workspace(store);
      await Promise.all(Array.from({ length: 20 }, (_, i) => append(store, entry(ws.id, i))));
      const log = (await store.audit.page(ws.id, { limit: 50 })).reverse();
      assert.is(log.length, 20);
      assert.is(firstBreak(log), undefined);
      assert.is(new Set(log.map((e) => e.prevHash)).size, 20, 'no two entries share a predecessor');
    },
  );

  rule(
    'audit.page',
    'newest first, before a seq, at most limit; null reads the entries of no workspace',
    async ({ store }) => {
      const ws = await workspace(store);
      const made = [];
      for (let i = 0; i < 5; i++) made.push(await append(store, entry(ws.id, i * MINUTE)));
      await append(store, entry(null, 0, 'sign_in.failed'));
      assert.equal(
        (await store.audit.page(ws.id, { limit: 2 })).map((e) => e.seq),
        [made[4].seq, made[3].seq],
      );
      assert.equal(
        (await store.audit.page(ws.id, { beforeSeq: made[3].seq, limit: 10 })).map((e) => e.seq),
        [made[2].seq, made[1].seq, made[0].seq],
      );
      const none = await store.audit.page(null, { limit: 10 });
      assert.equal(
        none.map((e) => e.action),
        ['sign_in.failed'],
      );
    },
  );

  rule('audit.sweep', 'deletes entries older than the time given, and only those', async ({ store }) => {
    const ws = await workspace(store);
    await append(store, entry(ws.id, -400 * DAY));
    const kept = await append(store, entry(ws.id, 0));
    assert.is(await store.audit.sweep(at(-365 * DAY)), 1);
    assert.equal(await store.audit.page(ws.id, { limit: 10 }), [kept]);
    // The oldest kept entry's link is taken as given: the log still holds together.
    assert.is(firstBreak([kept]), undefined);
  });

  rule('audit.page', 'an entry changed in place breaks the chain at that entry', async ({ store }) => {
    const ws = await workspace(store);
    for (let i = 0; i < 3; i++) await append(store, entry(ws.id, i));
    const log = (await store.audit.page(ws.id, { limit: 10 })).reverse();
    const changed = [log[0], { ...log[1], actorLabel: 'someone-else@example.com' }, log[2]];
    assert.is(firstBreak(changed), log[1].seq);
    assert.is(firstBreak([log[0], log[2]]), log[2].seq, 'a removed entry breaks the one after it');
  });

  run();
}
