// Webhook deliveries, their attempt log (the newest 100 lines per form in slots, numbered from one sequence) and
// the per-form failure streak on PostgreSQL.
import { toAttempt, toDelivery } from '../rows.ts';
import type { Store } from '../types.ts';
import { notifyFormChanged } from './changes.ts';
import type { PgDatabase } from './db.ts';
import { DeliveryBatcher } from './delivery-batcher.ts';

/** The webhooks part of the store. */
export function webhookQueries(db: PgDatabase): Store['webhooks'] {
  const batcher = new DeliveryBatcher(db);
  return {
    byId: async (id) => {
      const row = await db.get('SELECT * FROM webhook_deliveries WHERE id = $1', [id]);
      return row && toDelivery(row);
    },
    // A plain read, as the contract states it (two calls answer the same rows): instances share the
    // work through `take`, which each calls before an attempt.
    due: async (now, limit) =>
      (
        await db.q(
          `SELECT id, form_id FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= $1
            ORDER BY next_attempt_at, id LIMIT $2`,
          [now, limit],
        )
      ).rows.map((r) => ({ id: r.id, formId: r.form_id })),
    // One call (functions/formstead_take_delivery.ts; ARCHITECTURE.md: rows claimed with FOR UPDATE SKIP
    // LOCKED and a lease): the row is locked only if it is pending, due and its lease has ended, and a row
    // another transaction has locked (a concurrent taker, a recording) is skipped rather than waited for;
    // the lease is written, then the row read as it leaves it, with its form's target. Concurrent takes
    // and recordings share a transaction (./delivery-batcher.ts).
    take: (id, now, until) => batcher.take(id, now, until),
    queue: async (now) => {
      const row = await db.get(
        'SELECT COUNT(*)::int AS n, MIN(next_attempt_at) FILTER (WHERE next_attempt_at <= $1) AS t FROM ' +
          "webhook_deliveries WHERE state = 'pending'",
        [now],
      );
      return { pending: (row?.n as number) ?? 0, oldestDue: (row?.t as string | null) ?? undefined };
    },
    nextDueAfter: async (after) =>
      (
        await db.get(
          "SELECT MIN(next_attempt_at) AS t FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at > $1",
          [after],
        )
      )?.t ?? undefined,
    // One call (functions/formstead_record_attempt.ts): the form checked (FOR KEY SHARE: a deletion waits,
    // other attempts of the form do not), the log line (a free slot, or the form's oldest line overwritten
    // once it has 100), the delivery moved on while pending, the failure streak and the mail time, all or
    // nothing; only a failure locks the form row. Batched with the other takes and recordings of the moment.
    recordAttempt: (result) => batcher.record(result),
    finish: async (id, state, at) => {
      await db.q(
        `UPDATE webhook_deliveries SET state = $1, finished_at = $2, leased_until = NULL WHERE id = $3
          AND state = 'pending'`,
        [state, at, id],
      );
    },
    cancelPending: async (formId, at, channel) =>
      db.tx(async (tx) => {
        // Every pending delivery of the form locked first, in id order, as a batch of recordings locks them
        // (./delivery-batcher.ts), then the form's row: the two never wait on each other in a circle.
        await tx.q(
          "SELECT id FROM webhook_deliveries WHERE form_id = $1 AND state = 'pending' ORDER BY id FOR UPDATE",
          [formId],
        );
        const n = (
          await tx.q(
            `UPDATE webhook_deliveries SET state = 'cancelled', finished_at = $1 WHERE form_id = $2
              AND state = 'pending'${channel ? ' AND channel = $3' : ''}`,
            channel ? [at, formId, channel] : [at, formId],
          )
        ).changes;
        const reset = await tx.q('UPDATE forms SET webhook_failures = 0 WHERE id = $1 AND webhook_failures <> 0', [
          formId,
        ]);
        if (reset.changes > 0) await notifyFormChanged(tx, formId);
        return n;
      }),
    // One statement: the submission's row is checked by the INSERT's SELECT, so nothing is written for a
    // submission that is not the form's (or went meanwhile).
    add: async (formId, submissionId, d, at) =>
      (
        await db.q(
          `INSERT INTO webhook_deliveries (id, form_id, submission_id, payload, next_attempt_at, created_at, channel)
            SELECT $1, $2, $3, $4, $5, $6, $7 FROM submissions s WHERE s.form_id = $2 AND s.id = $3`,
          [d.id, formId, submissionId, d.payload, d.nextAttemptAt, at, d.channel ?? 'webhook'],
        )
      ).changes === 1,
    attempts: async (formId, limit) =>
      (
        await db.q('SELECT * FROM webhook_attempts WHERE form_id = $1 ORDER BY created_at DESC, n DESC LIMIT $2', [
          formId,
          limit,
        ])
      ).rows.map(toAttempt),
    forSubmission: async (formId, submissionId) => {
      const [deliveries, attempts] = await Promise.all([
        db.q(
          `SELECT * FROM webhook_deliveries WHERE form_id = $1 AND submission_id = $2
            ORDER BY created_at DESC, id DESC`,
          [formId, submissionId],
        ),
        db.q(
          'SELECT * FROM webhook_attempts WHERE form_id = $1 AND submission_id = $2 ORDER BY created_at DESC, n DESC',
          [formId, submissionId],
        ),
      ]);
      return { deliveries: deliveries.rows.map(toDelivery), attempts: attempts.rows.map(toAttempt) };
    },
    sweepFinished: async (olderThan) =>
      (await db.q('DELETE FROM webhook_deliveries WHERE finished_at IS NOT NULL AND finished_at < $1', [olderThan]))
        .changes,
  };
}
