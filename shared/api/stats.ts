// The counting endpoints' shapes (ARCHITECTURE.md "Knowing how a form does"), as zod schemas for the
// OpenAPI document and test/server/openapi-answers.test.ts. The events body is checked by hand in
// server/core/stats/ (each problem named, sizes bounded before parsing); this schema states the same rules.
import { z } from 'zod';
import { EVENTS_PER_BODY_MAX, REFERRER_MAX, UTM_MAX } from './limits.ts';

const event = z.union([
  z.strictObject({ type: z.literal('view') }),
  z.strictObject({ type: z.literal('start') }),
  z.strictObject({ type: z.literal('step'), step: z.string().meta({ description: "A step id of the form's" }) }),
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
    completion_rate: z.number().nullable().meta({ description: 'completions / starts; null without starts' }),
    median_seconds: z.number().nullable(),
    steps: z.array(z.object({ id: z.string(), title: z.string(), reached: z.number().int() })),
    sources: z.array(z.object({ source: z.string(), views: z.number().int(), completions: z.number().int() })),
    daily: z.array(z.object({ date: z.string(), ...counts })),
  })
  .meta({ id: 'Stats' });
