// The audit log (ARCHITECTURE.md Wave 4 "Private by design"), as the PostgreSQL store's migration 19.
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/** `audit_log`: one row per entry, numbered by seq, chained per workspace by prev_hash and hash. */
export const auditLog: Migration = {
  id: 17,
  name: 'audit-log',
  up: `
    CREATE TABLE audit_log (seq INTEGER PRIMARY KEY AUTOINCREMENT, workspace_id TEXT, at TEXT NOT NULL,
      actor_kind TEXT NOT NULL, actor_id TEXT, actor_label TEXT, ip TEXT, action TEXT NOT NULL, target TEXT,
      detail TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL);
    CREATE INDEX audit_log_workspace ON audit_log (workspace_id, seq);
    CREATE INDEX audit_log_at ON audit_log (at);
  `,
};
