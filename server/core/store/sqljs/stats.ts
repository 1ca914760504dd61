// The daily counters of how a form does, on sql.js (store.formStats).
import type { DurableDatabase } from '../../../lib/durable/durable-db.ts';
import type { CountKind, Store } from '../types.ts';

/** store.formStats: batched additions, and one form's rows over a range of days. */
export function formStatsQueries(db: DurableDatabase): Store['formStats'] {
  return {
    add: async (rows, landed) => {
      if (rows.length === 0) return landed?.();
      // The write runs in memory now (readable at once when it ran to its end: a statement that throws undoes
      // it); its promise resolves once it is on disk.
      let ran = false;
      const written = db.write((tx) => {
        for (const r of rows) {
          // A form deleted after its events were counted leaves no rows behind.
          tx.run(
            'INSERT INTO form_daily_counts (form_id, day, kind, step, source, n) ' +
              'SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM forms WHERE id = ?) ' +
              'ON CONFLICT (form_id, day, kind, step, source) DO UPDATE SET n = n + excluded.n',
            [r.formId, r.day, r.kind, r.step, r.source, r.n, r.formId],
          );
        }
        ran = true;
      });
      if (ran) landed?.();
      await written;
    },
    range: async (formId, fromDay, toDay) =>
      db
        .all<{ day: string; kind: CountKind; step: string; source: string; n: number }>(
          'SELECT day, kind, step, source, n FROM form_daily_counts WHERE form_id = ? AND day >= ? AND day <= ?',
          [formId, fromDay, toDay],
        )
        .map((r) => ({ formId, day: r.day, kind: r.kind, step: r.step, source: r.source, n: r.n })),
  };
}
