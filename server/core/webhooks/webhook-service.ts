// The webhook endpoints' logic (spec 4.5, 4.6, 6.7): the configuration with its delivery log, and
// the test send. Callers have checked the key, the scope and the role.
import { invalid } from '../../lib/api-error.ts';
import { maskSecret } from '../../lib/webhook-signature.ts';
import { sendWebhook, type SendWebhookOptions, type SendWebhookResult } from '../../lib/webhook-send.ts';
import { allFields } from '../../../shared/engine/index.ts';
import type { DefinitionCache } from '../definitions.ts';
import type { AttemptRecord, FormRecord, Store } from '../store/types.ts';
import { DELIVERY_LOG_SIZE } from './delivery-attempt.ts';
import { buildPayload, TEST_SUBMISSION_ID, webhookHeaders } from './payload.ts';

/** A delivery record as spec 2.13 shows it: `error` only on failures. */
export function deliveryView(a: AttemptRecord) {
  return {
    submission_id: a.submissionId,
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
      headers: webhookHeaders(form.webhookSecret, payload, TEST_SUBMISSION_ID),
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
}
