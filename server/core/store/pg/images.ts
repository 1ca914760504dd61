// Image metadata on PostgreSQL (the bytes never enter the database: they are files in FORMSTEAD_FILES_DIR/images).
import { toImage } from '../rows.ts';
import type { Store } from '../types.ts';
import { LockClass, lockKey, type PgDatabase } from './db.ts';

/** The images part of the store; the per-form limit is kept by the form's advisory lock around count and insert. */
export function imageQueries(db: PgDatabase): Store['images'] {
  return {
    insert: (i, maxPerForm) =>
      db.tx(async (tx) => {
        await lockKey(tx, LockClass.images, i.formId);
        const n = Number((await tx.get('SELECT COUNT(*) AS n FROM images WHERE form_id = $1', [i.formId]))?.n ?? 0);
        if (n >= maxPerForm) return false;
        await tx.q(
          `INSERT INTO images (id, form_id, type, size, width, height, created_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [i.id, i.formId, i.type, i.size, i.width, i.height, i.createdAt],
        );
        return true;
      }),
    byId: async (id) => {
      const row = await db.get('SELECT * FROM images WHERE id = $1', [id]);
      return row && toImage(row);
    },
    ofForm: async (formId) =>
      (await db.q('SELECT * FROM images WHERE form_id = $1 ORDER BY created_at, id', [formId])).rows.map(toImage),
    delete: async (ids) => {
      if (ids.length) await db.q('DELETE FROM images WHERE id = ANY($1::text[])', [ids]);
    },
  };
}
