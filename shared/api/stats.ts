// The counting endpoints' shapes (ARCHITECTURE.md "Knowing how a form does"), as zod schemas for the
// OpenAPI document and test/server/openapi-answers.test.ts. The events body is checked by hand in
// server/core/stats/ (each problem named, sizes bounded before parsing); this schema states the same rules.
import { z } from 'zod';
import { EVENT_QUESTION_KEY_MAX, EVENTS_PER_BODY_MAX, REFERRER_MAX, UTM_MAX } from './limits.ts';

const questionKey = z
  .string()
  .min(1)
  .max(EVENT_QUESTION_KEY_MAX)
  .meta({ description: "A question's key (not a hidden field or a statement)" });

const event = z.union([
  z.strictObject({ type: z.literal('view') }),
  z.strictObject({ type: z.literal('start') }),
  z.strictObject({ type: z.literal('step'), step: z.string().meta({ description: "A step id of the form's" }) }),
  z
    .strictObject({ type: z.literal('reached'), key: questionKey })
    .meta({ description: 'The question was shown to the person' }),
  z
    .strictObject({ type: z.literal('answered'), key: questionKey })
    .meta({ description: 'The person went on from the question with an answer' }),
  z
    .strictObject({ type: z.literal('skipped'), key: questionKey })
    .meta({ description: 'The person went on from the question without an answer' }),
]);

/** Body of POST /v1/f/{id}/events (at most 2 KB). */
export const eventsBodySchema = z
  .strictObject({
    session: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .meta({ description: "The page's own id for this browser session (sessionStorage); never stored" }),
    events: z.array(event).min(1).max(EVENTS_PER_BODY_MAX),
    referrer: z.string().max(REFERRER_MAX).optional().meta({ description: "The referring page's host" }),
    utm_source: z.string().max(UTM_MAX).optional(),
    utm_medium: z.string().max(UTM_MAX).optional(),
    utm_campaign: z.string().max(UTM_MAX).optional(),
  })
  .meta({ id: 'EventsBody' });

const counts = { views: z.number().int(), starts: z.number().int(), completions: z.number().int() };

/** 200 of GET /v1/forms/{id}/stats: daily counts over a range of days, with the funnel's steps and sources. */
export const statsSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    ...counts,
    completions_without_visit: z
      .number()
      .int()
      .meta({
        description:
          'Completions whose visit no page measured (the API, posts without JavaScript, imports); ' +
          'in completions, not in completion_rate',
      }),
    completion_rate: z
      .number()
      .nullable()
      .meta({ description: '(completions - completions_without_visit) / starts; null without starts' }),
    median_seconds: z.number().nullable(),
    steps: z.array(z.object({ id: z.string(), title: z.string(), reached: z.number().int() })),
    questions: z
      .array(
        z.object({
          key: z.string(),
          label: z.string(),
          type: z.string(),
          reached: z.number().int().meta({ description: 'People the question was shown to' }),
          answered: z.number().int().meta({ description: 'Of them, people who went on with an answer' }),
          skipped: z.number().int().meta({ description: 'Of them, people who went on without an answer' }),
          stopped: z
            .number()
            .int()
            .meta({ description: 'Of them, people who never went on: reached - answered - skipped' }),
        }),
      )
      .meta({
        description:
          "The funnel per question, in the definition's order; a person a route or condition sent elsewhere " +
          'never reached a question',
      }),
    sources: z.array(z.object({ source: z.string(), views: z.number().int(), completions: z.number().int() })),
    daily: z.array(z.object({ date: z.string(), ...counts })),
  })
  .meta({ id: 'Stats' });
