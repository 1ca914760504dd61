// Partial answers on sql.js. Writes are serial, so the per-form limit and the replacement of a session's row are
// kept inside one write.
import type { DurableDatabase, SqlValue } from '../../../lib/durable/durable-db.ts';
import { toPartial } from '../rows.ts';
import type { Store } from '../types.ts';

/** SQLite's lower() folds ASCII only; the needle is folded the same way so both sides agree. */
const foldAscii = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** The partial answers part of the store. */
export function partialQueries(db: DurableDatabase): Store['partials'] {
  return {
    save: (p, maxPerForm) =>
      db.write((tx) => {
        const mine = tx.get('SELECT 1 AS x FROM partial_answers WHERE form_id = ? AND session = ?', [
          p.formId,
          p.session,
        ]);
        const held = tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM partial_answers WHERE form_id = ?', [
          p.formId,
        ])!.n;
        // A new session at the limit: the partial answer last sent longest ago makes room.
        if (!mine && held >= maxPerForm)
          tx.run(
            `DELETE FROM partial_answers WHERE id IN (SELECT id FROM partial_answers WHERE form_id = ?
              ORDER BY updated_at, id LIMIT ?)`,
            [p.formId, held - maxPerForm + 1],
          );
        tx.run(
          `INSERT INTO partial_answers (id, form_id, session, form_version, data, last_key, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (form_id, session) DO UPDATE SET form_version = excluded.form_version, data = excluded.data,
              last_key = excluded.last_key, updated_at = excluded.updated_at`,
          [p.id, p.formId, p.session, p.formVersion, JSON.stringify(p.values), p.lastKey, p.createdAt, p.updatedAt],
        );
        return tx.get<{ id: string }>('SELECT id FROM partial_answers WHERE form_id = ? AND session = ?', [
          p.formId,
          p.session,
        ])!.id;
      }),
    page: async (formId, limit, after, filter) => {
      let sql = 'SELECT * FROM partial_answers WHERE form_id = ?';
      const params: SqlValue[] = [formId];
      if (after) {
        sql += ' AND (updated_at < ? OR (updated_at = ? AND id < ?))';
        params.push(after.updatedAt, after.updatedAt, after.id);
      }
      if (filter?.q) {
        sql += ' AND instr(lower(data), ?) > 0';
        params.push(foldAscii(filter.q));
      }
      params.push(limit);
      return db.all(`${sql} ORDER BY updated_at DESC, id DESC LIMIT ?`, params).map(toPartial);
    },
    count: async (formId) =>
      db.get<{ n: number }>('SELECT COUNT(*) AS n FROM partial_answers WHERE form_id = ?', [formId])?.n ?? 0,
    deleteSession: (formId, session) =>
      db.write(
        (tx) => tx.run('DELETE FROM partial_answers WHERE form_id = ? AND session = ?', [formId, session]).changes,
      ),
    delete: async (formId, ids) => {
      if (!ids.length) return 0;
      return db.write(
        (tx) =>
          tx.run(`DELETE FROM partial_answers WHERE form_id = ? AND id IN (${ids.map(() => '?').join(', ')})`, [
            formId,
            ...ids,
          ]).changes,
      );
    },
    deleteOlderThan: (formId, cutoff) =>
      db.write(
        (tx) => tx.run('DELETE FROM partial_answers WHERE form_id = ? AND updated_at < ?', [formId, cutoff]).changes,
      ),
  };
}
