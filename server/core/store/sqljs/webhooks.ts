// Webhook deliveries, their attempt log (a ring of the last 100 per form) and the per-form failure
// streak on sql.js.
import type { DurableDatabase } from '../../../lib/durable/durable-db.ts';
import { toAttempt, toDelivery, toTakenDelivery } from '../rows.ts';
import type { Store } from '../types.ts';

/** The form's URL for a delivery's channel (d: the delivery, f: its form). */
const CHANNEL_URL =
  "CASE d.channel WHEN 'slack' THEN f.slack_webhook_url WHEN 'discord' THEN f.discord_webhook_url " +
  'ELSE f.webhook_url END';

/** The webhooks part of the store. */
export function webhookQueries(db: DurableDatabase): Store['webhooks'] {
  // Leases live in memory: one process holds this store (the data folder's lock), so a lease only has
  // to keep its own concurrent attempts apart, and a restart (the only way its taker dies) forgets them.
  const leases = new Map<string, string>();
  return {
    byId: async (id) => {
      const row = db.get('SELECT * FROM webhook_deliveries WHERE id = ?', [id]);
      return row && toDelivery(row);
    },
    due: async (now, limit) =>
      db
        .all<{ id: string; form_id: string }>(
          "SELECT id, form_id FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= ? " +
            'ORDER BY next_attempt_at LIMIT ?',
          [now, limit],
        )
        .map((r) => ({ id: r.id, formId: r.form_id })),
    take: async (id, now, until) => {
      // One synchronous step, so nothing runs between the check of the lease and its taking.
      const row = db.get(
        `SELECT d.*, f.id AS f_id, f.workspace_id AS f_workspace_id, ${CHANNEL_URL} AS f_url,
                f.webhook_secret AS f_secret, f.webhook_secret_previous AS f_previous,
                f.webhook_secret_previous_until AS f_previous_until
         FROM webhook_deliveries d LEFT JOIN forms f ON f.id = d.form_id
         WHERE d.id = ? AND d.state = 'pending' AND d.next_attempt_at <= ?`,
        [id, now],
      );
      if (!row) return undefined;
      const held = leases.get(id);
      if (held !== undefined && held > now) return 'held';
      leases.set(id, until);
      return toTakenDelivery(row);
    },
    queue: async (now) => {
      const row = db.get<{ n: number; t: string | null }>(
        'SELECT COUNT(*) AS n, MIN(CASE WHEN next_attempt_at <= ? THEN next_attempt_at END) AS t FROM ' +
          "webhook_deliveries WHERE state = 'pending'",
        [now],
      );
      return { pending: row?.n ?? 0, oldestDue: row?.t ?? undefined };
    },
    nextDueAfter: async (after) =>
      db.get<{ t: string | null }>(
        "SELECT MIN(next_attempt_at) AS t FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at > ?",
        [after],
      )?.t ?? undefined,
    recordAttempt: async ({ deliveryId, attempt: a, next, logSize, failureMail }) =>
      db.write((tx) => {
        leases.delete(deliveryId);
        const form = tx.get<{ failures: number; mailed: string | null; logged: number }>(
          'SELECT webhook_failures AS failures, webhook_failure_mailed_at AS mailed, webhook_log_count AS logged ' +
            'FROM forms WHERE id = ?',
          [a.formId],
        );
        // The form was deleted while the attempt ran: its log and deliveries are gone, keep it that way.
        if (!form) return { failures: 0, mailFailure: false };
        const n = form.logged + 1;
        const channel =
          tx.get<{ channel: string }>('SELECT channel FROM webhook_deliveries WHERE id = ?', [deliveryId])?.channel ??
          'webhook';
        // Line n takes slot n % logSize: the line logSize attempts older is replaced (the ring of the migration).
        tx.run(
          'INSERT OR REPLACE INTO webhook_attempts (form_id, slot, n, submission_id, attempt, status_code, error, ' +
            `duration_ms, created_at, channel, next_state)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            a.formId,
            n % logSize,
            n,
            a.submissionId,
            a.attempt,
            a.statusCode,
            a.error,
            a.durationMs,
            a.createdAt,
            channel,
            next.state,
          ],
        );
        const moved =
          next.state === 'pending'
            ? tx.run(
                'UPDATE webhook_deliveries SET attempt_count = ?, next_attempt_at = ? ' +
                  "WHERE id = ? AND state = 'pending'",
                [a.attempt, next.nextAttemptAt, deliveryId],
              )
            : tx.run(
                'UPDATE webhook_deliveries SET attempt_count = ?, state = ?, finished_at = ? ' +
                  "WHERE id = ? AND state = 'pending'",
                [a.attempt, next.state, a.createdAt, deliveryId],
              );
        let failures = form.failures;
        let mailFailure = false;
        // A delivery cancelled while its attempt ran (webhook removed) leaves the streak as the removal set it.
        if (moved.changes === 1) {
          failures = next.state === 'delivered' ? 0 : failures + 1;
          mailFailure =
            next.state !== 'delivered' &&
            failures >= failureMail.after &&
            (form.mailed === null || form.mailed <= failureMail.notSince);
        }
        if (mailFailure) {
          tx.run(
            'UPDATE forms SET webhook_log_count = ?, webhook_failures = ?, webhook_failure_mailed_at = ? WHERE id = ?',
            [n, failures, a.createdAt, a.formId],
          );
        } else
          tx.run('UPDATE forms SET webhook_log_count = ?, webhook_failures = ? WHERE id = ?', [n, failures, a.formId]);
        return { failures, mailFailure };
      }),
    finish: async (id, state, at) => {
      leases.delete(id);
      await db.write((tx) =>
        tx.run("UPDATE webhook_deliveries SET state = ?, finished_at = ? WHERE id = ? AND state = 'pending'", [
          state,
          at,
          id,
        ]),
      );
    },
    cancelPending: async (formId, at, channel) =>
      db.write((tx) => {
        const n = tx.run(
          "UPDATE webhook_deliveries SET state = 'cancelled', finished_at = ? WHERE form_id = ? AND state = 'pending'" +
            (channel ? ' AND channel = ?' : ''),
          channel ? [at, formId, channel] : [at, formId],
        ).changes;
        tx.run('UPDATE forms SET webhook_failures = 0 WHERE id = ? AND webhook_failures <> 0', [formId]);
        return n;
      }),
    add: async (formId, submissionId, d, at) =>
      db.write((tx) => {
        if (!tx.get('SELECT 1 AS x FROM submissions WHERE form_id = ? AND id = ?', [formId, submissionId]))
          return false;
        tx.run(
          'INSERT INTO webhook_deliveries (id, form_id, submission_id, payload, next_attempt_at, created_at, ' +
            'channel) VALUES (?, ?, ?, ?, ?, ?, ?)',
          [d.id, formId, submissionId, d.payload, d.nextAttemptAt, at, d.channel ?? 'webhook'],
        );
        return true;
      }),
    attempts: async (formId, limit) =>
      db
        .all('SELECT * FROM webhook_attempts WHERE form_id = ? ORDER BY created_at DESC, n DESC LIMIT ?', [
          formId,
          limit,
        ])
        .map(toAttempt),
    forSubmission: async (formId, submissionId) => ({
      // No index leads here (no migration for it): deliveries are few per form once finished ones are swept.
      deliveries: db
        .all('SELECT * FROM webhook_deliveries WHERE form_id = ? AND submission_id = ? ORDER BY created_at DESC', [
          formId,
          submissionId,
        ])
        .map(toDelivery),
      attempts: db
        .all(
          'SELECT * FROM webhook_attempts WHERE form_id = ? AND submission_id = ? ORDER BY created_at DESC, n DESC',
          [formId, submissionId],
        )
        .map(toAttempt),
    }),
    sweepFinished: async (olderThan) =>
      db.write(
        (tx) =>
          tx.run('DELETE FROM webhook_deliveries WHERE finished_at IS NOT NULL AND finished_at < ?', [olderThan])
            .changes,
      ),
  };
}
