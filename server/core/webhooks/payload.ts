// The body and headers of a `submission.created` webhook (spec 6.1, 6.2, 6.4).
import { signatureHeader, standardSignature } from '../../lib/webhook-signature.ts';
import type { WebhookEvent } from '../../../shared/api/limits.ts';
import { storedEnvelope } from '../../../shared/crypto/envelope-shape.ts';

/** Spec 6.1's event, the one every receiver gets (others only by the `webhook_events` setting). */
export const EVENT_TYPE = 'submission.created';

/** The submission id of a test send (spec 6.7): never a real submission's. */
export const TEST_SUBMISSION_ID = '00000000-0000-0000-0000-000000000000';

/** What a payload is built from. */
export interface PayloadInput {
  formId: string;
  submissionId: string;
  formVersion: number;
  values: Record<string, unknown>;
  /** RFC 3339 UTC, as stored with the submission. */
  createdAt: string;
  /** Undeclared inputs an HTML post kept (accept_undeclared), sent as `extra` after the values. */
  extra?: Record<string, string>;
}

/**
 * The exact JSON body of spec 6.2. Built once when the submission is stored and kept with its delivery,
 * so every attempt sends identical bytes and a receiver's dedupe by Service-Submission-Id holds.
 */
export function buildPayload(p: PayloadInput): string {
  // An encrypted answer is sent as its envelope, under `encrypted` instead of `values` (docs/webhooks.md).
  const envelope = storedEnvelope(p.values);
  return JSON.stringify({
    type: EVENT_TYPE,
    form_id: p.formId,
    submission_id: p.submissionId,
    form_version: p.formVersion,
    // Spec 9.3: `version` repeats form_version for older receivers.
    version: p.formVersion,
    ...(envelope ? { encrypted: envelope } : { values: p.values }),
    created_at: p.createdAt,
    // Only when the post kept undeclared inputs (accept_undeclared): other payloads are unchanged.
    ...(p.extra ? { extra: p.extra } : {}),
  });
}

/** Whether the form's receiver opted into `event` (the `webhook_events` setting). */
export const receives = (form: { webhookEvents: readonly string[] }, event: WebhookEvent) =>
  form.webhookEvents.includes(event);

/**
 * The body of `submission.updated`: spec 6.2's fields with the values after the edit, and `updated_at` and
 * `revision` (how many earlier versions the answer now keeps). Built once, kept with its delivery.
 */
export function updatedPayload(p: PayloadInput & { updatedAt: string; revision: number }): string {
  const created = JSON.parse(buildPayload(p));
  return JSON.stringify({ ...created, type: 'submission.updated', updated_at: p.updatedAt, revision: p.revision });
}

/** The body of `submission.deleted`: which answer went, when and why (no values: they are gone). */
export function deletedPayload(p: { formId: string; submissionId: string; deletedAt: string; reason: string }): string {
  return JSON.stringify({
    type: 'submission.deleted',
    form_id: p.formId,
    submission_id: p.submissionId,
    deleted_at: p.deletedAt,
    reason: p.reason,
  });
}

/**
 * The `webhook-id` of a delivery: the submission id for `submission.created` (spec 6.4's dedupe key, the same on
 * every attempt and redelivery); for the other events the delivery's own id, so a receiver that deduplicates
 * by it keeps every edit and the deletion of one answer.
 */
export const eventId = (d: { id: string; submissionId: string; payload: string }) =>
  d.payload.startsWith(`{"type":"${EVENT_TYPE}"`) || d.payload === '' ? d.submissionId : d.id;

/** The secrets that sign at `nowMs`: the form's, and the one a rotation replaced while its overlap lasts. */
export function signingSecrets(
  t: { secret: string; previousSecret: string; previousSecretUntil: string | null },
  nowMs = Date.now(),
): string[] {
  const overlap =
    t.previousSecret !== '' && t.previousSecretUntil !== null && Date.parse(t.previousSecretUntil) > nowMs;
  return overlap ? [t.secret, t.previousSecret] : [t.secret];
}

/**
 * The request headers of one attempt, signed now with each of `secrets` (signingSecrets): spec 6.2's
 * Service-Signature and Service-Submission-Id, and the Standard Webhooks headers, whose id is the
 * submission id (the same on every attempt and redelivery, so receivers deduplicate by it).
 */
export function webhookHeaders(
  secrets: string | string[],
  payload: string,
  submissionId: string,
  nowMs = Date.now(),
  webhookId = submissionId,
): Record<string, string> {
  // Signed per attempt: receivers refuse a timestamp more than 5 minutes old, and retries span 22 hours.
  const t = Math.floor(nowMs / 1000);
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'Service-Webhooks/1',
    'Service-Signature': signatureHeader(secrets, payload, t),
    'Service-Submission-Id': submissionId,
    'webhook-id': webhookId,
    'webhook-timestamp': String(t),
    'webhook-signature': standardSignature(secrets, webhookId, t, payload),
  };
}

/** The headers of a Slack or Discord message: those services read no signature. */
export const CHAT_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'application/json',
  'User-Agent': 'Service-Webhooks/1',
};
