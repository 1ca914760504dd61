// The webhook endpoints' logic (spec 4.5, 4.6, 6.7): the configuration with its delivery log, the test
// send and redelivery. Callers have checked the key, the scope and the role.
import { invalid, notFound } from '../../lib/api-error.ts';
import { maskSecret } from '../../lib/webhook-signature.ts';
import { sendWebhook, type SendWebhookOptions, type SendWebhookResult } from '../../lib/webhook-send.ts';
import { allFields } from '../../../shared/engine/index.ts';
import type { DefinitionCache } from '../definitions.ts';
import type { AttemptRecord, FormRecord, Store } from '../store/types.ts';
import { DELIVERY_LOG_SIZE } from './delivery-attempt.ts';
import { withSignedLinks } from '../files/submission-files.ts';
import { newId } from '../ids.ts';
import type { RateLimits } from '../rate-limits.ts';
import { buildPayload, signingSecrets, TEST_SUBMISSION_ID, webhookHeaders } from './payload.ts';

/** A delivery record as spec 2.13 shows it: `error` only on failures. */
export function deliveryView(a: AttemptRecord) {
  return {
    submission_id: a.submissionId,
    // Additive (docs/webhooks.md): where the attempt went, and whether its delivery goes on.
    channel: a.channel,
    ...(a.nextState === null ? {} : { delivery_state: a.nextState }),
    attempt: a.attempt,
    status_code: a.statusCode,
    ...(a.error === null ? {} : { error: a.error }),
    duration_ms: a.durationMs,
    created_at: a.createdAt,
  };
}

/** Reads a form's webhook and sends test payloads. */
export class WebhookService {
  constructor(
    private readonly store: Store,
    private readonly definitions: DefinitionCache,
    private readonly opts: {
      allowPrivate: boolean;
      timeoutMs: number;
      send?: (o: SendWebhookOptions) => Promise<SendWebhookResult>;
      /** The instance secret that signs file links in payloads (as at submission time). */
      linkSecret?: string;
      /** Told of a new delivery (the worker sends it at once). */
      onScheduled?: (deliveryId: string, formId: string) => void;
      /** Bounds redeliveries per submission and per form (429 past them). */
      limits?: Pick<RateLimits, 'takeRedelivery'>;
    },
  ) {}

  /** Spec 4.5: url, the secret (masked unless `reveal`) and the last 100 attempts, newest first. */
  async view(form: FormRecord, reveal: boolean) {
    const attempts = await this.store.webhooks.attempts(form.id, DELIVERY_LOG_SIZE);
    return {
      url: form.webhookUrl,
      secret: form.webhookSecret === '' ? '' : reveal ? form.webhookSecret : maskSecret(form.webhookSecret),
      deliveries: attempts.map(deliveryView),
    };
  }

  /**
   * Spec 4.6, 6.7: one signed payload with the all-zero submission id and `test` for every field of the
   * latest version; not retried, not logged, no effect on the failure streak. 422 without a webhook_url.
   */
  async testSend(form: FormRecord) {
    if (form.webhookUrl === '')
      throw invalid(['webhook_url: no webhook is configured; set one with PATCH /v1/forms/{id} first']);
    const definition = await this.definitions.get(form.id, form.version);
    if (!definition) throw new Error(`form ${form.id} has no version ${form.version}`);
    const values = Object.fromEntries(allFields(definition).map((f) => [f.key, 'test']));
    const payload = buildPayload({
      formId: form.id,
      submissionId: TEST_SUBMISSION_ID,
      formVersion: form.version,
      values,
      createdAt: new Date().toISOString(),
    });
    const send = this.opts.send ?? sendWebhook;
    const result = await send({
      url: form.webhookUrl,
      body: payload,
      headers: webhookHeaders(
        signingSecrets({
          secret: form.webhookSecret,
          previousSecret: form.webhookSecretPrevious,
          previousSecretUntil: form.webhookSecretPreviousUntil,
        }),
        payload,
        TEST_SUBMISSION_ID,
      ),
      allowPrivate: this.opts.allowPrivate,
      timeoutMs: this.opts.timeoutMs,
    });
    const ok = result.outcome === 'delivered';
    return {
      ok,
      status_code: result.statusCode,
      duration_ms: Math.max(0, Math.round(result.durationMs)),
      ...(ok ? {} : { error: result.error ?? `http ${result.statusCode}` }),
    };
  }

  /**
   * POST /v1/forms/{id}/webhook/redeliver: one new delivery of a stored submission, with the normal
   * retries: the payload of spec 6.2 built again from the submission's values as stored now (file links
   * signed anew), under a new delivery id; receivers see the same submission id (and webhook-id). 404 for
   * a submission the form does not have; 422 without a webhook_url; 429 past the hourly redelivery limits
   * (rate-limits.ts), checked once the request is otherwise valid so a refused one uses up nothing.
   */
  async redeliver(form: FormRecord, submissionId: string): Promise<{ delivery_id: string }> {
    if (form.webhookUrl === '')
      throw invalid(['webhook_url: no webhook is configured; set one with PATCH /v1/forms/{id} first']);
    const submission = await this.store.submissions.byId(form.id, submissionId);
    if (!submission) throw notFound('submission');
    await this.opts.limits?.takeRedelivery(form.id, submission.id);
    const fileIds = Object.values(submission.values).flatMap((v) =>
      v && typeof v === 'object' && typeof (v as { file_id?: unknown }).file_id === 'string'
        ? [(v as { file_id: string }).file_id]
        : [],
    );
    const payload = buildPayload({
      formId: form.id,
      submissionId: submission.id,
      formVersion: submission.formVersion,
      values: this.opts.linkSecret
        ? withSignedLinks(submission.values, fileIds, this.opts.linkSecret)
        : submission.values,
      createdAt: submission.createdAt,
    });
    const now = new Date().toISOString();
    const id = newId();
    // Deleted between the read and the write: as if it had never been there.
    if (!(await this.store.webhooks.add(form.id, submission.id, { id, payload, nextAttemptAt: now }, now)))
      throw notFound('submission');
    this.opts.onScheduled?.(id, form.id);
    return { delivery_id: id };
  }
}
