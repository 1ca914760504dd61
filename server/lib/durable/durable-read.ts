// A data folder's database opened for reading only (`formstead migrate`): the folder is locked as a
// server would lock it, loaded exactly as start-up loads it (durable-recovery.ts: snapshot, then the
// journal replayed), and migrations the folder lacks are applied in memory only. Nothing is journaled
// and no snapshot is written, so the folder is as it was afterwards, except for what any start-up
// does to it: a torn, never-acknowledged journal end is cut and journals a snapshot covers are removed.
import type { Database } from 'sql.js';
import { acquireDataLock } from './data-lock.ts';
import { MemoryDatabase } from './durable-memory.ts';
import { applyMigrations, type Migration } from './durable-migrations.ts';
import { recover } from './durable-recovery.ts';
import { loadSqlJs } from './sql-js.ts';
import type { JournalStatement, SqlValue } from './tx-record.ts';

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
export async function readDataFolder(
  dir: string,
  migrations: Migration[],
  log: (line: string) => void,
): Promise<DataFolderReader> {
  const SQL = await loadSqlJs();
  const lock = await acquireDataLock(dir, log);
  let db: Database | undefined;
  try {
    const rec = await recover(SQL, dir, log);
    db = rec.db;
    const memory = new MemoryDatabase(rec.db, rec.cache, log);
    // The server applies these itself at its next start, journaled; here they only shape what is read,
    // so what they run is collected and dropped.
    await applyMigrations(
      {
        all: (sql, params) => memory.all(sql, params),
        script: async (script, record) => {
          const unjournaled: JournalStatement[] = [];
          memory.script(script, unjournaled);
          if (record) memory.txHandle(unjournaled).run(...record);
        },
      },
      migrations,
      () => {},
    );
    return {
      all: (sql, params) => memory.all(sql, params),
      iterate: (sql, params) => memory.iterate(sql, params),
      async close() {
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
