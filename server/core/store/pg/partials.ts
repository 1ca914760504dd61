// Partial answers on PostgreSQL: a session's later beacon replaces its row by the unique (form_id, session) index.
import { toPartial } from '../rows.ts';
import type { Store } from '../types.ts';
import { LockClass, lockKey, type Param, type PgDatabase } from './db.ts';

// lower() in the "C" collation folds ASCII letters only, as the embedded store does; the needle is folded alike.
const foldAscii = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** The partial answers part of the store. */
export function partialQueries(db: PgDatabase): Store['partials'] {
  return {
    save: (p, maxPerForm) =>
      db.tx(async (tx) => {
        // Under the form's lock, so concurrent new sessions cannot together pass the limit.
        await lockKey(tx, LockClass.partials, p.formId);
        const mine = await tx.get('SELECT 1 AS x FROM partial_answers WHERE form_id = $1 AND session = $2', [
          p.formId,
          p.session,
        ]);
        const held = Number(
          (await tx.get('SELECT COUNT(*) AS n FROM partial_answers WHERE form_id = $1', [p.formId]))?.n ?? 0,
        );
        // A new session at the limit: the partial answer last sent longest ago makes room.
        if (!mine && held >= maxPerForm)
          await tx.q(
            `DELETE FROM partial_answers WHERE id IN (SELECT id FROM partial_answers WHERE form_id = $1
              ORDER BY updated_at, id LIMIT $2)`,
            [p.formId, held - maxPerForm + 1],
          );
        const row = await tx.get(
          `INSERT INTO partial_answers (id, form_id, session, form_version, data, last_key, created_at, updated_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
            ON CONFLICT (form_id, session) DO UPDATE SET form_version = excluded.form_version, data = excluded.data,
              last_key = excluded.last_key, updated_at = excluded.updated_at
            RETURNING id`,
          [p.id, p.formId, p.session, p.formVersion, JSON.stringify(p.values), p.lastKey, p.createdAt, p.updatedAt],
        );
        return row!.id as string;
      }),
    page: async (formId, limit, after, filter) => {
      const params: Param[] = [formId];
      let sql = 'SELECT * FROM partial_answers WHERE form_id = $1';
      if (after) {
        const t = params.push(after.updatedAt);
        sql += ` AND (updated_at < $${t} OR (updated_at = $${t} AND id < $${params.push(after.id)}))`;
      }
      if (filter?.q) sql += ` AND strpos(lower(data), $${params.push(foldAscii(filter.q))}) > 0`;
      sql += ` ORDER BY updated_at DESC, id DESC LIMIT $${params.push(limit)}`;
      return (await db.q(sql, params)).rows.map(toPartial);
    },
    count: async (formId) =>
      Number((await db.get('SELECT COUNT(*) AS n FROM partial_answers WHERE form_id = $1', [formId]))?.n ?? 0),
    deleteSession: async (formId, session) =>
      (await db.q('DELETE FROM partial_answers WHERE form_id = $1 AND session = $2', [formId, session])).changes,
    delete: async (formId, ids) => {
      if (!ids.length) return 0;
      return (await db.q('DELETE FROM partial_answers WHERE form_id = $1 AND id = ANY($2::text[])', [formId, ids]))
        .changes;
    },
    deleteOlderThan: async (formId, cutoff) =>
      (await db.q('DELETE FROM partial_answers WHERE form_id = $1 AND updated_at < $2', [formId, cutoff])).changes,
  };
}
