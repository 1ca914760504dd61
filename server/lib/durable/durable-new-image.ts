// A new data folder made from a prebuilt database image instead of by running every migration: the bundle
// carries the image its own migrations make (scripts/build.mjs), so a first start steps no schema SQL (~300 ms
// of SQLite, and the WebAssembly tier-up that work sets off: docs/performance.md, "At rest").
import type { SqlJsStatic } from 'sql.js';
import { newDatabaseScript, type Migration } from './durable-migrations.ts';

const byId = (migrations: Migration[]) => [...migrations].sort((a, b) => a.id - b.id);

/** The database `migrations` make from nothing, as SQLite file bytes (applied_at is filled in at use). */
export function migratedImage(SQL: SqlJsStatic, migrations: Migration[]): Uint8Array {
  const db = new SQL.Database();
  try {
    db.exec(newDatabaseScript(byId(migrations), ''));
    return db.export();
  } finally {
    db.close();
  }
}

/**
 * `image` with its migrations stamped applied `at`, when it records exactly `migrations` (ids and names);
 * undefined when it does not (an image that does not match this code: the migrations run instead).
 */
export function stampedImage(
  SQL: SqlJsStatic,
  image: Uint8Array,
  migrations: Migration[],
  at: string,
): Uint8Array | undefined {
  const db = new SQL.Database(image);
  try {
    const held = db.exec('SELECT id, name FROM schema_migrations ORDER BY id')[0]?.values ?? [];
    const want = byId(migrations);
    if (held.length !== want.length || held.some(([id, name], i) => id !== want[i].id || name !== want[i].name))
      return undefined;
    db.run('UPDATE schema_migrations SET applied_at = ?', [at]);
    return db.export();
  } catch {
    return undefined;
  } finally {
    db.close();
  }
}
