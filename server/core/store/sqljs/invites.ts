// Workspace invites on sql.js: created by owners, used up once by a new or an existing user.
import type { DurableDatabase, WriteTx } from '../../../lib/durable/durable-db.ts';
import { toInvite } from '../rows.ts';
import type { InviteOutcome, InviteRecord, Store, UserRecord } from '../types.ts';

/** The invites part of the store. */
export function inviteQueries(db: DurableDatabase): Store['invites'] {
  return {
    create: async (i) => {
      await db.write((tx) => {
        // Expired invites are useless; dropping them here keeps the table small without a job.
        tx.run('DELETE FROM invites WHERE expires_at <= ?', [i.createdAt]);
        tx.run(
          'INSERT INTO invites (id, token_hash, workspace_id, role, created_by, created_at, expires_at) ' +
            'VALUES (?, ?, ?, ?, ?, ?, ?)',
          [i.id, i.tokenHash, i.workspaceId, i.role, i.createdBy, i.createdAt, i.expiresAt],
        );
      });
    },
    byHash: async (tokenHash) => {
      const row = db.get('SELECT * FROM invites WHERE token_hash = ?', [tokenHash]);
      return row && toInvite(row);
    },
    list: async (workspaceId, now) =>
      db
        .all('SELECT * FROM invites WHERE workspace_id = ? AND expires_at > ? ORDER BY created_at DESC, id', [
          workspaceId,
          now,
        ])
        .map(toInvite),
    delete: async (workspaceId, id) =>
      db.write(
        (tx) => tx.run('DELETE FROM invites WHERE workspace_id = ? AND id = ?', [workspaceId, id]).changes === 1,
      ),
    acceptAsNewUser: async (tokenHash, user, now) =>
      db.write((tx): InviteOutcome => {
        const invite = takeInvite(tx, tokenHash, now);
        if (!invite) return 'gone';
        if (tx.get('SELECT id FROM users WHERE email = ?', [user.email])) return 'email_taken';
        useInvite(tx, invite);
        insertUser(tx, user);
        tx.run('INSERT INTO memberships (workspace_id, user_id, role, created_at) VALUES (?, ?, ?, ?)', [
          invite.workspaceId,
          user.id,
          invite.role,
          now,
        ]);
        return 'joined';
      }),
    acceptAsUser: async (tokenHash, userId, now) =>
      db.write((tx): InviteOutcome => {
        const invite = takeInvite(tx, tokenHash, now);
        if (!invite) return 'gone';
        useInvite(tx, invite);
        // An existing member keeps the role they have: an invite never demotes or promotes.
        if (tx.get('SELECT role FROM memberships WHERE workspace_id = ? AND user_id = ?', [invite.workspaceId, userId]))
          return 'already_member';
        tx.run('INSERT INTO memberships (workspace_id, user_id, role, created_at) VALUES (?, ?, ?, ?)', [
          invite.workspaceId,
          userId,
          invite.role,
          now,
        ]);
        return 'joined';
      }),
  };
}

function takeInvite(tx: WriteTx, tokenHash: string, now: string): InviteRecord | undefined {
  const row = tx.get('SELECT * FROM invites WHERE token_hash = ? AND expires_at > ?', [tokenHash, now]);
  return row && toInvite(row);
}

function useInvite(tx: WriteTx, invite: InviteRecord) {
  tx.run('DELETE FROM invites WHERE id = ?', [invite.id]);
}

function insertUser(tx: WriteTx, user: UserRecord) {
  tx.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', [
    user.id,
    user.email,
    user.passwordHash,
    user.createdAt,
  ]);
}
