// The mark a server leaves in a PostgreSQL database when it first opens it. `formstead migrate` reads
// it: once a server has run on a copy, rows deleted there look like rows not yet copied, so a rerun of
// the copy is refused rather than bringing them back (store/to-pg/copy.ts).
import type { Queryable } from './db.ts';

/** The `meta` key: the time a server first opened this database. */
export const SERVED_MARK = 'postgres_served_since';

/** Sets the mark unless it is there (the first server's time stays). */
export async function markServed(db: Queryable, at = new Date().toISOString()): Promise<void> {
  await db.q('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [SERVED_MARK, at]);
}
