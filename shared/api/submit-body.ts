// The JSON body respondents post to POST /v1/f/{id}, written down for the OpenAPI document. The server
// reads the same keys (server/http/respondent.ts) and refuses any other; the engine checks `values`.
import { z } from 'zod';
import { envelopeSchema } from './encryption.ts';

/** `{values, skippedSteps?}`, and the anti-spam fields the hosted page and the embed add. */
export const submitBodySchema = z
  .strictObject({
    values: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: 'The answers by field key (required, except on an encrypted form, which refuses it)' }),
    encrypted: envelopeSchema.optional().meta({
      description: 'An encrypted form only (its definition has `encryption`), instead of values and skippedSteps',
    }),
    skippedSteps: z.array(z.string()).optional().meta({ description: 'Ids of steps the person skipped' }),
    _hp: z.string().optional().meta({ description: 'Honeypot: must be empty' }),
    _rt: z.string().optional().meta({ description: 'The render_token of GET /v1/f/{id}/definition' }),
    _session: z.string().optional().meta({
      description:
        'On a form with keep_partial: the session of POST /v1/f/{id}/partial, whose partial answer this replaces',
    }),
  })
  .meta({ id: 'SubmitBody' });
