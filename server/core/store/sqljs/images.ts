// Image metadata on sql.js (the bytes never enter the database). Writes are serial, so the count and
// the insert in one write keep the per-form limit.
import type { DurableDatabase } from '../../../lib/durable/durable-db.ts';
import { toImage } from '../rows.ts';
import type { Store } from '../types.ts';

/** The images part of the store. */
export function imageQueries(db: DurableDatabase): Store['images'] {
  return {
    insert: (i, maxPerForm) =>
      db.write((tx) => {
        const n = tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM images WHERE form_id = ?', [i.formId])?.n ?? 0;
        if (n >= maxPerForm) return false;
        tx.run('INSERT INTO images (id, form_id, type, size, width, height, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
          i.id,
          i.formId,
          i.type,
          i.size,
          i.width,
          i.height,
          i.createdAt,
        ]);
        return true;
      }),
    byId: async (id) => {
      const row = db.get('SELECT * FROM images WHERE id = ?', [id]);
      return row ? toImage(row) : undefined;
    },
    ofForm: async (formId) =>
      db.all('SELECT * FROM images WHERE form_id = ? ORDER BY created_at, id', [formId]).map(toImage),
    delete: async (ids) => {
      if (!ids.length) return;
      await db.write((tx) => {
        tx.run(`DELETE FROM images WHERE id IN (${ids.map(() => '?').join(', ')})`, ids);
      });
    },
  };
}
