// REST bodies for publishing and form settings (spec 4.1 and 4.4), shared by the server, the admin
// panel and the MCP tools so each rule is written once.
import { z } from 'zod';
import {
  ALLOW_EDIT_DAYS_MAX,
  CLOSED_MESSAGE_MAX,
  CONFIRMATION_MESSAGE_MAX,
  NOTIFY_RULES_MAX,
  RETENTION_DAYS_MAX,
  SUCCESS_MESSAGE_MAX,
  WEBHOOK_EVENTS,
} from './limits.ts';
import { ShowCondition } from '../definition/schema.ts';
import { parseOrigin, REDIRECT_ORIGINS_MAX } from './redirect-origins.ts';
import { encryptionSettingSchema } from './encryption.ts';
import { themeSchema } from './theme.ts';

export { CLOSED_MESSAGE_MAX, CONFIRMATION_MESSAGE_MAX, RETENTION_DAYS_MAX, SUCCESS_MESSAGE_MAX };

/** An http or https URL, or the empty string that removes the setting. */
export const redirectUrlSchema = z
  .string()
  .max(2048)
  .refine((v) => v === '' || isHttpUrl(v), { message: 'must be an http or https URL' })
  // Stored in its normalised form (punycode host, percent-encoded path) so it is always a valid
  // Location header.
  .transform((v) => (v === '' ? '' : new URL(v).href));

const successMessageSchema = z
  .string()
  .max(SUCCESS_MESSAGE_MAX, { message: `must be at most ${SUCCESS_MESSAGE_MAX} characters` });

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Whether `v` is such a date and time, and a real one (JavaScript would read 30 February as 2 March). */
export function isDateTime(v: string): boolean {
  const m = ISO_DATE_TIME.exec(v);
  if (!m || Number.isNaN(Date.parse(v))) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * When a form closes: an ISO 8601 date and time with its time zone (`2027-01-31T18:00:00Z`,
 * `2027-01-31T19:00+01:00`), stored as UTC; or "" for never.
 */
const closeAtSchema = z
  .string()
  .refine((v) => v === '' || isDateTime(v), {
    message: 'must be a date and time with a time zone, like 2027-01-31T18:00:00Z, or "" for never',
  })
  .transform((v) => (v === '' ? '' : new Date(v).toISOString()));

/** Body of POST /v1/forms. The definition is checked separately by the engine's checkDefinition. */
export const publishBodySchema = z.strictObject({
  definition: z.unknown().refine((v) => v !== undefined, { message: 'required' }),
  form_id: z.string().min(1).max(64).optional(),
  email: z.email({ message: 'must be an email address' }).max(254).optional(),
  success_message: successMessageSchema.optional(),
  redirect_url: redirectUrlSchema.optional(),
  allow_another_response: z.boolean().optional(),
});
export type PublishBody = z.infer<typeof publishBodySchema>;

/** One entry of `redirect_origins`, stored normalised (`https://host[:port]`). */
const redirectOriginSchema = z
  .string({ message: 'must be a site address like https://example.com' })
  .max(300, { message: 'must be at most 300 characters' })
  .transform((value, ctx) => {
    const parsed = parseOrigin(value);
    if ('origin' in parsed) return parsed.origin;
    ctx.addIssue({ code: 'custom', message: parsed.problem });
    return z.NEVER;
  });

/** The sites a form post's `_next` may send people back to, besides the site the post came from. */
export const redirectOriginsSchema = z
  .array(redirectOriginSchema, { message: 'must be a list of site addresses' })
  .max(REDIRECT_ORIGINS_MAX, { message: `must list at most ${REDIRECT_ORIGINS_MAX} sites` })
  // Written twice is kept once: the list reads back as the set it is.
  .transform((origins) => [...new Set(origins)]);

/** How many conditions one notification rule may hold (as many as a form has fields is plenty). */
export const NOTIFY_RULE_CONDITIONS_MAX = 20;

/**
 * The `notify_rules` setting (ARCHITECTURE.md Wave 4): up to 10 rules, each mailing `email` for a response whose
 * accepted values match every condition of `when` (the definition's conditions, at least one). The fields named
 * must exist in the form (checked by the settings service).
 */
export const notifyRulesSchema = z
  .array(
    z.strictObject({
      when: z
        .array(ShowCondition)
        .min(1, { message: 'must hold at least one condition' })
        .max(NOTIFY_RULE_CONDITIONS_MAX, { message: `must hold at most ${NOTIFY_RULE_CONDITIONS_MAX} conditions` }),
      email: z.email({ message: 'must be an email address' }).max(254),
    }),
    { message: 'must be a list of rules' },
  )
  .max(NOTIFY_RULES_MAX, { message: `must hold at most ${NOTIFY_RULES_MAX} rules` })
  .meta({ description: 'Mail `email` too when a response matches every condition of `when`' });

/**
 * The `webhook_events` setting: which events the form's webhook receives, each once, at least one
 * (`submission.created` alone by default, so spec 6 receivers see nothing new).
 */
export const webhookEventsSchema = z
  .array(
    z.string().refine((e) => (WEBHOOK_EVENTS as readonly string[]).includes(e), {
      message: `unknown event; one of ${WEBHOOK_EVENTS.join(', ')}`,
    }),
    { message: 'must be a list of events' },
  )
  .min(1, { message: 'must name at least one event' })
  .max(WEBHOOK_EVENTS.length, { message: `must hold at most ${WEBHOOK_EVENTS.length} events` })
  .refine((list) => new Set(list).size === list.length, { message: 'must name each event once' })
  .meta({ description: `Events sent to webhook_url: ${WEBHOOK_EVENTS.join(', ')}` });

/** Body of PATCH /v1/forms/{id}: any of the settings of spec 4.4, and Formstead's additive ones. */
export const settingsPatchSchema = z.strictObject({
  webhook_url: z.string().max(2048).optional(),
  notify_mode: z.enum(['milestones', 'off']).optional(),
  notify_email: z.boolean().optional(),
  success_message: successMessageSchema.optional(),
  redirect_url: redirectUrlSchema.optional(),
  allow_another_response: z.boolean().optional(),
  status: z.enum(['active', 'paused']).optional(),
  // Additive settings (docs/api.md): mail per response, confirmation mail, retention, theme.
  notify_each_response: z.boolean().optional(),
  confirmation_email_field: z.string().max(200).optional(),
  confirmation_message: z
    .string()
    .max(CONFIRMATION_MESSAGE_MAX, { message: `must be at most ${CONFIRMATION_MESSAGE_MAX} characters` })
    .optional(),
  retention_days: z
    .number()
    .int({ message: 'must be a whole number of days' })
    .min(1, { message: `must be 1 to ${RETENTION_DAYS_MAX} days, or null to keep submissions forever` })
    .max(RETENTION_DAYS_MAX, {
      message: `must be 1 to ${RETENTION_DAYS_MAX} days, or null to keep submissions forever`,
    })
    .nullable()
    .optional(),
  theme: themeSchema.optional(),
  // Closing and the form's address (ARCHITECTURE.md "Respondents who finish").
  close_at: closeAtSchema.optional(),
  response_limit: z
    .number()
    .int({ message: 'must be a whole number of responses' })
    .min(1, { message: 'must be at least 1, or null for no limit' })
    .max(1_000_000_000, { message: 'must be at most 1000000000, or null for no limit' })
    .nullable()
    .optional(),
  closed_message: z
    .string()
    .max(CLOSED_MESSAGE_MAX, { message: `must be at most ${CLOSED_MESSAGE_MAX} characters` })
    .optional(),
  slug: z
    .string()
    .refine((v) => v === '' || /^[a-z0-9-]{3,64}$/.test(v), {
      message: 'must be 3 to 64 lowercase letters, digits or "-", or "" for none',
    })
    .optional(),

  // Each response as a Slack or Discord message, under the webhook's address rules (docs/webhooks.md).
  slack_webhook_url: z.string().max(2048).optional(),
  discord_webhook_url: z.string().max(2048).optional(),
  redirect_origins: redirectOriginsSchema.optional(),
  notify_rules: notifyRulesSchema.optional(),
  // A plain HTML form post keeps its named inputs that are no field as text under `extra` (docs/api.md).
  accept_undeclared: z.boolean().optional(),
  // Respondents' edit links and the webhook events a receiver opted into (ARCHITECTURE.md Wave 4).
  allow_edit_days: z
    .number()
    .int({ message: 'must be a whole number of days' })
    .min(0, { message: `must be 0 (no edits) to ${ALLOW_EDIT_DAYS_MAX} days` })
    .max(ALLOW_EDIT_DAYS_MAX, { message: `must be 0 (no edits) to ${ALLOW_EDIT_DAYS_MAX} days` })
    .optional(),
  webhook_events: webhookEventsSchema.optional(),
  // End-to-end encryption (shared/api/encryption.ts; docs/api.md "Encrypted forms").
  encryption: encryptionSettingSchema.optional(),
  // Pages keep what a person typed before leaving as a partial answer (docs/api.md "Partial answers").
  keep_partial: z.boolean().optional(),
});
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** Whether `value` is an absolute http or https address with a host: the rule of every redirect address. */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}
