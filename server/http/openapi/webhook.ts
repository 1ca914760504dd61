// Operations of /v1/forms/{id}/webhook (server/http/webhook.ts): read it with its log, send a test.
import { z } from 'zod';
import { redeliverBodySchema } from '../../../shared/api/webhooks.ts';
import {
  redeliverResultSchema,
  rotateResultSchema,
  webhookInfoSchema,
  webhookTestResultSchema,
} from '../../../shared/api/webhook-responses.ts';
import { formPath } from './components.ts';
import { type ApiOperation, json } from './operation.ts';

/** The webhook resource. */
export const webhookOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/v1/forms/{id}/webhook',
    operationId: 'getWebhook',
    summary: 'The webhook URL, its secret and the last 100 delivery attempts',
    callers: ['account'],
    params: {
      path: formPath,
      query: z.object({
        reveal: z.boolean().optional().meta({ description: 'true: the secret in full (else masked)' }),
      }),
    },
    responses: { 200: json('The webhook and its delivery log, newest first', webhookInfoSchema) },
    errors: [400, 403, 404, 503],
  },
  {
    method: 'post',
    path: '/v1/forms/{id}/webhook/test',
    operationId: 'testWebhook',
    summary: 'Send one signed test payload',
    description: 'Not retried and not logged. 422 when the form has no webhook_url.',
    callers: ['account'],
    params: { path: formPath },
    responses: { 200: json('How the test went', webhookTestResultSchema) },
    errors: [403, 404, 422, 503],
  },
  {
    method: 'post',
    path: '/v1/forms/{id}/webhook/redeliver',
    operationId: 'redeliverWebhook',
    summary: 'Send a stored submission to the webhook again',
    description:
      'Schedules one new delivery with the normal retries (the payload rebuilt from the submission as stored). ' +
      '404 for a submission of another form; 422 without a webhook_url.',
    callers: ['account'],
    params: { path: formPath },
    body: redeliverBodySchema,
    responses: { 202: json('The delivery is scheduled', redeliverResultSchema) },
    errors: [400, 403, 404, 422, 503],
  },
  {
    method: 'post',
    path: '/v1/forms/{id}/webhook/rotate',
    operationId: 'rotateWebhookSecret',
    summary: 'Replace the signing secret; the old one keeps signing beside it for 24 h',
    callers: ['account'],
    params: { path: formPath },
    responses: { 200: json('The new secret, in full', rotateResultSchema) },
    errors: [403, 404, 422, 503],
  },
];
