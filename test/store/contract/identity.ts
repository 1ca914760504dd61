// Contract of instance metadata, workspaces, users with their memberships, and sign-in sessions.
import * as assert from 'uvu/assert';
import type { Role } from '../../../server/core/store/types.ts';
import { contractSuite, type StoreFactory } from './harness.ts';
import { at, DAY, form, HOUR, member, newSubmission, SECOND, uid, userRecord, workspace } from './fixtures.ts';

/** Rows for meta, workspaces, users and sessions. */
export function identityContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'meta, workspaces, users, sessions', factory);

  rule('meta.get', 'an unknown key reads undefined', async ({ store }) => {
    assert.is(await store.meta.get('nothing-here'), undefined);
  });
  rule('meta.set', 'sets a key, then replaces its value; other keys are untouched', async ({ store }) => {
    await store.meta.set('a', 'one');
    await store.meta.set('b', 'two');
    await store.meta.set('a', 'three');
    assert.is(await store.meta.get('a'), 'three');
    assert.is(await store.meta.get('b'), 'two');
    await store.meta.set('empty', '');
    assert.is(await store.meta.get('empty'), '', 'an empty string is a value, not a missing key');
  });

  rule('workspaces.create', 'reads back by id, field for field', async ({ store }) => {
    const ws = await workspace(store);
    assert.equal(await store.workspaces.byId(ws.id), ws);
  });
  rule('workspaces.byId', 'an unknown id reads undefined', async ({ store }) => {
    assert.is(await store.workspaces.byId('nope'), undefined);
  });
  rule(
    'workspaces.first',
    'undefined on an empty store, then the earliest created whatever the order of creation',
    async ({ store }) => {
      assert.is(await store.workspaces.first(), undefined);
      await workspace(store, at(2 * HOUR));
      const earliest = await workspace(store, at(HOUR));
      await workspace(store, at(3 * HOUR));
      assert.equal(await store.workspaces.first(), earliest);
    },
  );
  rule(
    'workspaces.monthlyUsage',
    'counts stored submissions per workspace and UTC month (YYYY-MM); 0 when none',
    async ({ store }) => {
      const ws = await workspace(store);
      const other = await workspace(store);
      const f = await form(store, ws.id);
      const g = await form(store, other.id);
      const rows: [createdAt: string, formId: string, workspaceId: string][] = [
        ['2026-10-31T23:59:59.999Z', f.id, ws.id],
        ['2026-11-01T00:00:00.000Z', f.id, ws.id],
        ['2026-11-30T23:59:59.999Z', f.id, ws.id],
        ['2026-11-15T00:00:00.000Z', g.id, other.id],
      ];
      for (const [createdAt, formId, workspaceId] of rows)
        await store.submissions.insert(newSubmission(formId, workspaceId, { createdAt }));
      assert.is(await store.workspaces.monthlyUsage(ws.id, '2026-10'), 1);
      assert.is(await store.workspaces.monthlyUsage(ws.id, '2026-11'), 2);
      assert.is(await store.workspaces.monthlyUsage(ws.id, '2026-12'), 0);
      assert.is(await store.workspaces.monthlyUsage(other.id, '2026-11'), 1);
      assert.is(await store.workspaces.monthlyUsage('no-such-workspace', '2026-11'), 0);
    },
  );

  rule(
    'users.create',
    'stores the user with its membership; a user without a password keeps null',
    async ({ store }) => {
      const ws = await workspace(store);
      const user = userRecord({ passwordHash: null });
      await store.users.create(user, { workspaceId: ws.id, role: 'viewer' });
      assert.equal(await store.users.byId(user.id), user, 'a user without a password keeps null');
      assert.is(await store.users.role(ws.id, user.id), 'viewer');
    },
  );
  rule('users.create', 'a second user with a taken email is refused and stores nothing', async ({ store }) => {
    const ws = await workspace(store);
    const first = await member(store, ws.id, 'owner', { email: 'same@example.com' });
    const second = userRecord({ email: 'same@example.com' });
    let refused = false;
    await store.users.create(second, { workspaceId: ws.id, role: 'editor' }).catch(() => (refused = true));
    assert.ok(refused, 'the write rejects');
    assert.is(await store.users.byId(second.id), undefined);
    assert.is(await store.users.role(ws.id, second.id), undefined, 'no membership without its user');
    assert.is((await store.users.byEmail('same@example.com'))?.id, first.id);
  });
  rule('users.byId', 'an unknown id reads undefined', async ({ store }) => {
    assert.is(await store.users.byId('nobody'), undefined);
  });
  rule(
    'users.byEmail',
    'finds the user by the exact stored address; an unknown one reads undefined',
    async ({ store }) => {
      const ws = await workspace(store);
      const user = await member(store, ws.id, 'owner', { email: 'ada@example.com' });
      assert.equal(await store.users.byEmail('ada@example.com'), user);
      assert.is(await store.users.byEmail('bob@example.com'), undefined);
    },
  );
  rule('users.setPassword', 'replaces the hash of that user only', async ({ store }) => {
    const ws = await workspace(store);
    const a = await member(store, ws.id, 'owner');
    const b = await member(store, ws.id, 'editor');
    await store.users.setPassword(a.id, 'scrypt$new');
    assert.is((await store.users.byId(a.id))?.passwordHash, 'scrypt$new');
    assert.is((await store.users.byId(b.id))?.passwordHash, b.passwordHash);
  });
  rule('users.role', 'the role in that workspace; undefined outside it', async ({ store }) => {
    const ws = await workspace(store);
    const other = await workspace(store);
    const user = await member(store, ws.id, 'editor');
    assert.is(await store.users.role(ws.id, user.id), 'editor');
    assert.is(await store.users.role(other.id, user.id), undefined);
    assert.is(await store.users.role(ws.id, 'nobody'), undefined);
  });
  rule(
    'users.workspacesOf',
    'every workspace of a user with the role there, oldest workspace first',
    async ({ store }) => {
      const older = await workspace(store, at(-DAY));
      const newer = await workspace(store, at());
      const user = await member(store, newer.id, 'viewer');
      await store.invites.create({
        id: uid('inv'),
        tokenHash: 't1',
        workspaceId: older.id,
        role: 'owner',
        createdBy: user.id,
        createdAt: at(),
        expiresAt: at(DAY),
      });
      assert.is(await store.invites.acceptAsUser('t1', user.id, at(SECOND)), 'joined');
      assert.equal(await store.users.workspacesOf(user.id), [
        { workspace: older, role: 'owner' },
        { workspace: newer, role: 'viewer' },
      ]);
      assert.equal(await store.users.workspacesOf('nobody'), []);
    },
  );
  rule(
    'users.members',
    'members in the order they joined, with role; mail is on for a new member',
    async ({ store }) => {
      const ws = await workspace(store);
      const roles: Role[] = ['owner', 'editor', 'viewer'];
      const users = [];
      for (const [i, role] of roles.entries())
        users.push(await member(store, ws.id, role, { createdAt: at(i * SECOND) }));
      await member(store, (await workspace(store)).id, 'owner');
      assert.equal(
        await store.users.members(ws.id),
        users.map((user, i) => ({ user, role: roles[i], emailEnabled: true })),
      );
    },
  );

  // setRole and removeMember: a workspace never loses its last owner.
  const membershipRows: [
    title: string,
    owners: number,
    target: Role,
    change: Role | 'remove',
    outcome: 'ok' | 'last_owner',
  ][] = [
    ['the only owner cannot become an editor', 1, 'owner', 'editor', 'last_owner'],
    ['the only owner cannot become a viewer', 1, 'owner', 'viewer', 'last_owner'],
    ['the only owner may stay owner', 1, 'owner', 'owner', 'ok'],
    ['one of two owners may become an editor', 2, 'owner', 'editor', 'ok'],
    ['an editor may become an owner', 1, 'editor', 'owner', 'ok'],
    ['an editor may become a viewer', 1, 'editor', 'viewer', 'ok'],
    ['the only owner cannot be removed', 1, 'owner', 'remove', 'last_owner'],
    ['one of two owners may be removed', 2, 'owner', 'remove', 'ok'],
    ['an editor may be removed', 1, 'editor', 'remove', 'ok'],
  ];
  for (const [title, owners, target, change, outcome] of membershipRows) {
    const method = change === 'remove' ? 'users.removeMember' : 'users.setRole';
    rule(method, title, async ({ store }) => {
      const ws = await workspace(store);
      const firstOwner = await member(store, ws.id, 'owner');
      if (owners === 2) await member(store, ws.id, 'owner');
      const subject = target === 'owner' ? firstOwner : await member(store, ws.id, target);
      const result =
        change === 'remove'
          ? await store.users.removeMember(ws.id, subject.id)
          : await store.users.setRole(ws.id, subject.id, change);
      assert.is(result, outcome);
      const expected = outcome === 'ok' ? (change === 'remove' ? undefined : change) : target;
      assert.is(await store.users.role(ws.id, subject.id), expected, 'the role after the call');
      if (change === 'remove' && outcome === 'ok')
        assert.ok(await store.users.byId(subject.id), 'the user stays; only the membership goes');
    });
  }
  rule('users.setRole', 'a user outside the workspace is not_member and changes nothing', async ({ store }) => {
    const ws = await workspace(store);
    const elsewhere = await member(store, (await workspace(store)).id, 'owner');
    assert.is(await store.users.setRole(ws.id, elsewhere.id, 'editor'), 'not_member');
    assert.is(await store.users.role(ws.id, elsewhere.id), undefined);
  });
  rule('users.removeMember', 'a user outside the workspace is not_member', async ({ store }) => {
    const ws = await workspace(store);
    assert.is(await store.users.removeMember(ws.id, 'nobody'), 'not_member');
  });
  rule(
    'users.setRole',
    'two owners demoting each other at once: one wins, the workspace keeps an owner',
    async ({ store }) => {
      const ws = await workspace(store);
      const a = await member(store, ws.id, 'owner');
      const b = await member(store, ws.id, 'owner');
      const outcomes = await Promise.all([
        store.users.setRole(ws.id, a.id, 'editor'),
        store.users.setRole(ws.id, b.id, 'editor'),
      ]);
      assert.equal([...outcomes].sort(), ['last_owner', 'ok']);
      const owners = (await store.users.members(ws.id)).filter((m) => m.role === 'owner');
      assert.is(owners.length, 1);
    },
  );
  rule('users.removeMember', 'two owners removed at once: one stays', async ({ store }) => {
    const ws = await workspace(store);
    const a = await member(store, ws.id, 'owner');
    const b = await member(store, ws.id, 'owner');
    const outcomes = await Promise.all([store.users.removeMember(ws.id, a.id), store.users.removeMember(ws.id, b.id)]);
    assert.equal([...outcomes].sort(), ['last_owner', 'ok']);
    assert.is((await store.users.members(ws.id)).length, 1);
  });

  rule('sessions.create', 'a session reads back with its user and expiry', async ({ store }) => {
    await store.sessions.create('tok-a', 'user-1', at(), at(DAY));
    assert.equal(await store.sessions.get('tok-a'), { userId: 'user-1', expiresAt: at(DAY) });
  });
  rule(
    'sessions.get',
    'an unknown token reads undefined; an expired one still reads (the caller checks expiry)',
    async ({ store }) => {
      assert.is(await store.sessions.get('nope'), undefined);
      await store.sessions.create('old', 'user-1', at(-2 * DAY), at(-DAY));
      assert.equal(await store.sessions.get('old'), { userId: 'user-1', expiresAt: at(-DAY) });
    },
  );
  rule('sessions.delete', 'ends one session, others stay; deleting an unknown one is harmless', async ({ store }) => {
    await store.sessions.create('a', 'user-1', at(), at(DAY));
    await store.sessions.create('b', 'user-1', at(), at(DAY));
    await store.sessions.delete('a');
    await store.sessions.delete('never-was');
    assert.is(await store.sessions.get('a'), undefined);
    assert.ok(await store.sessions.get('b'));
  });
  rule(
    'sessions.sweep',
    'removes sessions that expired at or before now, counts them, keeps later ones',
    async ({ store }) => {
      const rows: [token: string, expiresIn: number, swept: boolean][] = [
        ['long-gone', -DAY, true],
        ['just-before', -1, true],
        ['exactly-now', 0, true],
        ['just-after', 1, false],
        ['tomorrow', DAY, false],
      ];
      for (const [token, expiresIn] of rows) await store.sessions.create(token, 'user-1', at(-2 * DAY), at(expiresIn));
      assert.is(await store.sessions.sweep(at()), rows.filter((r) => r[2]).length);
      for (const [token, , swept] of rows) assert.is((await store.sessions.get(token)) === undefined, swept, token);
      assert.is(await store.sessions.sweep(at()), 0, 'a second sweep finds nothing');
    },
  );
  rule(
    'sessions.deleteForUser',
    "ends every session of the user but the kept one; other users' stay",
    async ({ store }) => {
      for (const t of ['u1-a', 'u1-b', 'u1-keep']) await store.sessions.create(t, 'user-1', at(), at(DAY));
      await store.sessions.create('u2-a', 'user-2', at(), at(DAY));
      assert.is(await store.sessions.deleteForUser('user-1', 'u1-keep'), 2);
      assert.is(await store.sessions.get('u1-a'), undefined);
      assert.ok(await store.sessions.get('u1-keep'));
      assert.ok(await store.sessions.get('u2-a'));
      assert.is(await store.sessions.deleteForUser('user-1'), 1, 'without a kept token every session goes');
      assert.is(await store.sessions.get('u1-keep'), undefined);
      assert.is(await store.sessions.deleteForUser('user-3'), 0);
    },
  );

  run();
}
