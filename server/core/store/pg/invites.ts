// Workspace invites on PostgreSQL: created by owners, used up once by a new or an existing user.
import type { InviteOutcome, InviteRecord, Store } from '../types.ts';
import { LockClass, lockKey, type PgDatabase, type Queryable } from './db.ts';
import { toInvite } from '../rows.ts';

/** The invites part of the store. */
export function inviteQueries(db: PgDatabase): Store['invites'] {
  return {
    create: async (i) => {
      await db.tx(async (tx) => {
        // Expired invites are useless; dropping them here keeps the table small without a job.
        await tx.q('DELETE FROM invites WHERE expires_at <= $1', [i.createdAt]);
        await tx.q(
          `INSERT INTO invites (id, token_hash, workspace_id, role, created_by, created_at, expires_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [i.id, i.tokenHash, i.workspaceId, i.role, i.createdBy, i.createdAt, i.expiresAt],
        );
      });
    },
    byHash: async (tokenHash) => {
      const row = await db.get('SELECT * FROM invites WHERE token_hash = $1', [tokenHash]);
      return row && toInvite(row);
    },
    list: async (workspaceId, now) =>
      (
        await db.q('SELECT * FROM invites WHERE workspace_id = $1 AND expires_at > $2 ORDER BY created_at DESC, id', [
          workspaceId,
          now,
        ])
      ).rows.map(toInvite),
    delete: async (workspaceId, id) =>
      (await db.q('DELETE FROM invites WHERE workspace_id = $1 AND id = $2', [workspaceId, id])).changes === 1,
    acceptAsNewUser: async (tokenHash, user, now) =>
      db.tx(async (tx): Promise<InviteOutcome> => {
        const invite = await takeInvite(tx, tokenHash, now);
        if (!invite) return 'gone';
        // Sign-ups with one address take turns, so two invites accepted with it at once give one user.
        await lockKey(tx, LockClass.email, user.email);
        if (await tx.get('SELECT id FROM users WHERE email = $1', [user.email])) return 'email_taken';
        await tx.q('DELETE FROM invites WHERE id = $1', [invite.id]);
        await tx.q('INSERT INTO users (id, email, password_hash, created_at) VALUES ($1, $2, $3, $4)', [
          user.id,
          user.email,
          user.passwordHash,
          user.createdAt,
        ]);
        await tx.q('INSERT INTO memberships (workspace_id, user_id, role, created_at) VALUES ($1, $2, $3, $4)', [
          invite.workspaceId,
          user.id,
          invite.role,
          now,
        ]);
        return 'joined';
      }),
    acceptAsUser: async (tokenHash, userId, now) =>
      db.tx(async (tx): Promise<InviteOutcome> => {
        const invite = await takeInvite(tx, tokenHash, now);
        if (!invite) return 'gone';
        await tx.q('DELETE FROM invites WHERE id = $1', [invite.id]);
        // An existing member keeps the role they have: an invite never demotes or promotes.
        const added = await tx.q(
          `INSERT INTO memberships (workspace_id, user_id, role, created_at) VALUES ($1, $2, $3, $4)
            ON CONFLICT (workspace_id, user_id) DO NOTHING`,
          [invite.workspaceId, userId, invite.role, now],
        );
        return added.changes === 1 ? 'joined' : 'already_member';
      }),
  };
}

/**
 * The unexpired invite with this token, locked until the transaction ends: a second taker waits, then finds
 * it gone.
 */
async function takeInvite(tx: Queryable, tokenHash: string, now: string): Promise<InviteRecord | undefined> {
  const row = await tx.get('SELECT * FROM invites WHERE token_hash = $1 AND expires_at > $2 FOR UPDATE', [
    tokenHash,
    now,
  ]);
  return row && toInvite(row);
}
