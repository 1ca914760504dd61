// What /v1 answers about submissions and uploads (spec 2.12, 4.3), as zod schemas: the OpenAPI document
// is built from them and test/server/openapi-answers.test.ts parses real answers with them.
import { z } from 'zod';
import { SUBMISSION_STATUSES } from './limits.ts';
import { envelopeSchema } from './encryption.ts';

const values = z
  .record(z.string(), z.unknown())
  .meta({ description: 'The stored answers by field key (a file field holds a file object)' });

/** One stored submission (spec 2.12), as a list item and as GET …/submissions/{submission_id}. */
export const submissionSchema = z
  .object({
    id: z.string(),
    form_version: z.number().int(),
    created_at: z.string(),
    values,
    values_contain_hidden_characters: z
      .boolean()
      .meta({ description: 'true when a value holds invisible or direction-changing characters' }),
    tags: z.array(z.string()).meta({ description: "The owner's tags (lower case), set with PATCH" }),
    note: z.string().meta({ description: "The owner's note, '' for none" }),
    status: z.enum(SUBMISSION_STATUSES).meta({ description: 'new (the default), seen or done' }),
    extra: z.record(z.string(), z.string()).optional().meta({
      description: "An HTML form post's named inputs that are no field, as text (accept_undeclared); absent when none",
    }),
    revisions: z
      .array(z.object({ at: z.string(), values }))
      .optional()
      .meta({
        description:
          "GET of one submission: the values respondents' edits replaced, oldest first, each with when it was " +
          'replaced ([] for an answer never edited)',
      }),
    encrypted: envelopeSchema
      .optional()
      .meta({ description: 'An end-to-end encrypted answer: its envelope (values is then {})' }),
  })
  .meta({ id: 'Submission' });

/** 200 of GET /v1/forms/{id}/submissions (JSON): newest first; `next_cursor` while more remain. */
export const submissionPageSchema = z
  .object({
    submissions: z.array(submissionSchema),
    next_cursor: z.string().optional().meta({ description: 'Pass as ?cursor= for the next page' }),
  })
  .meta({ id: 'SubmissionPage' });

/** 201 of POST /v1/f/{id}: the new submission's id and exactly the values stored. */
export const submitResultSchema = z
  .object({
    id: z.string(),
    values,
    ending: z
      .string()
      .nullable()
      .meta({ description: "The id of the first of the definition's endings whose conditions match, or null" }),
    edit_url: z.string().optional().meta({
      description:
        "The respondent's private edit link, when the form allows edits (allow_edit_days); a replay gets a new one",
    }),
  })
  .meta({ id: 'SubmitResult' });

/** 200 of POST /v1/f/{id}/edit/{token}: the answer after the edit and how many earlier versions it keeps. */
export const editResultSchema = z
  .object({
    id: z.string(),
    values,
    ending: z.string().nullable().meta({ description: 'The ending the edited values lead to, or null' }),
    revision: z
      .number()
      .int()
      .meta({ description: 'How many earlier versions the answer keeps now (1 after the first edit)' }),
  })
  .meta({ id: 'EditResult' });

/** 201 of POST /v1/f/{id}/uploads: send `upload_id` as the file field's value. */
export const uploadResultSchema = z
  .object({ upload_id: z.string(), name: z.string(), size: z.number().int(), type: z.string() })
  .meta({ id: 'UploadResult' });

/** 200 of POST /v1/forms/{id}/submissions/import: what was stored, skipped as already imported, and refused. */
export const importResultSchema = z
  .object({
    imported: z.number().int().meta({ description: 'Rows stored now' }),
    skipped_duplicates: z
      .number()
      .int()
      .meta({ description: 'Rows whose id the form holds already (an earlier import, or twice in this file)' }),
    refused: z
      .array(
        z.object({
          row: z
            .number()
            .int()
            .meta({ description: 'JSON lines: the line number; CSV: the row after the header (1 is the first)' }),
          details: z.array(z.string()).meta({ description: 'Every problem of the row, "<path>: <problem>"' }),
        }),
      )
      .meta({ description: 'Rows not stored, in file order; the others were stored' }),
  })
  .meta({ id: 'ImportResult' });
