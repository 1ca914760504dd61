// What /v1 answers about forms (spec 2.10, 2.11, 4.1, 4.2): the server's answers written down as zod
// schemas. The OpenAPI document is built from them and test/server/openapi-answers.test.ts parses the
// running bundle's real answers with them, so neither can drift from what the server sends.
import { z } from 'zod';
import { FormDefinition, ShowCondition } from '../definition/schema.ts';
import { themeSchema } from './theme.ts';
import { WEBHOOK_EVENTS } from './limits.ts';
import { encryptionViewSchema, publicEncryptionSchema } from './encryption.ts';

const timestamp = z.string().meta({ description: 'ISO 8601, UTC', examples: ['2026-11-26T09:30:00.000Z'] });
const formStatus = z.enum(['active', 'paused']);

const formBase = {
  form_id: z.string(),
  title: z.string(),
  version: z.number().int().meta({ description: 'The current version, 1 for a new form' }),
  status: formStatus,
  endpoint: z.string().meta({ description: 'Where respondents POST their answers' }),
  hosted_url: z.string().meta({ description: 'The hosted page of the form' }),
  created_at: timestamp,
  expires_at: timestamp
    .optional()
    .meta({ description: 'Unclaimed forms only: when the form is deleted unless claimed' }),
};

/** 201 of POST /v1/forms; a keyless publish adds the agent key, an unclaimed form its claim link. */
export const publishResultSchema = z
  .object({
    ...formBase,
    claim_url: z.string().optional().meta({ description: 'Unclaimed forms: open it signed in to claim the form' }),
    agent_key: z.string().optional().meta({ description: 'Keyless publish only: the new svc_agent_ key, shown once' }),
    agent_key_notice: z.string().optional(),
  })
  .meta({ id: 'PublishResult' });

/** One form of GET /v1/forms (spec 2.10). */
export const formListItemSchema = z
  .object({
    ...formBase,
    submissions: z.number().int().meta({ description: 'How many submissions the form holds' }),
    webhook_failing: z.literal(true).optional().meta({ description: 'Present while the webhook failed 5+ times' }),
  })
  .meta({ id: 'FormListItem' });

/** 200 of GET /v1/forms: the caller's forms, newest first, and the usage notice near the monthly quota. */
export const formListSchema = z
  .object({
    forms: z.array(formListItemSchema),
    notice: z.string().optional().meta({ description: 'Account keys at 80% of the monthly quota' }),
    upgrade_url: z.string().optional(),
  })
  .meta({ id: 'FormList' });

/** 200 of PATCH /v1/forms/{id}: the whole settings object (spec 2.11), the webhook secret masked. */
export const settingsSchema = z
  .object({
    form_id: z.string(),
    status: formStatus,
    success_message: z.string(),
    redirect_url: z.string(),
    allow_another_response: z.boolean(),
    allow_edit: z
      .number()
      .int()
      .optional()
      .meta({ description: 'Days a respondent may edit their answer through the edit_url a submit answers with' }),
    notify_mode: z.enum(['milestones', 'off']),
    notify_email: z.boolean(),
    webhook_url: z.string(),
    webhook_secret: z.string().meta({ description: 'Masked: whsec_… and the last four characters' }),
    notify_each_response: z.boolean(),
    confirmation_email_field: z.string(),
    confirmation_message: z.string(),
    retention_days: z.number().int().nullable(),
    theme: themeSchema,
    close_at: z.string().meta({ description: 'When the form closes (ISO 8601, UTC), or "" for never' }),
    response_limit: z.number().int().nullable().meta({ description: 'Answers the form takes before it closes' }),
    closed_message: z.string().meta({ description: 'What a closed form shows; "" for the default' }),
    slug: z.string().meta({ description: 'The form address /f/{slug}, or "" for none' }),
    slack_webhook_url: z.string().meta({ description: 'Each response goes there as a Slack message; "" for none' }),
    discord_webhook_url: z.string().meta({ description: 'Each response goes there as a Discord message; "" for none' }),
    redirect_origins: z.array(z.string()).meta({
      description: "Sites (https://host[:port]) an HTML form post's _next may send people to, besides its own site",
    }),
    notify_rules: z
      .array(z.object({ when: z.array(ShowCondition), email: z.string() }))
      .meta({ description: 'Addresses also mailed for the responses that match every condition of their rule' }),
    accept_undeclared: z.boolean().meta({
      description: 'An HTML form post keeps its named inputs that are no field as text under the submission extra',
    }),
    allow_edit_days: z.number().int().meta({
      description: 'Days a respondent may edit their answer through the private link they get (0: no edits)',
    }),
    webhook_events: z.array(z.enum(WEBHOOK_EVENTS)).meta({
      description: 'Events sent to webhook_url (submission.created, submission.updated, submission.deleted)',
    }),
    encryption: encryptionViewSchema,
    keep_partial: z.boolean().meta({
      description:
        'Pages send what a person typed once they answered a question and left (or after 30 minutes idle), kept ' +
        'as a partial answer (never passwords, files or signatures)',
    }),
  })
  .meta({ id: 'Settings' });

/** 200 of GET /v1/forms/{id}: the form as listed, its settings and its current version's definition. */
export const formDetailSchema = z
  .object({
    ...formListItemSchema.shape,
    settings: settingsSchema,
    current_version: z
      .object({
        version: z.number().int(),
        created_at: timestamp,
        definition: FormDefinition,
      })
      .meta({ description: 'The version respondents get now, with its definition as published' }),
  })
  .meta({ id: 'FormDetail' });

/** 200 of GET /v1/f/{id}/definition: what renderers and embeds need. */
export const publicDefinitionSchema = z
  .object({
    form_id: z.string(),
    version: z.number().int(),
    definition: FormDefinition,
    lang: z
      .string()
      .optional()
      .meta({ description: "With ?lang=: the language the definition is shown in (the form's own when not offered)" }),
    words: z
      .object({ lang: z.string(), messages: z.record(z.string(), z.string()) })
      .optional()
      .meta({ description: "With ?lang= in a language other than English: the renderer's words and messages in it" }),
    languages: z.array(z.string()).meta({ description: "The form's languages: its own first, then its translations" }),
    state: z.enum(['open', 'paused', 'expired', 'closed']),
    closed_message: z.string().meta({ description: 'What to show instead of the form when it is closed' }),
    unclaimed: z.boolean(),
    success_message: z.string(),
    redirect_url: z.string(),
    allow_another_response: z.boolean(),
    theme: themeSchema,
    endpoint: z.string(),
    hosted_url: z.string(),
    render_token: z.string().meta({ description: 'Send it back as _rt with the answers (anti-spam)' }),
    upload_max_bytes: z.number().int(),
    images: z
      .record(z.string(), z.object({ width: z.number().int(), height: z.number().int() }))
      .optional()
      .meta({
        description:
          "The size in pixels of each picture the definition and the theme's logo name, by its url (/i/<id>): " +
          'renderers give images their width and height so the page does not shift as they load',
      }),
    encryption: publicEncryptionSchema,
    keep_partial: z
      .literal(true)
      .optional()
      .meta({
        description:
          'The form keeps partial answers: once a person answered a question and leaves (or 30 minutes pass), post ' +
          'what they typed to POST /v1/f/{id}/partial, and send the same session as _session with the answer',
      }),
  })
  .meta({ id: 'PublicDefinition' });
