// Partial answers (ARCHITECTURE.md Wave 4 "Partial answers") written down for the OpenAPI document: the body
// pages post to POST /v1/f/{id}/partial (server/core/partials/partial-service.ts reads the same keys and
// refuses any other) and the list items of GET /v1/forms/{id}/submissions?status=partial.
import { z } from 'zod';

/** What a page posts when a person leaves (or sits idle) after answering at least one question. */
export const partialBodySchema = z
  .strictObject({
    session: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .meta({ description: "The page's id for this person's answer: a later post of it replaces the earlier" }),
    values: z.record(z.string(), z.unknown()).meta({
      description:
        "The answers so far by field key; only the form's questions whose value fits its type are kept, never a " +
        'password, file or signature',
    }),
    last: z.string().optional().meta({ description: 'The key of the last question the person reached' }),
    _hp: z.string().optional().meta({ description: 'Honeypot: must be empty' }),
    _rt: z
      .string()
      .meta({ description: 'The render_token of GET /v1/f/{id}/definition (required: else nothing is kept)' }),
  })
  .meta({ id: 'PartialBody' });

/** One partial answer as `?status=partial` lists it. */
export const partialAnswerSchema = z
  .object({
    id: z.string(),
    form_version: z.number().int(),
    created_at: z.string().meta({ description: 'When the page first sent it (ISO 8601, UTC)' }),
    updated_at: z.string().meta({ description: 'When the page last sent it' }),
    values: z.record(z.string(), z.unknown()),
    status: z.literal('partial'),
    last_question: z.string().meta({ description: 'The key of the last question the person reached' }),
  })
  .meta({ id: 'PartialAnswer' });

/** A page of partial answers, the latest first. */
export const partialPageSchema = z
  .object({
    submissions: z.array(partialAnswerSchema),
    next_cursor: z.string().optional().meta({ description: 'Pass as ?cursor= for the next page' }),
  })
  .meta({ id: 'PartialAnswerPage' });
