// The body and headers of a `submission.created` webhook (spec 6.1, 6.2, 6.4).
import { signatureHeader, standardSignature } from '../../lib/webhook-signature.ts';
import { storedEnvelope } from '../../../shared/crypto/envelope-shape.ts';

/** The only event type (spec 6.1). */
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
): Record<string, string> {
  // Signed per attempt: receivers refuse a timestamp more than 5 minutes old, and retries span 22 hours.
  const t = Math.floor(nowMs / 1000);
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'Service-Webhooks/1',
    'Service-Signature': signatureHeader(secrets, payload, t),
    'Service-Submission-Id': submissionId,
    'webhook-id': submissionId,
    'webhook-timestamp': String(t),
    'webhook-signature': standardSignature(secrets, submissionId, t, payload),
  };
}

/** The headers of a Slack or Discord message: those services read no signature. */
export const CHAT_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'application/json',
  'User-Agent': 'Service-Webhooks/1',
};
