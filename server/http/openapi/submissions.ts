// Operations of /v1/forms/{id}/submissions (server/http/submissions.ts): read pages, CSV, one, delete.
import { z } from 'zod';
import { submissionPageSchema, submissionSchema } from '../../../shared/api/submission-responses.ts';
import { formPath } from './components.ts';
import { type ApiOperation, noContent } from './operation.ts';

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
      }),
    },
    responses: {
      200: {
        description:
          'A page of submissions, or with format=csv the CSV file (spec 4.3), an xlsx workbook, or JSON lines ' +
          '(each a list item; signed=1: chain links and the signed head, docs/api.md "Signed export")',
        content: {
          'application/json': { schema: submissionPageSchema },
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
