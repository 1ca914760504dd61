// Inputs of the admin panel's tRPC procedures, shared by the server routers and the panel so each
// rule is written once (the settings body itself is shared/api/forms.ts settingsPatchSchema).
import { z } from 'zod';
import { DELETE_SUBMISSIONS_MAX, PERSON_EMAIL_MAX, SUBMISSION_FILTER_MAX } from './limits.ts';

export { DELETE_SUBMISSIONS_MAX, PERSON_EMAIL_MAX, SUBMISSION_FILTER_MAX };

/** A workspace role (ARCHITECTURE.md "Identity and keys"). */
export const roleSchema = z.enum(['owner', 'editor', 'viewer']);

/** Names one form. */
export const formIdInput = z.strictObject({ formId: z.string().min(1).max(64) });

/** A form's stats over a range of UTC days (`YYYY-MM-DD`, both optional: the last 30 days); checked by the service. */
export const formStatsInput = formIdInput.extend({
  from: z.string().max(10).optional(),
  to: z.string().max(10).optional(),
});

/**
 * A page of a form's submissions: `limit` 1 to 100 (spec 8), the previous page's cursor, a text filter, newest or
 * oldest first.
 */
export const submissionPageInput = z.strictObject({
  formId: z.string().min(1).max(64),
  limit: z.number().int().min(1).max(100).optional(),
  cursor: z.string().max(200).nullable().optional(),
  filter: z.string().max(SUBMISSION_FILTER_MAX).optional(),
  /** Only answers with this tag, or this status (checked by the service as REST's `tag` and `status` are). */
  tag: z.string().max(200).optional(),
  status: z.string().max(20).optional(),
  order: z.enum(['newest', 'oldest']).optional(),
});

/** A page of a form's partial answers (keep_partial) in the panel, with the text filter. */
export const partialPageInput = z.strictObject({
  formId: z.string().min(1).max(64),
  cursor: z.string().max(200).nullable().optional(),
  filter: z.string().max(SUBMISSION_FILTER_MAX).optional(),
});

/**
 * The owner's marks on 1 to 100 answers of a form: `patch` holds tags, add_tags, remove_tags, note and status,
 * checked by the marks service as REST's PATCH body is.
 */
export const submissionsMarkInput = z.strictObject({
  formId: z.string().min(1).max(64),
  ids: z
    .array(z.string().min(1).max(64))
    .min(1, { message: 'give at least one id' })
    .max(DELETE_SUBMISSIONS_MAX, { message: `at most ${DELETE_SUBMISSIONS_MAX} ids at once` }),
  patch: z.record(z.string(), z.unknown()),
});

/** One submission of a form. */
export const submissionIdInput = z.strictObject({
  formId: z.string().min(1).max(64),
  submissionId: z.string().min(1).max(64),
});

/** A settings change from the panel: the patch is checked by the settings service, as REST's PATCH body is. */
export const settingsUpdateInput = z.strictObject({
  formId: z.string().min(1).max(64),
  patch: z.record(z.string(), z.unknown()),
});

/** The webhook view, with the secret in full only when `reveal`. */
export const webhookViewInput = z.strictObject({ formId: z.string().min(1).max(64), reveal: z.boolean().optional() });

/** A submission to deliver to the form's webhook again (POST /v1/forms/{id}/webhook/redeliver). */
export const webhookRedeliverInput = z.strictObject({
  formId: z.string().min(1).max(64),
  submissionId: z.string().min(1).max(64),
});

/** A new account key's name. */
export const keyCreateInput = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { message: 'must be 1 to 100 characters' })
    .max(100, { message: 'must be 1 to 100 characters' }),
});

/** Names one key, invite or member. */
export const idInput = z.strictObject({ id: z.string().min(1).max(64) });

/** A new invite's role. */
export const inviteCreateInput = z.strictObject({ role: roleSchema });

/** A member's new role. */
export const roleChangeInput = z.strictObject({ userId: z.string().min(1).max(64), role: roleSchema });

/** A password change; the rules on the new one are the server's (at least 10 characters). */
export const passwordChangeInput = z.strictObject({
  current_password: z.string().max(1024),
  new_password: z.string().max(1024),
});

/** A moderation decision on one form. */
export const moderationInput = z.strictObject({ formId: z.string().min(1).max(64), paused: z.boolean() });

/** A job to run now, by name. */
export const jobRunInput = z.strictObject({ name: z.string().min(1).max(100) });

/** Pause or resume a form (spec 3.1). */
export const formStatusInput = z.strictObject({
  formId: z.string().min(1).max(64),
  status: z.enum(['active', 'paused']),
});

/** One suspected-spam post of a form (the Spam view's "Not spam" and "Delete"). */
export const spamItemInput = z.strictObject({ formId: z.string().min(1).max(64), id: z.string().min(1).max(64) });

/**
 * Largest draft text in bytes (UTF-8). Twice the 32 KB definition limit, because the JSON view is
 * pretty-printed: a definition at the publishing limit must still fit as typed (docs/decisions.md).
 */
export const DRAFT_TEXT_MAX_BYTES = 64 * 1024;

/** Names one draft. */
export const draftIdInput = z.strictObject({ draftId: z.string().min(1).max(64) });

/** The builder's settings of a new form's draft (thank-you, closing, address), checked by the drafts service. */
export const draftSettingsInput = z.strictObject({
  draftId: z.string().min(1).max(64),
  patch: z.record(z.string(), z.unknown()),
});

/** A new form's draft from a template (shared/templates); unknown ids are refused by the server with 422. */
export const draftCreateInput = z.strictObject({ template: z.string().min(1).max(64) });

/** Saves a draft's text: an existing draft by `draftId`, or a form's draft by `formId` (exactly one). */
export const draftSaveInput = z
  .strictObject({
    draftId: z.string().min(1).max(64).optional(),
    formId: z.string().min(1).max(64).optional(),
    text: z.string(),
  })
  .refine((v) => (v.draftId === undefined) !== (v.formId === undefined), {
    message: 'give exactly one of draftId and formId',
    path: ['draftId'],
  });

/** One version of one form (restore into the draft). */
export const formVersionInput = z.strictObject({ formId: z.string().min(1).max(64), version: z.number().int().min(1) });

/** Submissions of one form to delete: 1 to 100 ids. */
export const submissionsDeleteInput = z.strictObject({
  formId: z.string().min(1).max(64),
  ids: z
    .array(z.string().min(1).max(64))
    .min(1, { message: 'give at least one id' })
    .max(DELETE_SUBMISSIONS_MAX, { message: `at most ${DELETE_SUBMISSIONS_MAX} ids at once` }),
});

/**
 * One address: something, one @, something. Spaces, quotes, backslashes, angle brackets and control
 * characters are refused: an address people type has none, and without them the store's search finds
 * the address in the stored JSON text as typed (docs/decisions.md "Find a person").
 */
const ONE_ADDRESS = /^[^\s@"\\<>\p{Cc}]+@[^\s@"\\<>\p{Cc}]+$/u;

const personEmail = z
  .string()
  .trim()
  .max(PERSON_EMAIL_MAX, { message: `an email address has at most ${PERSON_EMAIL_MAX} characters` })
  .regex(ONE_ADDRESS, { message: 'enter one email address, such as ada@example.com' });

/** Find a person: one email address, spaces around it ignored. */
export const personInput = z.strictObject({ email: personEmail });

/**
 * people.erase: the address, and what to do with answers that only mention it (someone else's answers):
 * kept unless the owner chooses to erase them too.
 */
export const personEraseInput = z.strictObject({
  email: personEmail,
  mentions: z.enum(['keep', 'erase']).default('keep'),
});

/** A page of the audit log: before an entry's seq, how many, and (instance owners) the entries of no workspace. */
export const auditPageInput = z.strictObject({
  before: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(200).optional(),
  none: z.boolean().optional(),
});
