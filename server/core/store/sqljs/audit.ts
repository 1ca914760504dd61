// The audit log on sql.js (migration 17). Appends run in one write, so reading the last hash and storing
// the next entry cannot interleave with another append.
import type { DurableDatabase, SqlValue } from '../../../lib/durable/durable-db.ts';
import type { AuditEntry, Store } from '../types.ts';

/** A row of audit_log as its record. */
export function toAuditEntry(r: Record<string, SqlValue>): AuditEntry {
  return {
    seq: r.seq as number,
    workspaceId: r.workspace_id as string | null,
    at: r.at as string,
    actorKind: r.actor_kind as AuditEntry['actorKind'],
    actorId: r.actor_id as string | null,
    actorLabel: r.actor_label as string | null,
    ip: r.ip as string | null,
    action: r.action as string,
    target: r.target as string | null,
    detail: r.detail as string,
    prevHash: r.prev_hash as string,
    hash: r.hash as string,
  };
}

/** The audit part of the store. */
export function auditQueries(db: DurableDatabase): Store['audit'] {
  return {
    append: (e, chain) =>
      db.write((tx) => {
        const last = tx.get<{ hash: string }>(
          'SELECT hash FROM audit_log WHERE workspace_id IS ? ORDER BY seq DESC LIMIT 1',
          [e.workspaceId],
        );
        const prevHash = last?.hash ?? '';
        const hash = chain(prevHash);
        const { seq } = tx.get<{ seq: number }>(
          'INSERT INTO audit_log (workspace_id, at, actor_kind, actor_id, actor_label, ip, action, target, detail, ' +
            'prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq',
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
        )!;
        return { ...e, seq, prevHash, hash };
      }),
    page: async (workspaceId, { beforeSeq, limit }) =>
      db
        .all('SELECT * FROM audit_log WHERE workspace_id IS ? AND seq < ? ORDER BY seq DESC LIMIT ?', [
          workspaceId,
          beforeSeq ?? Number.MAX_SAFE_INTEGER,
          limit,
        ])
        .map(toAuditEntry),
    sweep: (before) => db.write((tx) => tx.run('DELETE FROM audit_log WHERE at < ?', [before]).changes),
  };
}
