// Contract of API keys (the active account key limit is checked inside the write) and workspace
// invites (a link works once, also when two people open it at the same moment).
import * as assert from 'uvu/assert';
import { contractSuite, type StoreFactory } from './harness.ts';
import { at, DAY, HOUR, inviteRecord, keyRecord, member, SECOND, userRecord, workspace } from './fixtures.ts';

/** Rows for keys and invites. */
export function keysInvitesContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'keys, invites', factory);

  rule('keys.create', 'reads back by hash and by id, field for field', async ({ store }) => {
    const key = keyRecord({ kind: 'agent', name: 'robot' });
    await store.keys.create(key);
    assert.equal(await store.keys.byHash(key.keyHash), key);
    assert.equal(await store.keys.byId(key.id), key);
  });
  rule('keys.byHash', 'an unknown hash reads undefined', async ({ store }) => {
    assert.is(await store.keys.byHash('no-such-hash'), undefined);
  });
  rule('keys.byId', 'an unknown id reads undefined', async ({ store }) => {
    assert.is(await store.keys.byId('no-such-id'), undefined);
  });
  rule('keys.touch', 'records the last use, and a later one replaces it', async ({ store }) => {
    const key = keyRecord();
    await store.keys.create(key);
    await store.keys.touch(key.id, at(SECOND));
    await store.keys.touch(key.id, at(2 * SECOND));
    assert.is((await store.keys.byId(key.id))?.lastUsedAt, at(2 * SECOND));
  });
  rule('keys.revoke', 'sets the revocation time once; revoking again keeps the first time', async ({ store }) => {
    const key = keyRecord();
    await store.keys.create(key);
    await store.keys.revoke(key.id, at(SECOND));
    await store.keys.revoke(key.id, at(2 * SECOND));
    assert.is((await store.keys.byHash(key.keyHash))?.revokedAt, at(SECOND));
  });
  rule('keys.countActiveAccountKeys', "counts the workspace's unrevoked account keys only", async ({ store }) => {
    const ws = await workspace(store);
    const rows: [kind: 'account' | 'agent', workspaceId: string | null, revoked: boolean, counted: boolean][] = [
      ['account', ws.id, false, true],
      ['account', ws.id, false, true],
      ['account', ws.id, true, false],
      ['agent', ws.id, false, false],
      ['agent', null, false, false],
      ['account', 'other-workspace', false, false],
    ];
    for (const [kind, workspaceId, revoked] of rows)
      await store.keys.create(keyRecord({ kind, workspaceId, revokedAt: revoked ? at() : null }));
    assert.is(await store.keys.countActiveAccountKeys(ws.id), rows.filter((r) => r[3]).length);
    assert.is(await store.keys.countActiveAccountKeys('empty'), 0);
  });
  rule('keys.listActiveAccountKeys', "the workspace's unrevoked account keys, newest first", async ({ store }) => {
    const ws = await workspace(store);
    const old = keyRecord({ workspaceId: ws.id, createdAt: at(-DAY) });
    const mid = keyRecord({ workspaceId: ws.id, createdAt: at() });
    const newest = keyRecord({ workspaceId: ws.id, createdAt: at(DAY) });
    for (const k of [mid, newest, old]) await store.keys.create(k);
    await store.keys.create(keyRecord({ workspaceId: ws.id, createdAt: at(2 * DAY), revokedAt: at(2 * DAY) }));
    await store.keys.create(keyRecord({ kind: 'agent', workspaceId: ws.id, createdAt: at(3 * DAY) }));
    assert.equal(
      (await store.keys.listActiveAccountKeys(ws.id)).map((k) => k.id),
      [newest.id, mid.id, old.id],
    );
  });

  // createIfUnder: the limit of active account keys, counted inside the write.
  const MAX = 20;
  const underRows: [
    title: string,
    seed: { active: number; revoked?: number; agent?: number; elsewhere?: number },
    created: boolean,
  ][] = [
    ['none yet', { active: 0 }, true],
    ['max-1 active: the last one fits', { active: MAX - 1 }, true],
    ['max active: refused', { active: MAX }, false],
    ['max active plus revoked ones: refused', { active: MAX, revoked: 3 }, false],
    ['revoked keys do not count', { active: MAX - 1, revoked: 5 }, true],
    ['agent keys do not count', { active: MAX - 1, agent: 5 }, true],
    ["another workspace's keys do not count", { active: MAX - 1, elsewhere: MAX }, true],
  ];
  for (const [title, seed, created] of underRows) {
    rule('keys.createIfUnder', title, async ({ store }) => {
      const ws = await workspace(store);
      const make = async (n: number, over: Parameters<typeof keyRecord>[0]) => {
        for (let i = 0; i < n; i++) await store.keys.create(keyRecord(over));
      };
      await make(seed.active, { workspaceId: ws.id });
      await make(seed.revoked ?? 0, { workspaceId: ws.id, revokedAt: at() });
      await make(seed.agent ?? 0, { kind: 'agent', workspaceId: ws.id });
      await make(seed.elsewhere ?? 0, { workspaceId: 'elsewhere' });
      const key = keyRecord({ workspaceId: ws.id });
      assert.is(await store.keys.createIfUnder(key, MAX), created);
      assert.is((await store.keys.byId(key.id)) !== undefined, created, 'stored only when created');
      assert.is(await store.keys.countActiveAccountKeys(ws.id), seed.active + (created ? 1 : 0));
    });
  }
  rule(
    'keys.createIfUnder',
    'five concurrent creations with two places left: exactly two are stored',
    async ({ store }) => {
      const ws = await workspace(store);
      for (let i = 0; i < MAX - 2; i++) await store.keys.create(keyRecord({ workspaceId: ws.id }));
      const results = await Promise.all(
        Array.from({ length: 5 }, () => store.keys.createIfUnder(keyRecord({ workspaceId: ws.id }), MAX)),
      );
      assert.is(results.filter(Boolean).length, 2);
      assert.is(await store.keys.countActiveAccountKeys(ws.id), MAX);
    },
  );

  rule('invites.create', 'reads back by token hash, field for field', async ({ store }) => {
    const ws = await workspace(store);
    const invite = inviteRecord(ws.id, 'owner-1', { role: 'viewer' });
    await store.invites.create(invite);
    assert.equal(await store.invites.byHash(invite.tokenHash), invite);
  });
  rule(
    'invites.create',
    'drops invites of every workspace that expired at or before its creation time',
    async ({ store }) => {
      const a = await workspace(store);
      const b = await workspace(store);
      const rows: [workspaceId: string, expiresAt: string, kept: boolean][] = [
        [a.id, at(-SECOND), false],
        [b.id, at(-SECOND), false],
        [b.id, at(), false],
        [b.id, at(SECOND), true],
      ];
      const made = [];
      for (const [workspaceId, expiresAt] of rows) {
        const inv = inviteRecord(workspaceId, 'owner-1', { createdAt: at(-DAY), expiresAt });
        await store.invites.create(inv);
        made.push(inv);
      }
      await store.invites.create(inviteRecord(a.id, 'owner-1', { createdAt: at() }));
      for (const [i, inv] of made.entries())
        assert.is((await store.invites.byHash(inv.tokenHash)) !== undefined, rows[i][2], `invite ${i}`);
    },
  );
  rule('invites.byHash', 'an unknown token reads undefined', async ({ store }) => {
    assert.is(await store.invites.byHash('nope'), undefined);
  });
  rule('invites.list', "a workspace's invites unexpired at now, newest first", async ({ store }) => {
    const ws = await workspace(store);
    const older = inviteRecord(ws.id, 'o', { createdAt: at(-2 * DAY), expiresAt: at(DAY) });
    const newer = inviteRecord(ws.id, 'o', { createdAt: at(-DAY), expiresAt: at(DAY) });
    const inAnHour = inviteRecord(ws.id, 'o', { createdAt: at(-3 * DAY), expiresAt: at(HOUR) });
    for (const inv of [older, newer, inAnHour]) await store.invites.create(inv);
    await store.invites.create(inviteRecord('other', 'o', { createdAt: at(-DAY) }));
    assert.equal(
      (await store.invites.list(ws.id, at())).map((i) => i.id),
      [newer.id, older.id, inAnHour.id],
    );
    assert.equal(
      (await store.invites.list(ws.id, at(HOUR))).map((i) => i.id),
      [newer.id, older.id],
      'one expiring exactly at now is not listed',
    );
  });
  rule(
    'invites.delete',
    "deletes within its workspace only: true once, then false; another workspace's id is false",
    async ({ store }) => {
      const ws = await workspace(store);
      const inv = inviteRecord(ws.id, 'o');
      await store.invites.create(inv);
      assert.is(await store.invites.delete('other-workspace', inv.id), false);
      assert.ok(await store.invites.byHash(inv.tokenHash));
      assert.is(await store.invites.delete(ws.id, inv.id), true);
      assert.is(await store.invites.delete(ws.id, inv.id), false);
      assert.is(await store.invites.byHash(inv.tokenHash), undefined);
    },
  );

  rule('invites.acceptAsNewUser', 'makes the user with the invite role and uses the invite up', async ({ store }) => {
    const ws = await workspace(store);
    await store.invites.create(inviteRecord(ws.id, 'o', { tokenHash: 'tok', role: 'viewer' }));
    const user = userRecord();
    assert.is(await store.invites.acceptAsNewUser('tok', user, at(SECOND)), 'joined');
    assert.equal(await store.users.byId(user.id), user);
    assert.is(await store.users.role(ws.id, user.id), 'viewer');
    assert.is(await store.invites.byHash('tok'), undefined);
    assert.is(await store.invites.acceptAsNewUser('tok', userRecord(), at(SECOND)), 'gone', 'a second use');
  });
  const goneRows: [title: string, expiresIn: number, token: string][] = [
    ['an invite expiring exactly at now is gone', 0, 'tok'],
    ['an expired invite is gone', -SECOND, 'tok'],
    ['an unknown token is gone', DAY, 'other-token'],
  ];
  for (const [title, expiresIn, token] of goneRows) {
    rule('invites.acceptAsNewUser', `${title} and makes no user`, async ({ store }) => {
      const ws = await workspace(store);
      await store.invites.create(
        inviteRecord(ws.id, 'o', { tokenHash: 'tok', createdAt: at(-DAY), expiresAt: at(expiresIn) }),
      );
      const user = userRecord();
      assert.is(await store.invites.acceptAsNewUser(token, user, at()), 'gone');
      assert.is(await store.users.byId(user.id), undefined);
    });
  }
  rule(
    'invites.acceptAsNewUser',
    'a taken email is email_taken, makes nobody and keeps the invite for another try',
    async ({ store }) => {
      const ws = await workspace(store);
      await member(store, ws.id, 'owner', { email: 'taken@example.com' });
      await store.invites.create(inviteRecord(ws.id, 'o', { tokenHash: 'tok' }));
      const user = userRecord({ email: 'taken@example.com' });
      assert.is(await store.invites.acceptAsNewUser('tok', user, at()), 'email_taken');
      assert.is(await store.users.byId(user.id), undefined);
      assert.ok(await store.invites.byHash('tok'));
    },
  );
  rule(
    'invites.acceptAsNewUser',
    'two people opening one link at once: one joins, the other finds it gone',
    async ({ store }) => {
      const ws = await workspace(store);
      await store.invites.create(inviteRecord(ws.id, 'o', { tokenHash: 'tok' }));
      const a = userRecord();
      const b = userRecord();
      const outcomes = await Promise.all([
        store.invites.acceptAsNewUser('tok', a, at()),
        store.invites.acceptAsNewUser('tok', b, at()),
      ]);
      assert.equal([...outcomes].sort(), ['gone', 'joined']);
      assert.is((await store.users.members(ws.id)).length, 1);
    },
  );
  rule(
    'invites.acceptAsUser',
    'adds an existing user with the invite role and uses the invite up',
    async ({ store }) => {
      const ws = await workspace(store);
      const user = await member(store, (await workspace(store)).id, 'owner');
      await store.invites.create(inviteRecord(ws.id, 'o', { tokenHash: 'tok', role: 'editor' }));
      assert.is(await store.invites.acceptAsUser('tok', user.id, at()), 'joined');
      assert.is(await store.users.role(ws.id, user.id), 'editor');
      assert.is(await store.invites.acceptAsUser('tok', user.id, at()), 'gone');
    },
  );
  rule(
    'invites.acceptAsUser',
    'a member keeps the role they have (already_member) and the invite is used up',
    async ({ store }) => {
      const ws = await workspace(store);
      const user = await member(store, ws.id, 'viewer');
      await store.invites.create(inviteRecord(ws.id, 'o', { tokenHash: 'tok', role: 'owner' }));
      assert.is(await store.invites.acceptAsUser('tok', user.id, at()), 'already_member');
      assert.is(await store.users.role(ws.id, user.id), 'viewer');
      assert.is(await store.invites.byHash('tok'), undefined);
    },
  );
  rule('invites.acceptAsUser', 'an expired invite is gone and adds nobody', async ({ store }) => {
    const ws = await workspace(store);
    const user = await member(store, (await workspace(store)).id, 'owner');
    await store.invites.create(inviteRecord(ws.id, 'o', { tokenHash: 'tok', createdAt: at(-DAY), expiresAt: at() }));
    assert.is(await store.invites.acceptAsUser('tok', user.id, at()), 'gone');
    assert.is(await store.users.role(ws.id, user.id), undefined);
  });
  rule(
    'invites.acceptAsUser',
    'two users opening one link at once: one joins, the other finds it gone',
    async ({ store }) => {
      const ws = await workspace(store);
      const home = await workspace(store);
      const a = await member(store, home.id, 'owner');
      const b = await member(store, home.id, 'editor');
      await store.invites.create(inviteRecord(ws.id, 'o', { tokenHash: 'tok' }));
      const outcomes = await Promise.all([
        store.invites.acceptAsUser('tok', a.id, at()),
        store.invites.acceptAsUser('tok', b.id, at()),
      ]);
      assert.equal([...outcomes].sort(), ['gone', 'joined']);
      assert.is((await store.users.members(ws.id)).length, 1);
    },
  );

  run();
}
