// Applies the PostgreSQL migrations at open: one transaction under an advisory lock, so instances
// starting together take turns and the second finds the work done.
import { LockClass, type PgDatabase } from './db.ts';
import type { PgMigration } from './migrations/types.ts';

/** Applies, in id order, every migration not yet recorded in schema_migrations; returns the ids applied now. */
export async function applyPgMigrations(
  db: PgDatabase,
  migrations: PgMigration[],
  log: (line: string) => void,
): Promise<number[]> {
  const ordered = [...migrations].sort((a, b) => a.id - b.id);
  ordered.forEach((m, i) => {
    if (!Number.isInteger(m.id) || m.id <= 0)
      throw new Error(`Migration "${m.name}" has id ${m.id}; ids are positive integers.`);
    if (i > 0 && ordered[i - 1].id === m.id) throw new Error(`Two migrations have id ${m.id}.`);
  });
  return db.tx(async (tx) => {
    // Held until COMMIT: a second instance waits here, then sees every migration recorded. All of it is
    // one transaction (PostgreSQL's DDL is transactional), so a failed migration leaves nothing half done.
    await tx.q('SELECT pg_advisory_xact_lock($1, 0)', [LockClass.migrations]);
    await tx.q(
      'CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
    );
    const applied = new Set((await tx.q('SELECT id FROM schema_migrations')).rows.map((r) => r.id as number));
    const unknown = [...applied].filter((id) => !ordered.some((m) => m.id === id));
    if (unknown.length > 0)
      log(
        `the database has migrations this version does not know (${unknown.join(', ')}): was it opened by a newer Formstead?`,
      );
    const done: number[] = [];
    for (const m of ordered) {
      if (applied.has(m.id)) continue;
      await tx.q(m.up);
      await tx.q('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [m.id, m.name]);
      log(`migration ${m.id} (${m.name}) applied`);
      done.push(m.id);
    }
    return done;
  });
}
