// The daily counters of how a form does, on PostgreSQL (store.formStats). Every instance flushes its own
// deltas: an addition commutes with every other, so instances never wait on each other's counts.
import type { CountKind, DailyCount, Store } from '../types.ts';
import type { PgDatabase } from './db.ts';

/** store.formStats: batched additions, and one form's rows over a range of days. */
export function formStatsQueries(db: PgDatabase): Store['formStats'] {
  return {
    add: async (rows, landed) => {
      if (rows.length === 0) return landed?.();
      // One statement for the batch. FOR KEY SHARE waits for a deletion of the form in progress (which
      // locks its row FOR UPDATE), then finds it gone: no rows of a deleted form are left behind. It does
      // not wait on a submission's update of the form's count. Sorted, so two instances adding the same
      // counters take their row locks in the same order and cannot deadlock.
      const merged = new Map<string, DailyCount>();
      for (const r of rows) {
        // Rows of one counter are added up first: ON CONFLICT cannot touch one row twice in a statement.
        const key = `${r.formId}\0${r.day}\0${r.kind}\0${r.step}\0${r.source}`;
        const seen = merged.get(key);
        if (seen) seen.n += r.n;
        else merged.set(key, { ...r });
      }
      const sorted = [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, r]) => r);
      await db.q(
        `INSERT INTO form_daily_counts (form_id, day, kind, step, source, n)
         SELECT u.form_id, u.day, u.kind, u.step, u.source, u.n
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[])
           WITH ORDINALITY AS u(form_id, day, kind, step, source, n, i)
         WHERE EXISTS (SELECT 1 FROM forms f WHERE f.id = u.form_id FOR KEY SHARE)
         ORDER BY u.i
         ON CONFLICT (form_id, day, kind, step, source) DO UPDATE SET n = form_daily_counts.n + EXCLUDED.n`,
        [
          sorted.map((r) => r.formId),
          sorted.map((r) => r.day),
          sorted.map((r) => r.kind),
          sorted.map((r) => r.step),
          sorted.map((r) => r.source),
          sorted.map((r) => r.n),
        ],
      );
      // One statement outside a transaction: it has committed when it answers.
      landed?.();
    },
    range: async (formId, fromDay, toDay) =>
      (
        await db.q(
          'SELECT day, kind, step, source, n FROM form_daily_counts WHERE form_id = $1 AND day >= $2 AND day <= $3',
          [formId, fromDay, toDay],
        )
      ).rows.map((r) => ({
        formId,
        day: r.day as string,
        kind: r.kind as CountKind,
        step: r.step as string,
        source: r.source as string,
        n: Number(r.n),
      })),
  };
}
