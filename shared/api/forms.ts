// REST bodies for publishing and form settings (spec 4.1 and 4.4), shared by the server, the admin
// panel and the MCP tools so each rule is written once.
import { z } from 'zod';
import { CONFIRMATION_MESSAGE_MAX, RETENTION_DAYS_MAX, SUCCESS_MESSAGE_MAX } from './limits.ts';
import { themeSchema } from './theme.ts';

export { CONFIRMATION_MESSAGE_MAX, RETENTION_DAYS_MAX, SUCCESS_MESSAGE_MAX };

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
  // Each response as a Slack or Discord message, under the webhook's address rules (docs/webhooks.md).
  slack_webhook_url: z.string().max(2048).optional(),
  discord_webhook_url: z.string().max(2048).optional(),
});
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}
