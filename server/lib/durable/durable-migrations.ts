// Schema migrations: an ordered list of SQL scripts, each applied once, recorded in schema_migrations.
//
// They run at open, after the journal has been replayed (the replayed state already holds every migration
// applied before), and each one is an ordinary journaled write: the script and its schema_migrations row
// commit together or not at all, and a crash right after is recovered like any other write.
import { StorageError } from '../storage-error.ts';
import type { SqlValue } from './tx-record.ts';

/** One schema change. `up` is SQL text (several statements allowed, no BEGIN/COMMIT, deterministic only). */
export interface Migration {
  id: number;
  name: string;
  up: string;
}

/** What applying migrations needs from the database. */
export interface MigrationTarget {
  all<T>(sql: string, params?: SqlValue[]): T[];
  /** Runs `script`, then the `record` statement if given, in one journaled transaction. */
  script(script: string, record?: [sql: string, params: SqlValue[]]): Promise<void>;
}

const TABLE = 'CREATE TABLE schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)';

/** Applies, in id order, every migration not yet recorded; returns the ids applied now. */
export async function applyMigrations(
  db: MigrationTarget,
  migrations: Migration[],
  log: (line: string) => void,
): Promise<number[]> {
  const ordered = [...migrations].sort((a, b) => a.id - b.id);
  ordered.forEach((m, i) => {
    if (!Number.isInteger(m.id) || m.id <= 0)
      throw new Error(`Migration "${m.name}" has id ${m.id}; ids are positive integers.`);
    if (i > 0 && ordered[i - 1].id === m.id) throw new Error(`Two migrations have id ${m.id}.`);
  });
  const hasTable = db.all(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`).length > 0;
  // A new database takes every migration in one journaled script: one frame and one flush instead of one
  // per migration (what a first start waits for; docs/performance.md, "At rest"). The result is the same
  // as applying them one by one. If it fails, nothing of it was applied, and they are applied one by one
  // below, so a failure names its migration and keeps those before it, as always.
  if (!hasTable && ordered.length > 0) {
    const applied = await db.script(newDatabaseScript(ordered, new Date().toISOString())).then(
      () => true,
      () => false,
    );
    if (applied) {
      for (const m of ordered) log(`applied migration ${m.id} (${m.name})`);
      return ordered.map((m) => m.id);
    }
  }
  if (!hasTable) await db.script(TABLE);
  const applied = new Set(db.all<{ id: number }>('SELECT id FROM schema_migrations').map((r) => r.id));
  const unknown = [...applied].filter((id) => !ordered.some((m) => m.id === id));
  if (unknown.length > 0)
    log(
      `the database has migrations this version does not know (${unknown.join(', ')}): ` +
        'was it opened by a newer Formstead?',
    );

  const done: number[] = [];
  for (const m of ordered) {
    if (applied.has(m.id)) continue;
    const record: [string, SqlValue[]] = [
      'INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)',
      [m.id, m.name, new Date().toISOString()],
    ];
    try {
      await db.script(m.up, record);
    } catch (err) {
      throw new StorageError(
        'migration_failed',
        `Migration ${m.id} (${m.name}) failed and was not applied: ${(err as Error).message}`,
        { cause: err },
      );
    }
    log(`applied migration ${m.id} (${m.name})`);
    done.push(m.id);
  }
  return done;
}

/**
 * Every migration of `ordered` (sorted by id) and their schema_migrations rows as one script: what a new
 * database is made with (here, and as the bundle's prebuilt image: durable-new-image.ts).
 */
export function newDatabaseScript(ordered: Migration[], at: string): string {
  const records = ordered.map((m) => `(${m.id}, ${sqlText(m.name)}, ${sqlText(at)})`).join(', ');
  const ups = ordered.map((m) => m.up).join(';\n');
  return `${TABLE};\n${ups};\nINSERT INTO schema_migrations (id, name, applied_at) VALUES ${records};`;
}

/** A string as an SQL literal (the migrations' own names and a time: no user input). */
const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;
