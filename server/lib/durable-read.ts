// A data folder's database opened for reading only (`formstead migrate`): the folder is locked as a
// server would lock it, loaded exactly as start-up loads it (durable-recovery.ts: snapshot, then the
// journal replayed), and migrations the folder lacks are applied in memory only. Nothing is journaled
// and no snapshot is written, so the folder is as it was afterwards, except for what any start-up
// does to it: a torn, never-acknowledged journal end is cut and journals a snapshot covers are removed.
import type { Database } from 'sql.js';
import { acquireDataLock } from './data-lock.ts';
import { applyMigrations, type Migration } from './durable-migrations.ts';
import { recover } from './durable-recovery.ts';
import { loadSqlJs } from './sql-js.ts';
import { allRows, prepareOne, runStatement } from './sql-statements.ts';
import type { SqlValue } from './tx-record.ts';

/** The database of a data folder, held (locked) until close(). */
export interface DataFolderReader {
  /** All rows of a read query. */
  all<T = Record<string, SqlValue>>(sql: string, params?: SqlValue[]): T[];
  /** Rows one by one (its own statement; freed when the loop ends or breaks). */
  iterate<T = Record<string, SqlValue>>(sql: string, params?: SqlValue[]): IterableIterator<T>;
  /** Frees the memory and releases the folder's lock. */
  close(): Promise<void>;
}

/**
 * Locks `dir` (throws StorageError('data_locked') while a server holds it), loads it, and brings its
 * schema up to `migrations` in memory. The caller holds the lock until close(), so no server can start
 * on the folder meanwhile.
 */
export async function readDataFolder(dir: string, migrations: Migration[], log: (line: string) => void): Promise<DataFolderReader> {
  const SQL = await loadSqlJs();
  const lock = await acquireDataLock(dir, log);
  let db: Database | undefined;
  try {
    const rec = await recover(SQL, dir, log);
    db = rec.db;
    const cache = rec.cache;
    const memory = rec.db;
    const all = <T>(sql: string, params: SqlValue[] = []) => allRows<T>(cache.get(sql), params);
    // The server applies these itself at its next start, journaled; here they only shape what is read.
    await applyMigrations(
      {
        all,
        script: async (script, record) => {
          memory.exec(script);
          if (record) runStatement(cache.get(record[0]), record[1]);
        },
      },
      migrations,
      () => {},
    );
    return {
      all,
      *iterate<T>(sql: string, params: SqlValue[] = []) {
        const stmt = prepareOne(memory, sql);
        try {
          stmt.bind(params);
          while (stmt.step()) yield stmt.getAsObject() as T;
        } finally {
          stmt.free();
        }
      },
      async close() {
        cache.clear();
        memory.close();
        await lock.release();
      },
    };
  } catch (err) {
    db?.close();
    await lock.release();
    throw err;
  }
}
