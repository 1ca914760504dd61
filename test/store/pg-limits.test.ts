// Many instances on one PostgreSQL database (ARCHITECTURE.md "One machine or many"), part 1: opening
// together migrates once and a failing migration leaves nothing; limits checked inside the write hold
// across two instances; a database that goes away fails calls clearly and comes back without a restart.
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PgDatabase } from '../../server/core/store/pg/db.ts';
import { openPgStore } from '../../server/core/store/pg/index.ts';
import { applyPgMigrations } from '../../server/core/store/pg/migrate.ts';
import { pgMigrations } from '../../server/core/store/pg/migrations/index.ts';
import { StorageError } from '../../server/lib/storage-error.ts';
import { at, form, formRecord, keyRecord, member, MINUTE, newSubmission, uid, workspace } from './contract/fixtures.ts';
import { pgWorld, spread } from './pg-world.ts';

const { server, freshDatabase, twoInstances, stopLast } = await pgWorld();

const migrations = suite('postgres migrations');

migrations(
  'two instances opening an empty database together both open, and each migration is recorded once',
  async () => {
    const url = await freshDatabase();
    const lines: string[] = [];
    const [a, b] = await Promise.all([openPgStore(url, (l) => lines.push(l)), openPgStore(url, (l) => lines.push(l))]);
    try {
      const check = new pg.Client({ connectionString: url });
      await check.connect();
      const recorded = (await check.query('SELECT id FROM schema_migrations ORDER BY id')).rows.map((r) => r.id);
      await check.end();
      assert.equal(
        recorded,
        pgMigrations.map((m) => m.id),
      );
      assert.is(lines.filter((l) => l.startsWith('migration 1 ')).length, 1, 'the second instance found the work done');
      await a.meta.set('written-by', 'a');
      assert.is(await b.meta.get('written-by'), 'a');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  },
);

migrations(
  'a migration that fails leaves the database as it was (every migration of an open is one transaction)',
  async () => {
    const url = await freshDatabase();
    const db = new PgDatabase(url);
    try {
      const broken = { id: 999, name: 'broken', up: 'CREATE TABLE half_done (id INT); SELECT no_such_function();' };
      let failed = false;
      await applyPgMigrations(db, [...pgMigrations, broken], () => {}).catch(() => (failed = true));
      assert.ok(failed, 'the open fails');
      const tables = (await db.q("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).rows;
      assert.equal(tables, [], 'not even migration 1 or schema_migrations stayed');
      assert.equal(
        await applyPgMigrations(db, pgMigrations, () => {}),
        pgMigrations.map((m) => m.id),
        'a later open with the fixed list applies them',
      );
    } finally {
      await db.close();
    }
  },
);

migrations(
  'migration 11 on a log kept as a ring: each form keeps its lines in their order, new lines come after them, ' +
    'replacing the oldest',
  async () => {
    const url = await freshDatabase();
    const db = new PgDatabase(url);
    try {
      await applyPgMigrations(
        db,
        pgMigrations.filter((m) => m.id < 11),
        () => {},
      );
      // Two forms' rings as migration 9 left them, every line at one time (so only n orders them); A's ring has turned
      // once.
      for (const [id, count] of [
        ['A', 104],
        ['B', 3],
      ] as const) {
        await db.q(
          "INSERT INTO forms (id, title, version, created_at, webhook_log_count) VALUES ($1, 'T', 1, $2, $3)",
          [id, at(), count],
        );
        for (let n = Math.max(1, count - 99); n <= count; n++) {
          await db.q(
            'INSERT INTO webhook_attempts (form_id, slot, n, submission_id, attempt, status_code, error, ' +
              'duration_ms, created_at) VALUES ($1, $2, $3, $4, 1, 200, NULL, 1, $5)',
            [id, n % 100, n, `s${n}`, at()],
          );
        }
      }
    } finally {
      await db.close();
    }
    const store = await openPgStore(url);
    try {
      const before = (await store.webhooks.attempts('A', 100)).map((a) => a.submissionId);
      assert.equal(
        before,
        Array.from({ length: 100 }, (_, i) => `s${104 - i}`),
      );
      const line = {
        formId: 'A',
        submissionId: 'new',
        attempt: 1,
        statusCode: 200,
        error: null,
        durationMs: 1,
        createdAt: at(),
      };
      await store.webhooks.recordAttempt({
        deliveryId: 'gone',
        attempt: line,
        next: { state: 'delivered' },
        logSize: 100,
        failureMail: { after: 5, notSince: at() },
      });
      assert.equal(
        (await store.webhooks.attempts('A', 200)).map((a) => a.submissionId),
        ['new', ...before.slice(0, 99)],
        'newest first at the same time: the new number is past the old ones',
      );
      assert.equal(
        (await store.webhooks.attempts('B', 100)).map((a) => a.submissionId),
        ['s3', 's2', 's1'],
        "another form's lines are untouched",
      );
    } finally {
      await store.close();
    }
  },
);

migrations('two migrations with one id are refused before anything runs', async () => {
  const db = new PgDatabase(await freshDatabase());
  try {
    const twin = { ...pgMigrations[0], name: 'twin' };
    await applyPgMigrations(db, [...pgMigrations, twin], () => {}).then(
      () => assert.unreachable('accepted'),
      (err: Error) => assert.match(err.message, 'Two migrations have id 1'),
    );
  } finally {
    await db.close();
  }
});

migrations.run();

const limits = suite('postgres limits across instances');

limits(
  '100-submission cap: 12 concurrent inserts over two instances on a form holding 95 store exactly 5',
  async () => {
    const stores = await twoInstances();
    try {
      const ws = await workspace(stores[0]);
      const f = await form(stores[0], ws.id);
      await spread(stores, 95, (s) => s.submissions.insert(newSubmission(f.id, ws.id)));
      const outcomes = await spread(stores, 12, (s) =>
        s.submissions.insert(newSubmission(f.id, ws.id, { formCap: 100 })),
      );
      assert.is(outcomes.filter((o) => o.kind === 'stored').length, 5);
      assert.is(outcomes.filter((o) => o.kind === 'form_cap').length, 7);
      assert.is((await stores[1].forms.byId(f.id))?.submissionCount, 100);
      const counts = outcomes.flatMap((o) => (o.kind === 'stored' ? [o.submissionCount] : [])).sort((x, y) => x - y);
      assert.equal(counts, [96, 97, 98, 99, 100], 'each stored insert saw its own count');
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  },
);

limits(
  'monthly quota: 10 concurrent inserts over two instances and two forms of a workspace with quota 4 store exactly 4',
  async () => {
    const stores = await twoInstances();
    try {
      const ws = await workspace(stores[0]);
      const forms = [await form(stores[0], ws.id), await form(stores[0], ws.id)];
      const outcomes = await spread(stores, 10, (s, i) =>
        s.submissions.insert(newSubmission(forms[i % 2].id, ws.id, { monthlyQuota: 4 })),
      );
      assert.is(outcomes.filter((o) => o.kind === 'stored').length, 4);
      assert.is(outcomes.filter((o) => o.kind === 'monthly_quota').length, 6);
      assert.is(await stores[1].workspaces.monthlyUsage(ws.id, '2026-11'), 4);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  },
);

limits(
  'idempotency: 10 concurrent inserts with one key over two instances store one submission; the rest replay it',
  async () => {
    const stores = await twoInstances();
    try {
      const ws = await workspace(stores[0]);
      const f = await form(stores[0], ws.id);
      const outcomes = await spread(stores, 10, (s, i) =>
        s.submissions.insert(
          newSubmission(f.id, ws.id, {
            idempotency: { key: 'same', bodyHash: 'h', status: 201, response: `{"n":${i}}` },
          }),
        ),
      );
      assert.is(outcomes.filter((o) => o.kind === 'stored').length, 1);
      assert.is(outcomes.filter((o) => o.kind === 'replay').length, 9);
      assert.is((await stores[0].submissions.page(f.id, 100)).length, 1);
      assert.is(await stores[1].workspaces.monthlyUsage(ws.id, '2026-11'), 1);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  },
);

limits('account keys: 30 concurrent creations over two instances with max 20 create exactly 20', async () => {
  const stores = await twoInstances();
  try {
    const ws = await workspace(stores[0]);
    const owner = await member(stores[0], ws.id, 'owner');
    const made = await spread(stores, 30, (s) =>
      s.keys.createIfUnder(keyRecord({ workspaceId: ws.id, createdBy: owner.id }), 20),
    );
    assert.is(made.filter(Boolean).length, 20);
    assert.is(await stores[1].keys.countActiveAccountKeys(ws.id), 20);
  } finally {
    await Promise.all(stores.map((s) => s.close()));
  }
});

limits('3 unclaimed per agent key: 10 concurrent keyless publishes over two instances create exactly 3', async () => {
  const stores = await twoInstances();
  try {
    const made = await spread(stores, 10, (s) =>
      s.forms.createUnclaimedIfUnder(
        formRecord({ workspaceId: null, agentKeyId: 'agent-1', expiresAt: at(MINUTE), claimTokenHash: uid('claim') }),
        '{}',
        3,
      ),
    );
    assert.is(made.filter(Boolean).length, 3);
    assert.is(await stores[1].forms.countUnclaimedByAgentKey('agent-1'), 3);
  } finally {
    await Promise.all(stores.map((s) => s.close()));
  }
});

limits('last owner: two owners removing each other at once on two instances leave one owner', async () => {
  const stores = await twoInstances();
  try {
    const ws = await workspace(stores[0]);
    const [x, y] = [await member(stores[0], ws.id, 'owner'), await member(stores[0], ws.id, 'owner')];
    const outcomes = await Promise.all([
      stores[0].users.removeMember(ws.id, x.id),
      stores[1].users.removeMember(ws.id, y.id),
    ]);
    assert.equal([...outcomes].sort(), ['last_owner', 'ok']);
    assert.is((await stores[0].users.members(ws.id)).filter((m) => m.role === 'owner').length, 1);
  } finally {
    await Promise.all(stores.map((s) => s.close()));
  }
});

limits('a form deleted on one instance while the other inserts: no submission outlives its form', async () => {
  const stores = await twoInstances();
  try {
    const ws = await workspace(stores[0]);
    const f = await form(stores[0], ws.id);
    const inserts = spread([stores[1]], 20, () =>
      stores[1].submissions.insert(newSubmission(f.id, ws.id, { id: uid('sub') })),
    );
    const deleted = stores[0].forms.delete(f.id);
    const outcomes = await inserts;
    await deleted;
    assert.ok(outcomes.every((o) => o.kind === 'stored' || o.kind === 'form_gone'));
    assert.is(await stores[1].forms.byId(f.id), undefined);
    assert.equal(await stores[1].submissions.page(f.id, 100), [], 'none stored after the delete, none left by it');
  } finally {
    await Promise.all(stores.map((s) => s.close()));
  }
});

limits.run();

const outage = suite('postgres down and back');

outage(
  'calls fail with database_unavailable while the server is down; the same store works again once it is back',
  async () => {
    const url = await freshDatabase();
    const store = await openPgStore(url);
    try {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      assert.is((await store.submissions.insert(newSubmission(f.id, ws.id))).kind, 'stored');
      await server.pause();
      const failures = await Promise.all([
        store.submissions.insert(newSubmission(f.id, ws.id)).then(
          () => undefined,
          (err) => err,
        ),
        store.forms.byId(f.id).then(
          () => undefined,
          (err) => err,
        ),
      ]);
      for (const err of failures) {
        assert.instance(err, StorageError);
        assert.is((err as StorageError).code, 'database_unavailable');
      }
      await server.resume();
      // No reopen: the pool drops the dead connections and connects again on the next call.
      assert.is((await store.submissions.insert(newSubmission(f.id, ws.id))).kind, 'stored');
      assert.is((await store.forms.byId(f.id))?.submissionCount, 2, 'the insert refused while down stored nothing');
    } finally {
      await store.close();
    }
  },
);

outage(
  'storage() says unreachable once a call found the server down, checkStorage() asks it; both ok again once ' +
    'it is back, with a new epoch',
  async () => {
    const url = await freshDatabase();
    const store = await openPgStore(url);
    try {
      const before = store.storage();
      assert.is(before.state, 'ok');
      assert.is((await store.checkStorage()).state, 'ok');
      await server.pause();
      // No call yet: storage() does no I/O, so it still says what the last call found.
      assert.is(store.storage().state, 'ok');
      // readyz asks: the idle store learns the server is gone.
      assert.is((await store.checkStorage()).state, 'unreachable');
      assert.is(store.storage().state, 'unreachable');
      await server.resume();
      assert.is((await store.checkStorage()).state, 'ok');
      const after = store.storage();
      assert.is(after.state, 'ok');
      // Change hints sent while it was down are lost: the new epoch tells caches to read again.
      assert.ok(after.epoch > before.epoch, `epoch ${after.epoch} > ${before.epoch}`);
      // A constraint error reaches the server: it is no outage and keeps the epoch.
      await store.workspaces.create({ id: 'w-dup', name: 'x', createdAt: new Date().toISOString() });
      await store.workspaces.create({ id: 'w-dup', name: 'x', createdAt: new Date().toISOString() }).catch(() => {});
      assert.equal(store.storage(), after);
    } finally {
      await store.close();
    }
    assert.is(store.storage().state, 'failed', 'closed');
    assert.is((await store.checkStorage()).state, 'failed', 'closed, checked');
  },
);

outage('a constraint error is not taken for an outage', async () => {
  const store = await openPgStore(await freshDatabase());
  try {
    const ws = await workspace(store);
    const err = await store.workspaces.create(ws).then(
      () => undefined,
      (e) => e,
    );
    assert.ok(err instanceof Error);
    assert.not.instance(err, StorageError);
  } finally {
    await store.close();
  }
});

outage.run();

stopLast();
