// The audit log on PostgreSQL (migration 19). An append takes the workspace's audit lock for its transaction,
// so two instances appending at once chain one after the other instead of forking the log.
import type { AuditEntry, Store } from '../types.ts';
import { LockClass, type PgDatabase, type Row } from './db.ts';

const toEntry = (r: Row): AuditEntry => ({
  seq: Number(r.seq),
  workspaceId: r.workspace_id,
  at: r.at,
  actorKind: r.actor_kind,
  actorId: r.actor_id,
  actorLabel: r.actor_label,
  ip: r.ip,
  action: r.action,
  target: r.target,
  detail: r.detail,
  prevHash: r.prev_hash,
  hash: r.hash,
});

/** The audit part of the store. */
export function auditQueries(db: PgDatabase): Store['audit'] {
  return {
    append: (e, chain) =>
      db.tx(async (tx) => {
        await tx.q("SELECT pg_advisory_xact_lock($1, hashtext(COALESCE($2, '')))", [LockClass.audit, e.workspaceId]);
        const last = await tx.get(
          'SELECT hash FROM audit_log WHERE workspace_id IS NOT DISTINCT FROM $1 ORDER BY seq DESC LIMIT 1',
          [e.workspaceId],
        );
        const prevHash = (last?.hash as string | undefined) ?? '';
        const hash = chain(prevHash);
        const row = await tx.get(
          'INSERT INTO audit_log (workspace_id, at, actor_kind, actor_id, actor_label, ip, action, target, detail, ' +
            'prev_hash, hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING seq',
          [
            e.workspaceId,
            e.at,
            e.actorKind,
            e.actorId,
            e.actorLabel,
            e.ip,
            e.action,
            e.target,
            e.detail,
            prevHash,
            hash,
          ],
        );
        return { ...e, seq: Number(row!.seq), prevHash, hash };
      }),
    page: async (workspaceId, { beforeSeq, limit }) =>
      (
        await db.q(
          'SELECT * FROM audit_log WHERE workspace_id IS NOT DISTINCT FROM $1 AND seq < $2 ORDER BY seq DESC LIMIT $3',
          [workspaceId, beforeSeq ?? Number.MAX_SAFE_INTEGER, limit],
        )
      ).rows.map(toEntry),
    sweep: async (before) => (await db.q('DELETE FROM audit_log WHERE at < $1', [before])).changes,
  };
}
