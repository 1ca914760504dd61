// The webhooks area of the Store: deliveries, their attempts and the delivery log.

/** A webhook delivery's lifecycle (spec 3.3): failed means all attempts were used up. */
export type DeliveryState = 'pending' | 'delivered' | 'cancelled' | 'failed';

/**
 * Where a delivery goes: the form's webhook_url, or its slack_webhook_url or discord_webhook_url (a chat
 * message, sent under the same rules as a webhook: docs/webhooks.md "Slack and Discord").
 */
export type DeliveryChannel = 'webhook' | 'slack' | 'discord';

/** A webhook delivery to write with its submission; the payload is the exact body every attempt sends. */
export interface NewDelivery {
  id: string;
  payload: string;
  nextAttemptAt: string;
  /** 'webhook' when absent. */
  channel?: DeliveryChannel;
}

/** One submission's webhook delivery as stored. */
export interface DeliveryRecord {
  id: string;
  formId: string;
  submissionId: string;
  payload: string;
  channel: DeliveryChannel;
  attemptCount: number;
  nextAttemptAt: string;
  state: DeliveryState;
  createdAt: string;
}

/** Where a form sends a delivery of one channel at this moment. */
export interface WebhookTarget {
  workspaceId: string | null;
  /** The form's URL for the delivery's channel ('' when that channel is off). */
  url: string;
  secret: string;
  /** The secret a rotation replaced ('' when none), still signing until `previousSecretUntil`. */
  previousSecret: string;
  previousSecretUntil: string | null;
}

/** One line of the delivery log (spec 2.13); error is null on success. */
export interface AttemptRecord {
  formId: string;
  submissionId: string;
  /** Where the attempt went; written from the delivery's own channel when the attempt is recorded. */
  channel: DeliveryChannel;
  /** The delivery's state after this attempt (`AttemptResult.next`); null for lines logged before migration 13. */
  nextState: DeliveryState | null;
  attempt: number;
  statusCode: number;
  error: string | null;
  durationMs: number;
  createdAt: string;
}

/** What one finished attempt changes, applied in one write by `webhooks.recordAttempt`. */
export interface AttemptResult {
  deliveryId: string;
  /** The log line; the store adds its channel (the delivery's) and its nextState (`next.state`). */
  attempt: Omit<AttemptRecord, 'channel' | 'nextState'>;
  /** The delivery's next state; `pending` with the time of the next attempt. */
  next: { state: 'pending'; nextAttemptAt: string } | { state: 'delivered' | 'cancelled' | 'failed' };
  /** Keep this many log lines per form (the newest replace the oldest). */
  logSize: number;
  /** Failure mail rule: due once the streak reaches `after`, if none went out since `notSince`. */
  failureMail: { after: number; notSince: string };
}

/** A delivery taken for one attempt, with where its form sends webhooks now (undefined: the form is gone). */
export interface TakenDelivery {
  delivery: DeliveryRecord;
  target?: WebhookTarget;
}

/** `store.webhooks`: deliveries due, taken, attempted, finished and swept. */
export interface WebhookQueries {
  byId(id: string): Promise<DeliveryRecord | undefined>;
  /** Pending deliveries due at `now`, oldest due first (ids and forms only: payloads are read per attempt). */
  due(now: string, limit: number): Promise<{ id: string; formId: string }[]>;
  /**
   * Takes a pending delivery due at `now` for one attempt until `until`, so one instance at a time sends
   * it, and reads it with where its form sends webhooks now (no target: the form is gone), in one step.
   * 'held' when another taker holds it (its lease has not ended at `now`, or on PostgreSQL its row is
   * locked at this moment); undefined when it is unknown, not pending, or not due yet. A taker that dies
   * mid-attempt leaves it to the next one once `until` passes; `recordAttempt` and `finish` end the lease.
   */
  take(id: string, now: string, until: string): Promise<TakenDelivery | 'held' | undefined>;
  /**
   * The deliveries waiting to be sent (pending: first attempts and retries, every channel) and the earliest
   * next attempt time among those due at `now` (undefined when none is due): the queue's metrics.
   */
  queue(now: string): Promise<{ pending: number; oldestDue: string | undefined }>;
  /** The earliest next attempt time of a pending delivery later than `after`, if any. */
  nextDueAfter(after: string): Promise<string | undefined>;
  /**
   * Logs an attempt, moves its delivery on (only while it is still pending) and updates the form's
   * failure streak, in one write. Nothing is written when the form is gone. `mailFailure` is true
   * once, when the failure mail rule fires; the mail time is recorded in the same write.
   */
  recordAttempt(result: AttemptResult): Promise<{ failures: number; mailFailure: boolean }>;
  /** Ends one pending delivery without an attempt (its form lost its webhook or its claim). */
  finish(id: string, state: 'cancelled' | 'failed', at: string): Promise<void>;
  /**
   * Cancels every pending delivery of a form, or only those of `channel` (its URL was removed), and clears
   * its failure streak; returns how many were cancelled.
   */
  cancelPending(formId: string, at: string, channel?: DeliveryChannel): Promise<number>;
  /**
   * Adds one delivery of an existing submission (a redelivery), due at `delivery.nextAttemptAt`; false
   * (nothing written) when the submission is not the form's.
   */
  add(formId: string, submissionId: string, delivery: NewDelivery, at: string): Promise<boolean>;
  /** The delivery log of a form, newest first. */
  attempts(formId: string, limit: number): Promise<AttemptRecord[]>;
  /** One submission's deliveries (until swept) and its lines still in the form's log, newest first. */
  forSubmission(
    formId: string,
    submissionId: string,
  ): Promise<{ deliveries: DeliveryRecord[]; attempts: AttemptRecord[] }>;
  /** Deletes finished deliveries that ended before `olderThan`; returns how many went. */
  sweepFinished(olderThan: string): Promise<number>;
}
