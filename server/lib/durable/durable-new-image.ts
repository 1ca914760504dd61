// A new data folder made from a prebuilt database image instead of by running every migration: the bundle
// carries the image its own migrations make (scripts/build.mjs), so a first start steps no schema SQL (~300 ms
// of SQLite, and the WebAssembly tier-up that work sets off: docs/performance.md, "At rest").
import type { SqlJsStatic } from 'sql.js';
import { newDatabaseScript, type Migration } from './durable-migrations.ts';

/** An image and the migrations (id, name) it records. */
export interface NewImage {
  migrations: [id: number, name: string][];
  image: Uint8Array;
}

// Each schema_migrations row's applied_at in the image: as long as an ISO time, so the time of the first start
// replaces it byte for byte (SQLite stores the text as it is) without opening the database a second time.
const APPLIED_AT = '@@formstead:applied_at@@';
const AT_BYTES = Buffer.from(APPLIED_AT, 'latin1');

const byId = (migrations: Migration[]) => [...migrations].sort((a, b) => a.id - b.id);

/** The database `migrations` make from nothing, as SQLite file bytes (applied_at is filled in at use). */
export function migratedImage(SQL: SqlJsStatic, migrations: Migration[]): NewImage {
  const db = new SQL.Database();
  try {
    db.exec(newDatabaseScript(byId(migrations), APPLIED_AT));
    return { migrations: byId(migrations).map((m) => [m.id, m.name]), image: db.export() };
  } finally {
    db.close();
  }
}

/**
 * The image with its migrations stamped applied `at` (an ISO time), when it records exactly `migrations`;
 * undefined when it does not (an image that does not match this code: the migrations run instead).
 */
export function stampedImage(made: NewImage, migrations: Migration[], at: string): Uint8Array | undefined {
  const want = byId(migrations);
  if (made.migrations.length !== want.length) return undefined;
  if (made.migrations.some(([id, name], i) => id !== want[i].id || name !== want[i].name)) return undefined;
  const stamp = Buffer.from(at, 'latin1');
  if (stamp.length !== AT_BYTES.length) return undefined;
  const image = Buffer.from(made.image);
  let found = 0;
  for (let i = image.indexOf(AT_BYTES); i >= 0; i = image.indexOf(AT_BYTES, i + AT_BYTES.length)) {
    stamp.copy(image, i);
    found++;
  }
  return found === want.length ? new Uint8Array(image.buffer, image.byteOffset, image.length) : undefined;
}
