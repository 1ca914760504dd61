// Suspected spam on PostgreSQL: posts the anti-spam checks caught, kept apart from submissions for 30 days.
import { toSpam } from '../rows.ts';
import type { Store } from '../types.ts';
import { LockClass, lockKey, type PgDatabase } from './db.ts';

/** The spam part of the store. */
export function spamQueries(db: PgDatabase): Store['spam'] {
  return {
    add: async (m, max) =>
      db.tx(async (tx) => {
        // Adds to one form take turns (across instances too), so a flood of bots cannot grow its spam
        // past the cap between the count and the insert. The form row is not used: submissions lock it.
        await lockKey(tx, LockClass.spam, m.formId);
        const held =
          (await tx.get('SELECT COUNT(*) AS n FROM spam_submissions WHERE form_id = $1', [m.formId]))?.n ?? 0;
        if (held >= max) return false;
        await tx.q(
          `INSERT INTO spam_submissions (id, form_id, form_version, created_at, data, reason)
            VALUES ($1, $2, $3, $4, $5, $6)`,
          [m.id, m.formId, m.formVersion, m.createdAt, JSON.stringify(m.values), m.reason],
        );
        return true;
      }),
    list: async (formId, limit) =>
      (
        await db.q('SELECT * FROM spam_submissions WHERE form_id = $1 ORDER BY created_at DESC, seq DESC LIMIT $2', [
          formId,
          limit,
        ])
      ).rows.map(toSpam),
    count: async (formId) =>
      (await db.get('SELECT COUNT(*) AS n FROM spam_submissions WHERE form_id = $1', [formId]))?.n ?? 0,
    byId: async (formId, id) => {
      const row = await db.get('SELECT * FROM spam_submissions WHERE form_id = $1 AND id = $2', [formId, id]);
      return row && toSpam(row);
    },
    delete: async (formId, id) =>
      (await db.q('DELETE FROM spam_submissions WHERE form_id = $1 AND id = $2', [formId, id])).changes === 1,
    sweep: async (olderThan) => (await db.q('DELETE FROM spam_submissions WHERE created_at < $1', [olderThan])).changes,
  };
}
