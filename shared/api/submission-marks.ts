// The owner's marks on answers (ARCHITECTURE.md Wave 4 "Tags and notes"): the body of PATCH
// /v1/forms/{id}/submissions/{sid} and of the panel's bulk change, as zod schemas, so REST, the panel and the
// OpenAPI document read one rule. Characters are counted as code points (an emoji is one).
import { z } from 'zod';
import { NOTE_CHARS_MAX, SUBMISSION_STATUSES, TAG_CHARS_MAX, TAGS_MAX } from './limits.ts';

/** Characters as people count them: code points, not UTF-16 units. */
const chars = (s: string) => [...s].length;

/** A tag as stored: trimmed, NFC, lower case, so "Urgent " and "urgent" are one tag (docs/decisions.md). */
export const normalizeTag = (raw: string) => raw.trim().normalize('NFC').toLowerCase();

/** One tag: 1 to 32 characters once trimmed, no control characters; answered normalised. */
export const tagSchema = z
  .string()
  .transform(normalizeTag)
  .refine((t) => chars(t) >= 1 && chars(t) <= TAG_CHARS_MAX, {
    message: `must be 1 to ${TAG_CHARS_MAX} characters`,
  })
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  .refine((t) => !/[\u0000-\u001f\u007f-\u009f]/.test(t), { message: 'must not contain control characters' });

/** Up to 10 tags; repeats (after normalising) are kept once, in the order first given. */
export const tagsSchema = z
  .array(tagSchema)
  .max(TAGS_MAX, { message: `at most ${TAGS_MAX} tags` })
  .transform((tags) => [...new Set(tags)])
  .meta({
    description:
      `The answer's tags, replacing those it has: at most ${TAGS_MAX}, each 1 to ${TAG_CHARS_MAX}` +
      ' characters once trimmed, stored in lower case',
  });

/** A note of up to 2,000 characters ('' clears it). */
export const noteSchema = z
  .string()
  .refine((n) => chars(n) <= NOTE_CHARS_MAX, { message: `must be at most ${NOTE_CHARS_MAX} characters` })
  .meta({ description: `A note for the team, at most ${NOTE_CHARS_MAX} characters ('' clears it)` });

/** An answer's status. */
export const statusSchema = z.enum(SUBMISSION_STATUSES).meta({ description: 'new (the default), seen or done' });

/** PATCH /v1/forms/{id}/submissions/{sid}: any of tags, note and status; what is left out stays as it is. */
export const marksPatchSchema = z
  .strictObject({ tags: tagsSchema.optional(), note: noteSchema.optional(), status: statusSchema.optional() })
  .meta({ id: 'SubmissionMarksPatch' });

/** The panel's change of several answers at once: add or take away tags and set the status (or the note). */
export const marksBulkSchema = z.strictObject({
  tags: tagsSchema.optional(),
  add_tags: z
    .array(tagSchema)
    .max(TAGS_MAX, { message: `at most ${TAGS_MAX} tags` })
    .optional(),
  remove_tags: z
    .array(tagSchema)
    .max(TAGS_MAX, { message: `at most ${TAGS_MAX} tags` })
    .optional(),
  note: noteSchema.optional(),
  status: statusSchema.optional(),
});

/** A marks change as the panel sends it. */
export type MarksBulk = z.input<typeof marksBulkSchema>;
