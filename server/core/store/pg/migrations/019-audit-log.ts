// The audit log (ARCHITECTURE.md Wave 4 "Private by design"), as the embedded store's migration 17.
import type { PgMigration } from './types.ts';

/** `audit_log`: one row per entry, numbered by seq, chained per workspace by prev_hash and hash. */
export const auditLog: PgMigration = {
  id: 19,
  name: 'audit-log',
  up: `
    CREATE TABLE audit_log (seq BIGSERIAL PRIMARY KEY, workspace_id TEXT COLLATE "C", at TEXT COLLATE "C" NOT NULL,
      actor_kind TEXT COLLATE "C" NOT NULL, actor_id TEXT COLLATE "C", actor_label TEXT, ip TEXT COLLATE "C",
      action TEXT COLLATE "C" NOT NULL, target TEXT COLLATE "C", detail TEXT NOT NULL,
      prev_hash TEXT COLLATE "C" NOT NULL, hash TEXT COLLATE "C" NOT NULL);
    CREATE INDEX audit_log_workspace ON audit_log (workspace_id, seq);
    CREATE INDEX audit_log_at ON audit_log (at);
  `,
};
