// Workspaces, users, memberships, sessions, API keys and instance metadata on PostgreSQL.
import type { ApiKeyRecord, MembershipOutcome, Role, Store } from '../types.ts';
import { LockClass, lockKey, type PgDatabase, type Queryable } from './db.ts';
import { toKey, toUser, toWorkspace } from '../rows.ts';

const ACTIVE_ACCOUNT_KEYS = "kind = 'account' AND workspace_id = $1 AND revoked_at IS NULL";

/** The meta, workspaces, users, sessions and keys parts of the store. */
export function identityQueries(db: PgDatabase): Pick<Store, 'meta' | 'workspaces' | 'users' | 'sessions' | 'keys'> {
  return {
    meta: {
      get: async (key) => (await db.get('SELECT value FROM meta WHERE key = $1', [key]))?.value,
      set: async (key, value) => {
        await db.q(
          'INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
          [key, value],
        );
      },
    },
    workspaces: {
      create: async (ws) => {
        await db.q('INSERT INTO workspaces (id, name, created_at) VALUES ($1, $2, $3)', [ws.id, ws.name, ws.createdAt]);
      },
      first: async () => {
        const row = await db.get('SELECT * FROM workspaces ORDER BY created_at, id LIMIT 1');
        return row && toWorkspace(row);
      },
      byId: async (id) => {
        const row = await db.get('SELECT * FROM workspaces WHERE id = $1', [id]);
        return row && toWorkspace(row);
      },
      // The folded row plus what inserts without a quota left in usage_counts, in one statement: exact.
      monthlyUsage: async (workspaceId, month) =>
        (
          await db.get(
            `SELECT (SELECT COALESCE(sum(submissions), 0) FROM usage WHERE workspace_id = $1 AND month = $2)
              + (SELECT COALESCE(sum(n), 0) FROM usage_counts WHERE workspace_id = $1 AND month = $2) AS n`,
            [workspaceId, month],
          )
        )?.n ?? 0,
    },
    users: {
      create: async (user, membership) => {
        await db.tx(async (tx) => {
          await tx.q('INSERT INTO users (id, email, password_hash, created_at) VALUES ($1, $2, $3, $4)', [
            user.id,
            user.email,
            user.passwordHash,
            user.createdAt,
          ]);
          await tx.q('INSERT INTO memberships (workspace_id, user_id, role, created_at) VALUES ($1, $2, $3, $4)', [
            membership.workspaceId,
            user.id,
            membership.role,
            user.createdAt,
          ]);
        });
      },
      byId: async (id) => {
        const row = await db.get('SELECT * FROM users WHERE id = $1', [id]);
        return row && toUser(row);
      },
      byEmail: async (email) => {
        const row = await db.get('SELECT * FROM users WHERE email = $1', [email]);
        return row && toUser(row);
      },
      setPassword: async (userId, passwordHash) => {
        await db.q('UPDATE users SET password_hash = $1 WHERE id = $2', [passwordHash, userId]);
      },
      role: async (workspaceId, userId) =>
        (await db.get('SELECT role FROM memberships WHERE workspace_id = $1 AND user_id = $2', [workspaceId, userId]))
          ?.role,
      workspacesOf: async (userId) =>
        (
          await db.q(
            `SELECT w.*, m.role FROM memberships m JOIN workspaces w ON w.id = m.workspace_id
              WHERE m.user_id = $1 ORDER BY w.created_at, m.seq`,
            [userId],
          )
        ).rows.map((row) => ({ workspace: toWorkspace(row), role: row.role })),
      members: async (workspaceId) =>
        (
          await db.q(
            `SELECT u.*, m.role, m.email_enabled FROM memberships m JOIN users u ON u.id = m.user_id
              WHERE m.workspace_id = $1 ORDER BY m.created_at, m.seq`,
            [workspaceId],
          )
        ).rows.map((row) => ({ user: toUser(row), role: row.role, emailEnabled: row.email_enabled })),
      setRole: async (workspaceId, userId, role) =>
        db.tx(async (tx) => {
          const outcome = await membershipChange(tx, workspaceId, userId, role);
          if (outcome === 'ok')
            await tx.q('UPDATE memberships SET role = $1 WHERE workspace_id = $2 AND user_id = $3', [
              role,
              workspaceId,
              userId,
            ]);
          return outcome;
        }),
      removeMember: async (workspaceId, userId) =>
        db.tx(async (tx) => {
          const outcome = await membershipChange(tx, workspaceId, userId, undefined);
          if (outcome === 'ok')
            await tx.q('DELETE FROM memberships WHERE workspace_id = $1 AND user_id = $2', [workspaceId, userId]);
          return outcome;
        }),
    },
    sessions: {
      create: async (tokenHash, userId, createdAt, expiresAt) => {
        await db.q('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
          tokenHash,
          userId,
          createdAt,
          expiresAt,
        ]);
      },
      get: async (tokenHash) => {
        const row = await db.get('SELECT user_id, expires_at FROM sessions WHERE token_hash = $1', [tokenHash]);
        return row && { userId: row.user_id, expiresAt: row.expires_at };
      },
      delete: async (tokenHash) => {
        await db.q('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
      },
      sweep: async (now) => (await db.q('DELETE FROM sessions WHERE expires_at <= $1', [now])).changes,
      deleteForUser: async (userId, keepTokenHash) =>
        (await db.q('DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2', [userId, keepTokenHash ?? '']))
          .changes,
    },
    keys: {
      create: async (k) => {
        await insertKey(db, k);
      },
      byHash: async (hash) => {
        const row = await db.get('SELECT * FROM api_keys WHERE key_hash = $1', [hash]);
        return row && toKey(row);
      },
      touch: async (id, at) => {
        await db.q('UPDATE api_keys SET last_used_at = $1 WHERE id = $2', [at, id]);
      },
      revoke: async (id, at) => {
        await db.q('UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [at, id]);
      },
      countActiveAccountKeys: async (workspaceId) =>
        (await db.get(`SELECT COUNT(*) AS n FROM api_keys WHERE ${ACTIVE_ACCOUNT_KEYS}`, [workspaceId]))?.n ?? 0,
      byId: async (id) => {
        const row = await db.get('SELECT * FROM api_keys WHERE id = $1', [id]);
        return row && toKey(row);
      },
      listActiveAccountKeys: async (workspaceId) =>
        (
          await db.q(`SELECT * FROM api_keys WHERE ${ACTIVE_ACCOUNT_KEYS} ORDER BY created_at DESC, id`, [workspaceId])
        ).rows.map(toKey),
      createIfUnder: async (k, max) =>
        db.tx(async (tx) => {
          // Creations for one workspace take turns (across instances too), so the count cannot go stale
          // between reading it and inserting: two concurrent creations never both pass the limit.
          await lockKey(tx, LockClass.accountKeys, k.workspaceId ?? '');
          const n =
            (await tx.get(`SELECT COUNT(*) AS n FROM api_keys WHERE ${ACTIVE_ACCOUNT_KEYS}`, [k.workspaceId]))?.n ?? 0;
          if (n >= max) return false;
          await insertKey(tx, k);
          return true;
        }),
    },
  };
}

async function insertKey(q: Queryable, k: ApiKeyRecord) {
  await q.q(
    `INSERT INTO api_keys (id, kind, key_hash, last4, name, workspace_id, created_by, created_at, last_used_at,
      revoked_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [k.id, k.kind, k.keyHash, k.last4, k.name, k.workspaceId, k.createdBy, k.createdAt, k.lastUsedAt, k.revokedAt],
  );
}

/** Whether a member may get `role` (undefined: be removed) without leaving the workspace ownerless. */
async function membershipChange(
  tx: Queryable,
  workspaceId: string,
  userId: string,
  role: Role | undefined,
): Promise<MembershipOutcome> {
  // Changes of one workspace's members take turns: two owners demoting each other at once cannot both
  // see "another owner is left" and leave none.
  await lockKey(tx, LockClass.owners, workspaceId);
  const current = (
    await tx.get('SELECT role FROM memberships WHERE workspace_id = $1 AND user_id = $2', [workspaceId, userId])
  )?.role as Role | undefined;
  if (!current) return 'not_member';
  if (current !== 'owner' || role === 'owner') return 'ok';
  const owners =
    (await tx.get("SELECT COUNT(*) AS n FROM memberships WHERE workspace_id = $1 AND role = 'owner'", [workspaceId]))
      ?.n ?? 0;
  return owners > 1 ? 'ok' : 'last_owner';
}
