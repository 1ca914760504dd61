// Abuse reports and the mail outbox on PostgreSQL.
import { toOutbox } from '../rows.ts';
import type { Store } from '../types.ts';
import { LockClass, lockKey, type PgDatabase } from './db.ts';

/** The reports part of the store. */
export function reportQueries(db: PgDatabase): Store['reports'] {
  return {
    add: async (r, since) =>
      db.tx(async (tx) => {
        // Reports of one form take turns: one network reporting twice at once is stored once, and the
        // distinct count each report answers includes every report before it (the pause needs 3).
        await lockKey(tx, LockClass.reports, r.formId);
        const seen = await tx.get(
          'SELECT 1 FROM abuse_reports WHERE form_id = $1 AND network_hash = $2 AND created_at >= $3',
          [r.formId, r.networkHash, since],
        );
        if (!seen)
          await tx.q('INSERT INTO abuse_reports (form_id, network_hash, created_at) VALUES ($1, $2, $3)', [
            r.formId,
            r.networkHash,
            r.createdAt,
          ]);
        const networks =
          (
            await tx.get(
              'SELECT COUNT(DISTINCT network_hash) AS n FROM abuse_reports WHERE form_id = $1 AND created_at >= $2',
              [r.formId, since],
            )
          )?.n ?? 0;
        return { stored: !seen, networks };
      }),
    summary: async (since, limit) =>
      (
        await db.q(
          `SELECT form_id, COUNT(*) AS reports, COUNT(DISTINCT network_hash) AS networks, MAX(created_at) AS last_at
           FROM abuse_reports WHERE created_at >= $1 GROUP BY form_id ORDER BY networks DESC, last_at DESC LIMIT $2`,
          [since, limit],
        )
      ).rows.map((r) => ({ formId: r.form_id, reports: r.reports, networks: r.networks, lastAt: r.last_at })),
  };
}

/** The outbox part of the store. */
export function outboxQueries(db: PgDatabase): Store['outbox'] {
  return {
    add: async (m) => {
      await db.q(
        `INSERT INTO outbox (id, recipients, subject, body, created_at, error, form_id, submission_ids)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          m.id,
          JSON.stringify(m.recipients),
          m.subject,
          m.body,
          m.createdAt,
          m.error,
          m.formId,
          JSON.stringify(m.submissionIds),
        ],
      );
    },
    count: async () => ((await db.get('SELECT COUNT(*)::int AS n FROM outbox'))?.n as number) ?? 0,
    list: async (limit) =>
      (await db.q('SELECT * FROM outbox ORDER BY created_at DESC, seq DESC LIMIT $1', [limit])).rows.map(toOutbox),
    about: async (formId, submissionIds) =>
      submissionIds.length === 0
        ? []
        : (
            await db.q(
              'SELECT * FROM outbox WHERE form_id = $1 AND submission_ids::jsonb ?| $2::text[] ' +
                'ORDER BY created_at, seq',
              [formId, submissionIds],
            )
          ).rows.map(toOutbox),
    sweep: async (olderThan) => (await db.q('DELETE FROM outbox WHERE created_at < $1', [olderThan])).changes,
  };
}
