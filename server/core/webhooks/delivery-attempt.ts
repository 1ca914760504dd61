// One attempt of one stored delivery: check it is still due and wanted, sign, send, and record the
// outcome with the retry schedule of spec 6.5 in one write.
import { observeDelivery } from '../../metrics/delivery-metrics.ts';
import { metricsEnabled } from '../../metrics/registry.ts';
import { nextRetryDelayMs } from '../../lib/retry-schedule.ts';
import { sendWebhook, type SendWebhookOptions, type SendWebhookResult } from '../../lib/webhook-send.ts';
import { FAILURE_MAIL_AFTER, FAILURE_MAIL_EVERY_MS } from '../mail/failure-mail.ts';
import type { AttemptResult, FormRecord, Store } from '../store/types.ts';
import { CHAT_HEADERS, eventId, signingSecrets, webhookHeaders } from './payload.ts';
import { deliversWebhooks } from '../unclaimed.ts';

/** Spec 6.7: the delivery log keeps the last 100 attempts per form. */
export const DELIVERY_LOG_SIZE = 100;

/** Settings of every attempt. */
export interface AttemptSettings {
  allowPrivate: boolean;
  timeoutMs: number;
  /** How long the lease of one attempt lasts (config.webhookLeaseMs: the timeout plus room to record the outcome). */
  leaseMs: number;
  retryBaseMs: number;
  retryCapMs: number;
  /** The transport; sendWebhook unless a test replaces it. */
  send?: (opts: SendWebhookOptions) => Promise<SendWebhookResult>;
}

/** What became of an attempt: when to look at the delivery again, and the failure streak when it fires the mail. */
export interface AttemptReport {
  /** The next due time of a retry; or, when another instance holds the delivery, the latest its lease can end. */
  retryAt?: number;
  failing?: { form: FormRecord; failures: number; statusCode: number; error: string };
}

/** Makes one attempt of delivery `id` if it is still pending and due; records the outcome. */
export async function attemptDelivery(store: Store, settings: AttemptSettings, id: string): Promise<AttemptReport> {
  const leasedAt = new Date();
  // One taker at a time, across instances (ARCHITECTURE.md "One machine or many"): the lease covers the
  // send and its recording; a taker that dies mid-attempt leaves the delivery to another when it ends.
  // The lease is taken before the delivery is read (one store call: the read answers the row as the lease
  // leaves it), so the read sees what an attempt that ran first recorded.
  const until = leasedAt.getTime() + settings.leaseMs;
  const taken = await store.webhooks.take(id, leasedAt.toISOString(), new Date(until).toISOString());
  // Held by another taker: look again when its lease must have ended (every instance leases for as
  // long), so a delivery whose taker died goes out then, not at the next minute's sweep.
  if (taken === 'held') return { retryAt: until };
  // Already delivered, ended, or rescheduled by an attempt that ran first: nothing to do.
  if (!taken) return {};
  const { delivery, target } = taken;
  const started = new Date();
  const webhook = delivery.channel === 'webhook';
  // Spec 3.3: webhook (or the Slack or Discord URL) removed, or, defensively, the form unclaimed or a
  // webhook without a secret: cancelled.
  if (!target || !deliversWebhooks(target) || target.url === '' || (webhook && target.secret === '')) {
    await store.webhooks.finish(id, 'cancelled', started.toISOString());
    return {};
  }
  const send = settings.send ?? sendWebhook;
  // The URL and secrets are read now, so a changed URL or a rotated secret applies to retries at once.
  const result = await send({
    url: target.url,
    body: delivery.payload,
    headers: webhook
      ? webhookHeaders(
          signingSecrets(target, started.getTime()),
          delivery.payload,
          delivery.submissionId,
          started.getTime(),
          eventId(delivery),
        )
      : { ...CHAT_HEADERS },
    allowPrivate: settings.allowPrivate,
    timeoutMs: settings.timeoutMs,
  });
  const attempt = delivery.attemptCount + 1;
  const next = nextState(result, attempt, Date.now(), settings);
  if (metricsEnabled()) observeDelivery(webhook ? 'webhook' : 'chat', next.state);
  const recorded = await store.webhooks.recordAttempt({
    deliveryId: id,
    attempt: {
      formId: delivery.formId,
      submissionId: delivery.submissionId,
      attempt,
      statusCode: result.statusCode,
      error: result.outcome === 'delivered' ? null : (result.error ?? `http ${result.statusCode}`),
      durationMs: Math.max(0, Math.round(result.durationMs)),
      createdAt: started.toISOString(),
    },
    next,
    logSize: DELIVERY_LOG_SIZE,
    failureMail: { after: FAILURE_MAIL_AFTER, notSince: new Date(Date.now() - FAILURE_MAIL_EVERY_MS).toISOString() },
  });
  const form = recorded.mailFailure ? await store.forms.byId(delivery.formId) : undefined;
  return {
    ...(next.state === 'pending' ? { retryAt: Date.parse(next.nextAttemptAt) } : {}),
    ...(form
      ? {
          failing: {
            form,
            failures: recorded.failures,
            statusCode: result.statusCode,
            error: result.error ?? `http ${result.statusCode}`,
          },
        }
      : {}),
  };
}

/** Spec 6.5: 2xx delivered; cancel outcomes end it; retries follow the schedule until attempt 16. */
function nextState(
  result: SendWebhookResult,
  attempt: number,
  nowMs: number,
  s: AttemptSettings,
): AttemptResult['next'] {
  if (result.outcome === 'delivered') return { state: 'delivered' };
  if (result.outcome === 'cancel') return { state: 'cancelled' };
  // The delay counts from the end of the failed attempt: "30 seconds after the failure".
  const delay = nextRetryDelayMs(attempt, s.retryBaseMs, s.retryCapMs);
  return delay === null
    ? { state: 'failed' }
    : { state: 'pending', nextAttemptAt: new Date(nowMs + delay).toISOString() };
}
