// Operations of /v1/forms/{id}/submissions (server/http/submissions.ts): read pages, CSV, one, mark, delete.
import { z } from 'zod';
import {
  importResultSchema,
  submissionPageSchema,
  submissionSchema,
} from '../../../shared/api/submission-responses.ts';
import { partialPageSchema } from '../../../shared/api/partial-answers.ts';
import { marksPatchSchema } from '../../../shared/api/submission-marks.ts';
import { SUBMISSION_FILTER_MAX } from '../../../shared/api/limits.ts';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../core/imports/import-rows.ts';
import { formPath } from './components.ts';
import { type ApiOperation, json, noContent } from './operation.ts';

const submissionPath = formPath.extend({ submission_id: z.string().meta({ description: 'The submission id' }) });

/** The submissions resource. */
export const submissionOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/v1/forms/{id}/submissions',
    operationId: 'listSubmissions',
    summary: 'Read the submissions: JSON pages, newest first, or a CSV, xlsx or JSON lines file',
    callers: ['agent', 'account'],
    params: {
      path: formPath,
      query: z.object({
        limit: z.number().int().min(1).optional().meta({ description: '1 to 100 (default 50); more is read as 100' }),
        cursor: z.string().optional().meta({ description: 'The next_cursor of the page before' }),
        format: z
          .enum(['json', 'csv', 'xlsx', 'jsonl'])
          .optional()
          .meta({ description: 'csv, xlsx or jsonl: every submission, oldest first, as a file' }),
        signed: z
          .enum(['0', '1'])
          .optional()
          .meta({
            description:
              'With format=jsonl, 1: the answer chain instead, one line per link (answers with their values, ' +
              'deleted answers and deletions), ending with the head signed by the instance key (GET ' +
              '/v1/signing-key); `formstead verify` checks it',
          }),
        headers: z.enum(['keys', 'labels']).optional().meta({ description: 'CSV/xlsx column headers (default keys)' }),
        values: z
          .enum(['raw', 'labels'])
          .optional()
          .meta({ description: 'CSV/xlsx: option labels instead of stored values (default raw)' }),
        bom: z.enum(['0', '1']).optional().meta({ description: 'CSV: 1 starts the file with a UTF-8 byte-order mark' }),
        tag: z.string().optional().meta({ description: 'Only answers with this tag (trimmed, any case)' }),
        status: z
          .enum(['new', 'seen', 'done', 'partial'])
          .optional()
          .meta({
            description:
              'Only answers with this status; partial: the partial answers instead (keep_partial), latest first, as ' +
              'JSON pages or format=csv (id, created_at, updated_at, last_question, then the answer columns)',
          }),
        q: z
          .string()
          .max(SUBMISSION_FILTER_MAX)
          .optional()
          .meta({ description: 'Only answers whose values contain this text (ASCII letters in any case)' }),
      }),
    },
    responses: {
      200: {
        description:
          'A page of submissions, or with format=csv the CSV file (spec 4.3), an xlsx workbook, or JSON lines ' +
          '(each a list item; signed=1: chain links and the signed head, docs/api.md "Signed export")',
        content: {
          'application/json': { schema: z.union([submissionPageSchema, partialPageSchema]) },
          'text/csv': { schema: z.string() },
          'application/jsonl': { schema: z.string() },
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
            schema: z.string().meta({ format: 'binary' }),
          },
        },
      },
    },
    errors: [400, 404, 503],
  },
  {
    method: 'post',
    path: '/v1/forms/{id}/submissions/import',
    operationId: 'importSubmissions',
    summary: 'Import existing answers: JSON lines, or CSV with a column mapping',
    description:
      `Each row is checked like a submission; a refused row is listed and the others stored. A row id the form ` +
      `holds already is skipped, so importing a file again stores nothing twice. Imported rows send no webhook, ` +
      `chat message or mail unless notify=1. At most ${IMPORT_MAX_ROWS} rows and ${IMPORT_MAX_BYTES} bytes ` +
      `(413 past either, nothing stored). docs/api.md "Importing answers".`,
    callers: ['account'],
    params: {
      path: formPath,
      query: z.object({
        id_column: z.string().optional().meta({ description: 'CSV (required): the header of the row id column' }),
        created_at_column: z
          .string()
          .optional()
          .meta({ description: "CSV: the header of the column holding each answer's time (ISO 8601 with zone)" }),
        map: z.string().optional().meta({
          description: 'CSV: a JSON object of column header to field key, for columns not headed by their key',
        }),
        notify: z
          .enum(['0', '1'])
          .optional()
          .meta({
            description:
              "1: stored rows go to the webhook, Slack/Discord and the owners' mail as a submission does " +
              '(no confirmation mail to respondents)',
          }),
        dry_run: z
          .enum(['0', '1'])
          .optional()
          .meta({
            description:
              '1: check every row and store nothing (imported counts the rows that would be stored; ' +
              'ids imported before are not looked up); the answer carries dry_run: true',
          }),
      }),
    },
    body: {
      content: {
        'application/x-ndjson': {
          schema: z.string().meta({
            description:
              'One JSON object a line: {"id": "row id", "values": {...}, "created_at"?: "2026-01-31T18:00:00Z"}',
          }),
        },
        'text/csv': { schema: z.string().meta({ description: 'A header line, then one answer a line' }) },
      },
    },
    responses: { 200: json('The counts and the refused rows', importResultSchema) },
    errors: [400, 403, 404, 413, 422, 503],
  },
  {
    method: 'get',
    path: '/v1/forms/{id}/submissions/{submission_id}',
    operationId: 'getSubmission',
    summary: 'One submission',
    callers: ['agent', 'account'],
    params: {
      path: submissionPath,
      query: z.object({
        format: z.enum(['json', 'pdf']).optional().meta({ description: 'pdf: the answer as a printable document' }),
      }),
    },
    responses: {
      200: {
        description: 'The submission, the same object as a list item; with format=pdf a PDF',
        content: {
          'application/json': { schema: submissionSchema },
          'application/pdf': { schema: z.string().meta({ format: 'binary' }) },
        },
      },
    },
    errors: [400, 404, 503],
  },
  {
    method: 'patch',
    path: '/v1/forms/{id}/submissions/{submission_id}',
    operationId: 'updateSubmissionMarks',
    summary: "Set an answer's tags, note or status",
    description:
      'What the body leaves out stays as it is; the answer itself never changes. A bad body changes nothing.',
    callers: ['account'],
    params: { path: submissionPath },
    body: marksPatchSchema,
    responses: { 200: json('The submission with its new marks', submissionSchema) },
    errors: [400, 403, 404, 422, 503],
  },
  {
    method: 'delete',
    path: '/v1/forms/{id}/submissions/{submission_id}',
    operationId: 'deleteSubmission',
    summary: 'Delete one submission and its files',
    callers: ['account'],
    params: { path: submissionPath },
    responses: { 204: noContent('Deleted') },
    errors: [403, 404, 503],
  },
];
