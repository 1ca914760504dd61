// Workspaces, users, memberships, API keys and instance metadata on sql.js.
import type { DurableDatabase, SqlValue, WriteTx } from '../../../lib/durable/durable-db.ts';
import type { ApiKeyRecord, MembershipOutcome, Role, Store } from '../types.ts';
import { toKey, toUser, toWorkspace } from '../rows.ts';

/** The meta, workspaces, users and keys parts of the store. */
export function identityQueries(
  db: DurableDatabase,
): Pick<Store, 'meta' | 'workspaces' | 'users' | 'sessions' | 'keys'> {
  return {
    meta: {
      get: async (key) => db.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [key])?.value,
      set: async (key, value) => {
        await db.write((tx) =>
          tx.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value', [
            key,
            value,
          ]),
        );
      },
    },
    workspaces: {
      create: async (ws) => {
        await db.write((tx) =>
          tx.run('INSERT INTO workspaces (id, name, created_at) VALUES (?, ?, ?)', [ws.id, ws.name, ws.createdAt]),
        );
      },
      first: async () => {
        const row = db.get('SELECT * FROM workspaces ORDER BY created_at, id LIMIT 1');
        return row && toWorkspace(row);
      },
      byId: async (id) => {
        const row = db.get('SELECT * FROM workspaces WHERE id = ?', [id]);
        return row && toWorkspace(row);
      },
      monthlyUsage: async (workspaceId, month) =>
        db.get<{ submissions: number }>('SELECT submissions FROM usage WHERE workspace_id = ? AND month = ?', [
          workspaceId,
          month,
        ])?.submissions ?? 0,
    },
    users: {
      create: async (user, membership) => {
        await db.write((tx) => {
          tx.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', [
            user.id,
            user.email,
            user.passwordHash,
            user.createdAt,
          ]);
          tx.run('INSERT INTO memberships (workspace_id, user_id, role, created_at) VALUES (?, ?, ?, ?)', [
            membership.workspaceId,
            user.id,
            membership.role,
            user.createdAt,
          ]);
        });
      },
      byId: async (id) => {
        const row = db.get('SELECT * FROM users WHERE id = ?', [id]);
        return row && toUser(row);
      },
      byEmail: async (email) => {
        const row = db.get('SELECT * FROM users WHERE email = ?', [email]);
        return row && toUser(row);
      },
      setPassword: async (userId, passwordHash) => {
        await db.write((tx) => tx.run('UPDATE users SET password_hash = ? WHERE id = ?', [passwordHash, userId]));
      },
      role: async (workspaceId, userId) =>
        db.get<{ role: 'owner' | 'editor' | 'viewer' }>(
          'SELECT role FROM memberships WHERE workspace_id = ? AND user_id = ?',
          [workspaceId, userId],
        )?.role,
      workspacesOf: async (userId) =>
        db
          .all<Record<string, SqlValue> & { role: Role }>(
            'SELECT w.*, m.role FROM memberships m JOIN workspaces w ON w.id = m.workspace_id WHERE m.user_id = ? ' +
              'ORDER BY w.created_at',
            [userId],
          )
          .map((row) => ({ workspace: toWorkspace(row), role: row.role })),
      members: async (workspaceId) =>
        db
          .all<Record<string, SqlValue> & { role: Role; email_enabled: number }>(
            'SELECT u.*, m.role, m.email_enabled FROM memberships m JOIN users u ON u.id = m.user_id ' +
              'WHERE m.workspace_id = ? ORDER BY m.created_at',
            [workspaceId],
          )
          .map((row) => ({ user: toUser(row), role: row.role, emailEnabled: row.email_enabled === 1 })),
      setRole: async (workspaceId, userId, role) =>
        db.write((tx) => {
          const outcome = membershipChange(tx, workspaceId, userId, role);
          if (outcome === 'ok')
            tx.run('UPDATE memberships SET role = ? WHERE workspace_id = ? AND user_id = ?', [
              role,
              workspaceId,
              userId,
            ]);
          return outcome;
        }),
      removeMember: async (workspaceId, userId) =>
        db.write((tx) => {
          const outcome = membershipChange(tx, workspaceId, userId, undefined);
          if (outcome === 'ok')
            tx.run('DELETE FROM memberships WHERE workspace_id = ? AND user_id = ?', [workspaceId, userId]);
          return outcome;
        }),
    },
    sessions: {
      create: async (tokenHash, userId, createdAt, expiresAt) => {
        await db.write((tx) =>
          tx.run('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)', [
            tokenHash,
            userId,
            createdAt,
            expiresAt,
          ]),
        );
      },
      get: async (tokenHash) => {
        const row = db.get<{ user_id: string; expires_at: string }>(
          'SELECT user_id, expires_at FROM sessions WHERE token_hash = ?',
          [tokenHash],
        );
        return row && { userId: row.user_id, expiresAt: row.expires_at };
      },
      delete: async (tokenHash) => {
        await db.write((tx) => tx.run('DELETE FROM sessions WHERE token_hash = ?', [tokenHash]));
      },
      sweep: async (now) => db.write((tx) => tx.run('DELETE FROM sessions WHERE expires_at <= ?', [now]).changes),
      deleteForUser: async (userId, keepTokenHash) =>
        db.write(
          (tx) =>
            tx.run('DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?', [userId, keepTokenHash ?? '']).changes,
        ),
    },
    keys: {
      create: async (k) => {
        await db.write((tx) => insertKey(tx, k));
      },
      byHash: async (hash) => {
        const row = db.get('SELECT * FROM api_keys WHERE key_hash = ?', [hash]);
        return row && toKey(row);
      },
      touch: async (id, at) => {
        await db.write((tx) => tx.run('UPDATE api_keys SET last_used_at = ? WHERE id = ?', [at, id]));
      },
      revoke: async (id, at) => {
        await db.write((tx) =>
          tx.run('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [at, id]),
        );
      },
      countActiveAccountKeys: async (workspaceId) =>
        db.get<{ n: number }>(
          "SELECT COUNT(*) AS n FROM api_keys WHERE kind = 'account' AND workspace_id = ? AND revoked_at IS NULL",
          [workspaceId],
        )?.n ?? 0,
      byId: async (id) => {
        const row = db.get('SELECT * FROM api_keys WHERE id = ?', [id]);
        return row && toKey(row);
      },
      listActiveAccountKeys: async (workspaceId) =>
        db
          .all(
            "SELECT * FROM api_keys WHERE kind = 'account' AND workspace_id = ? AND revoked_at IS NULL " +
              'ORDER BY created_at DESC, id',
            [workspaceId],
          )
          .map(toKey),
      createIfUnder: async (k, max) =>
        db.write((tx) => {
          // Counted inside the write, so two concurrent creations cannot both pass the limit.
          const n =
            tx.get<{ n: number }>(
              "SELECT COUNT(*) AS n FROM api_keys WHERE kind = 'account' AND workspace_id = ? AND revoked_at IS NULL",
              [k.workspaceId],
            )?.n ?? 0;
          if (n >= max) return false;
          insertKey(tx, k);
          return true;
        }),
    },
  };
}

function insertKey(tx: WriteTx, k: ApiKeyRecord) {
  tx.run(
    'INSERT INTO api_keys (id, kind, key_hash, last4, name, workspace_id, created_by, created_at, last_used_at, ' +
      'revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [k.id, k.kind, k.keyHash, k.last4, k.name, k.workspaceId, k.createdBy, k.createdAt, k.lastUsedAt, k.revokedAt],
  );
}

/** Whether a member may get `role` (undefined: be removed) without leaving the workspace ownerless. */
function membershipChange(tx: WriteTx, workspaceId: string, userId: string, role: Role | undefined): MembershipOutcome {
  const current = tx.get<{ role: Role }>('SELECT role FROM memberships WHERE workspace_id = ? AND user_id = ?', [
    workspaceId,
    userId,
  ])?.role;
  if (!current) return 'not_member';
  if (current !== 'owner' || role === 'owner') return 'ok';
  const owners =
    tx.get<{ n: number }>("SELECT COUNT(*) AS n FROM memberships WHERE workspace_id = ? AND role = 'owner'", [
      workspaceId,
    ])?.n ?? 0;
  return owners > 1 ? 'ok' : 'last_owner';
}
