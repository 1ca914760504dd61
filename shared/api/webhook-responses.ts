// What /v1 answers about a form's webhook (spec 2.13, 4.5, 4.6), as zod schemas: the OpenAPI document
// is built from them and test/server/openapi-answers.test.ts parses real answers with them.
import { z } from 'zod';

/** One attempt of the delivery log (spec 2.13); `error` only when it failed. */
export const deliveryAttemptSchema = z
  .object({
    submission_id: z.string(),
    attempt: z.number().int(),
    status_code: z.number().int().meta({ description: "The receiver's HTTP status, 0 when none came" }),
    error: z.string().optional(),
    duration_ms: z.number().int(),
    created_at: z.string(),
    channel: z.enum(['webhook', 'slack', 'discord']).meta({ description: 'Where the attempt went' }),
    delivery_state: z
      .string()
      .optional()
      .meta({ description: 'What the delivery became after this attempt (retrying, delivered, cancelled, ...)' }),
  })
  .meta({ id: 'DeliveryAttempt' });

/** 200 of GET /v1/forms/{id}/webhook: the URL, the secret (masked unless ?reveal=true), the last 100 attempts. */
export const webhookInfoSchema = z
  .object({
    url: z.string().meta({ description: '"" when the form has no webhook' }),
    secret: z.string(),
    deliveries: z.array(deliveryAttemptSchema).meta({ description: 'Newest first, at most 100' }),
  })
  .meta({ id: 'WebhookInfo' });

/** 200 of POST /v1/forms/{id}/webhook/test: how the one signed test payload went. */
export const webhookTestResultSchema = z
  .object({
    ok: z.boolean(),
    status_code: z.number().int(),
    duration_ms: z.number().int(),
    error: z.string().optional(),
  })
  .meta({ id: 'WebhookTestResult' });

/** 202 of POST /v1/forms/{id}/webhook/redeliver: the new delivery, sent with the normal retries. */
export const redeliverResultSchema = z.object({ delivery_id: z.string() }).meta({ id: 'RedeliverResult' });

/** 200 of POST /v1/forms/{id}/webhook/rotate: the new secret in full; the old one signs beside it for 24 h. */
export const rotateResultSchema = z.object({ secret: z.string() }).meta({ id: 'RotateResult' });
