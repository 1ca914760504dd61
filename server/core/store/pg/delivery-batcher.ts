// Concurrent takes and recorded attempts of webhook deliveries on one instance grouped into one call and one
// commit (formstead_delivery_batch), as the insert batcher groups submissions: a delivery used to cost two
// transactions of its own, each with its commit, its flush and its round trip, which were most of its
// PostgreSQL time (docs/performance.md, issue 37). The batching itself is turn-batcher.ts's.
import { toTakenDelivery } from '../rows.ts';
import type { AttemptResult, TakenDelivery } from '../types.ts';
import type { Param, PgDatabase, Row } from './db.ts';
import { TurnBatcher } from './turn-batcher.ts';

/** What a take answers (WebhookQueries.take). */
export type TakeOutcome = TakenDelivery | 'held' | undefined;
/** What a recorded attempt answers (WebhookQueries.recordAttempt). */
export type RecordOutcome = { failures: number; mailFailure: boolean };

type Op =
  | { kind: 't'; args: [string, string, string]; resolve: (v: TakeOutcome) => void; reject: (e: unknown) => void }
  | { kind: 'r'; result: AttemptResult; resolve: (v: RecordOutcome) => void; reject: (e: unknown) => void };

const TAKE = 'SELECT * FROM formstead_take_delivery($1, $2, $3)';
const RECORD = 'SELECT * FROM formstead_record_attempt($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)';

/** The 13 arguments of formstead_record_attempt for one attempt. */
function recordArgs({ deliveryId, attempt: a, next, logSize, failureMail }: AttemptResult): Param[] {
  return [
    deliveryId,
    a.formId,
    a.submissionId,
    a.attempt,
    a.statusCode,
    a.error,
    a.durationMs,
    a.createdAt,
    next.state,
    next.state === 'pending' ? next.nextAttemptAt : null,
    logSize,
    failureMail.after,
    failureMail.notSince,
  ];
}

function takeOutcome(row: Row | undefined): TakeOutcome {
  if (!row) return undefined;
  return row.outcome === 'held' ? 'held' : toTakenDelivery(row);
}

function recordOutcome(row: Row | undefined): RecordOutcome {
  return { failures: row!.out_failures as number, mailFailure: row!.out_mail_failure as boolean };
}

/**
 * Records before takes, records by form then delivery: within a batch and across batches and cancelPending
 * (which locks a form's deliveries in id order, then the form), rows are locked in one order, so batches
 * do not deadlock one another.
 */
function inLockOrder(ops: Op[]): Op[] {
  const key = (o: Op) => (o.kind === 'r' ? `0${o.result.attempt.formId}\u0000${o.result.deliveryId}` : '1');
  return [...ops].sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
}

/** Answers a batch's operations from the batch function's rows (`op` is an operation's place, from 1). */
function settle(batch: Op[], rows: Row[]) {
  const byOp = new Map<number, Row>();
  for (const row of rows) byOp.set(row.op as number, row);
  for (const [n, o] of batch.entries()) {
    const row = byOp.get(n + 1);
    if (o.kind === 't') o.resolve(takeOutcome(row));
    else o.resolve(recordOutcome(row));
  }
}

/**
 * Takes and records for the PostgreSQL store's webhooks, in batches of at most `maxBatch` operations
 * (TurnBatcher: at most two at once, written in lock order); a batch refused by the server runs again one by
 * one, so one bad operation fails alone.
 */
export class DeliveryBatcher {
  private readonly batches: TurnBatcher<Op, Row[]>;

  constructor(
    private readonly db: PgDatabase,
    maxInFlight = 2,
    maxBatch = 64,
  ) {
    this.batches = new TurnBatcher(
      db,
      {
        many: async (batch) => {
          const ops = batch.map((o) => (o.kind === 't' ? { t: o.args } : { r: recordArgs(o.result) }));
          return (
            await db.direct.q('SELECT * FROM formstead_delivery_batch($1)', [JSON.stringify(ops)], 'delivery_batch')
          ).rows;
        },
        settle,
        one: (o) => this.one(o),
        order: inLockOrder,
      },
      maxInFlight,
      maxBatch,
    );
  }

  /** formstead_take_delivery in the next batch. */
  take(id: string, now: string, until: string): Promise<TakeOutcome> {
    return this.batches.add<TakeOutcome>((resolve, reject) => ({ kind: 't', args: [id, now, until], resolve, reject }));
  }

  /** formstead_record_attempt in the next batch. */
  record(result: AttemptResult): Promise<RecordOutcome> {
    return this.batches.add<RecordOutcome>((resolve, reject) => ({ kind: 'r', result, resolve, reject }));
  }

  private async one(o: Op) {
    if (o.kind === 't')
      await this.db.direct.get(TAKE, o.args, 'take_delivery').then((row) => o.resolve(takeOutcome(row)), o.reject);
    else
      await this.db.direct
        .get(RECORD, recordArgs(o.result), 'record_attempt')
        .then((row) => o.resolve(recordOutcome(row)), o.reject);
  }
}
