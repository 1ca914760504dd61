// The body and headers of a `submission.created` webhook (spec 6.1, 6.2, 6.4).
import { signatureHeader } from '../../lib/webhook-signature.ts';

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
}

/**
 * The exact JSON body of spec 6.2. Built once when the submission is stored and kept with its delivery,
 * so every attempt sends identical bytes and a receiver's dedupe by Service-Submission-Id holds.
 */
export function buildPayload(p: PayloadInput): string {
  return JSON.stringify({
    type: EVENT_TYPE,
    form_id: p.formId,
    submission_id: p.submissionId,
    form_version: p.formVersion,
    // Spec 9.3: `version` repeats form_version for older receivers.
    version: p.formVersion,
    values: p.values,
    created_at: p.createdAt,
  });
}

/** The request headers of one attempt, signed now with the form's current secret. */
export function webhookHeaders(
  secret: string,
  payload: string,
  submissionId: string,
  nowMs = Date.now(),
): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'Service-Webhooks/1',
    // Signed per attempt: receivers refuse a `t` more than 5 minutes old, and retries span 22 hours.
    'Service-Signature': signatureHeader(secret, payload, Math.floor(nowMs / 1000)),
    'Service-Submission-Id': submissionId,
  };
}
