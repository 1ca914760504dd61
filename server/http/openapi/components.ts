// What every operation shares: the security schemes, the error answers (spec 7) and the path parameters.
import { z } from 'zod';
import type { ZodOpenApiResponseObject, ZodOpenApiSecuritySchemeObject } from 'zod-openapi';
import { apiErrorSchema } from '../../../shared/api/api-error.ts';
import type { Caller, ErrorStatus } from './operation.ts';

/** The ways in: the two bearer keys, and the panel's session cookie for file downloads. */
export const securitySchemes: Record<Exclude<Caller, 'none'>, ZodOpenApiSecuritySchemeObject> = {
  account: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'svc_live_…',
    description:
      'An account key (svc_live_…): acts as an editor of its workspace. FORMSTEAD_OWNER_KEY makes one at start.',
  },
  agent: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'svc_agent_…',
    description: 'An agent key (svc_agent_…) from a keyless publish: sees only the forms it created.',
  },
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'formstead_session',
    description: 'A signed-in member of the workspace (the admin panel).',
  },
};

/** The names the security schemes have in the document. */
export const securitySchemeNames: Record<Exclude<Caller, 'none'>, string> = {
  account: 'accountKey',
  agent: 'agentKey',
  session: 'panelSession',
};

const retryAfter = z.object({
  'Retry-After': z.string().meta({ description: 'Seconds to wait before trying again' }),
});

const errorAnswer = (id: string, description: string, headers?: z.ZodObject): ZodOpenApiResponseObject => ({
  id,
  description,
  content: { 'application/json': { schema: apiErrorSchema } },
  ...(headers ? { headers } : {}),
});

/** 401: documented on every operation that takes a key. */
export const unauthorizedAnswer = errorAnswer(
  'Unauthorized',
  'The key is missing where one is required, malformed, unknown, revoked or expired',
  z.object({
    'WWW-Authenticate': z
      .string()
      .regex(/^Bearer(?: error="(?:invalid_token|invalid_request)")?$/)
      .meta({
        description:
          'Send a key as Authorization: Bearer. `Bearer error="invalid_token"` when the key sent was refused, ' +
          '`Bearer error="invalid_request"` when the header held no single key (RFC 6750)',
      }),
  }),
);

/** Each error status with its meaning in general words; an operation's description says what is particular. */
export const errorAnswers: Record<ErrorStatus, ZodOpenApiResponseObject> = {
  400: errorAnswer('BadRequest', 'The body is not a JSON object, or a query value or header is malformed'),
  402: errorAnswer('LimitReached', 'limit_reached: the monthly quota is used up; `upgrade_url` says where to go'),
  403: errorAnswer('Forbidden', 'owner_key_required (an account key is needed), forbidden or paused_by_moderation'),
  404: errorAnswer('NotFound', "Not found, or outside the key's scope (never which)"),
  409: errorAnswer('Conflict', 'The state does not allow it (paused, closed, a reused Idempotency-Key, a limit)'),
  410: errorAnswer('Gone', 'expired: an unclaimed form past its expiry'),
  413: errorAnswer('PayloadTooLarge', 'The body (64 KB) or a file is over its limit'),
  422: errorAnswer('InvalidRequest', 'invalid_request: `details` lists every problem, as "<path>: <problem>"'),
  429: errorAnswer('TooManyRequests', 'Rate limited; try again after Retry-After seconds', retryAfter),
  503: errorAnswer(
    'StorageUnavailable',
    'storage_unavailable: the server cannot save right now; try again after Retry-After seconds',
    retryAfter,
  ),
};

/** `{id}`: a form's id. */
export const formPath = z.object({ id: z.string().meta({ description: 'The form id' }) });

/** The path parameter of the public form routes, which also answer to the form's slug. */
export const publicFormPath = z.object({ id: z.string().meta({ description: 'The form id, or its slug' }) });
