// Abuse reports on sql.js.
import type { DurableDatabase } from '../../../lib/durable/durable-db.ts';
import type { Store } from '../types.ts';

/** The reports part of the store. */
export function reportQueries(db: DurableDatabase): Store['reports'] {
  return {
    add: async (r, since) =>
      db.write((tx) => {
        // One report per network and form in the window: repeats from one place cannot add weight.
        const seen = tx.get('SELECT 1 FROM abuse_reports WHERE form_id = ? AND network_hash = ? AND created_at >= ?', [
          r.formId,
          r.networkHash,
          since,
        ]);
        if (!seen)
          tx.run('INSERT INTO abuse_reports (form_id, network_hash, created_at) VALUES (?, ?, ?)', [
            r.formId,
            r.networkHash,
            r.createdAt,
          ]);
        const networks =
          tx.get<{ n: number }>(
            'SELECT COUNT(DISTINCT network_hash) AS n FROM abuse_reports WHERE form_id = ? AND created_at >= ?',
            [r.formId, since],
          )?.n ?? 0;
        return { stored: !seen, networks };
      }),
    summary: async (since, limit) =>
      db
        .all<{ form_id: string; reports: number; networks: number; last_at: string }>(
          `SELECT form_id, COUNT(*) AS reports, COUNT(DISTINCT network_hash) AS networks, MAX(created_at) AS last_at
           FROM abuse_reports WHERE created_at >= ? GROUP BY form_id ORDER BY networks DESC, last_at DESC LIMIT ?`,
          [since, limit],
        )
        .map((r) => ({ formId: r.form_id, reports: r.reports, networks: r.networks, lastAt: r.last_at })),
  };
}
