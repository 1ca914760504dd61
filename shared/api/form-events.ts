// The body of POST /v1/f/{id}/events (ARCHITECTURE.md "Knowing how a form does"): what the hosted page
// and the embeds send to count a view, a start, each step reached, and each question reached and left
// (answered or skipped: the funnel per question). No answer, no address, no cookie.
import { z } from 'zod';
import { EVENT_QUESTION_KEY_MAX, EVENT_SESSION_PATTERN, EVENTS_PER_BODY_MAX, REFERRER_MAX, UTM_MAX } from './limits.ts';

/** A host name as `URL.host` gives it (letters, digits, dots, dashes, an optional port). */
const HOST_PATTERN = /^[A-Za-z0-9.-]+(?::\d{1,5})?$/;

const utm = z
  .string()
  .max(UTM_MAX, { message: `must be at most ${UTM_MAX} characters` })
  .optional();

/** Where a visit came from: the referrer's host and the page address's utm_* values. */
export const visitSourceSchema = z.strictObject({
  referrer: z
    .string()
    .max(REFERRER_MAX, { message: `must be at most ${REFERRER_MAX} characters` })
    .regex(HOST_PATTERN, { message: 'must be a host name only, like example.com' })
    .optional(),
  utm_source: utm,
  utm_medium: utm,
  utm_campaign: utm,
});

/** The question events: shown to the person (`reached`), left with a value (`answered`) or without (`skipped`). */
export const QUESTION_EVENTS = ['reached', 'answered', 'skipped'] as const;
export type QuestionEvent = (typeof QUESTION_EVENTS)[number];

const questionKey = z
  .string()
  .min(1, { message: 'must not be empty' })
  .max(EVENT_QUESTION_KEY_MAX, { message: `must be at most ${EVENT_QUESTION_KEY_MAX} characters` });

const event = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('view') }),
    z.strictObject({ type: z.literal('start') }),
    z.strictObject({ type: z.literal('step'), step: z.string().min(1, { message: 'must not be empty' }).max(64) }),
    ...QUESTION_EVENTS.map((type) => z.strictObject({ type: z.literal(type), key: questionKey })),
  ],
  { error: 'must be view, start, step, reached, answered or skipped' },
);

/** The events body: a session id, 1 to 20 events, and optionally where the visit came from. */
export const eventsBodySchema = visitSourceSchema.extend({
  session: z.string().regex(EVENT_SESSION_PATTERN, { message: 'must be 8 to 64 of A-Z a-z 0-9 - _' }),
  events: z
    .array(event)
    .min(1, { message: 'must hold at least one event' })
    .max(EVENTS_PER_BODY_MAX, { message: `must hold at most ${EVENTS_PER_BODY_MAX} events` }),
});
export type EventsBody = z.infer<typeof eventsBodySchema>;
export type VisitSource = z.infer<typeof visitSourceSchema>;
