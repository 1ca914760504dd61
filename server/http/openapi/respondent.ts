// Operations of /v1/f/{id} (server/http/respondent.ts, files.ts): what respondents' pages call, with no
// key and CORS open: submit, upload a file, read the public definition, and the CORS preflights.
import { z } from 'zod';
import { publicDefinitionSchema } from '../../../shared/api/form-responses.ts';
import { submitBodySchema } from '../../../shared/api/submit-body.ts';
import { editResultSchema, submitResultSchema, uploadResultSchema } from '../../../shared/api/submission-responses.ts';
import { publicFormPath } from './components.ts';
import { type ApiOperation, json, noContent } from './operation.ts';

const formPost = z.record(z.string(), z.string()).meta({
  description:
    'Inputs named like the fields (others are left out); _hp, _rt and _skippedSteps as in the JSON body; ' +
    '_next, _subject, _replyto and _gotcha as in docs/api.md "HTML form posts"',
});

/** The edit endpoint's path: the form and the edit link's token. */
const editPath = publicFormPath.extend({
  token: z.string().meta({ description: "The edit link's token (32 URL-safe characters)" }),
});

const preflight = (path: `/v1/${string}`, operationId: string, pathParams = publicFormPath): ApiOperation => ({
  method: 'options',
  path,
  operationId,
  summary: 'CORS preflight',
  callers: ['none'],
  params: { path: pathParams },
  responses: { 204: noContent('Any origin may call this address') },
  errors: [],
});

/** The respondent resource. */
export const respondentOperations: ApiOperation[] = [
  preflight('/v1/f/{id}', 'submitPreflight'),
  {
    method: 'post',
    path: '/v1/f/{id}',
    operationId: 'submit',
    summary: 'Submit an answer',
    description:
      'JSON, or an HTML form post (multipart when it carries files). A form post from a browser (Accept: text/html) ' +
      'is answered 303 to its accepted _next, the redirect_url or the thank-you page. 409 paused, closed or ' +
      'idempotency_key_reused.',
    callers: ['none'],
    params: {
      path: publicFormPath,
      header: z.object({
        'Idempotency-Key': z
          .string()
          .min(1)
          .max(128)
          .optional()
          .meta({ description: 'A retry with the same key and body answers the first answer again' }),
      }),
    },
    body: {
      required: true,
      content: {
        'application/json': { schema: submitBodySchema },
        'application/x-www-form-urlencoded': { schema: formPost },
        'multipart/form-data': { schema: formPost },
      },
    },
    responses: {
      201: json(
        'Stored; `values` are exactly what was stored',
        submitResultSchema,
        z.object({
          'Idempotent-Replayed': z
            .literal('true')
            .optional()
            .meta({ description: 'This answers an earlier post with the same Idempotency-Key' }),
        }),
      ),
      303: {
        description: 'A browser form post went through: to the redirect_url or /f/{id}/thanks',
        headers: z.object({ Location: z.string() }),
      },
    },
    errors: [400, 402, 404, 409, 410, 413, 422, 429, 503],
  },
  preflight('/v1/f/{id}/edit/{token}', 'editPreflight', editPath),
  {
    method: 'post',
    path: '/v1/f/{id}/edit/{token}',
    operationId: 'editAnswer',
    summary: "Edit an answer through the respondent's private edit link",
    description:
      'The token is the last part of the edit_url a submit answered with (allow_edit_days). The values are checked ' +
      "by the engine exactly as a submit's (against the current version); closing, response limits and quotas do " +
      'not apply; Idempotency-Key works as on submit. File and signature fields keep their stored files. The ' +
      'earlier values are kept as a revision. 404 for a bad token or a deleted answer; 410 edit_link_expired ' +
      'once its days are over or the form stopped allowing edits; nothing changes on any refusal. A browser form ' +
      'post is answered 303 to the thank-you page.',
    callers: ['none'],
    params: {
      path: editPath,
      header: z.object({
        'Idempotency-Key': z.string().min(1).max(128).optional().meta({ description: 'As on submit' }),
      }),
    },
    body: {
      required: true,
      content: {
        'application/json': { schema: submitBodySchema },
        'application/x-www-form-urlencoded': { schema: formPost },
        'multipart/form-data': { schema: formPost },
      },
    },
    responses: {
      200: json('Stored; the earlier values are a revision', editResultSchema),
      303: {
        description: 'A browser form post went through: to /f/{id}/thanks, which shows the link again',
        headers: z.object({ Location: z.string() }),
      },
    },
    errors: [400, 404, 409, 410, 413, 422, 429, 503],
  },
  preflight('/v1/f/{id}/uploads', 'uploadPreflight'),
  {
    method: 'post',
    path: '/v1/f/{id}/uploads',
    operationId: 'upload',
    summary: 'Upload one file for a file field',
    description:
      "The raw bytes (Content-Type the file's type, X-File-Name its percent-encoded name) or multipart with one " +
      "file part. Send the upload_id as the field's value with the answers. Claimed forms only.",
    callers: ['none'],
    params: {
      path: publicFormPath,
      query: z.object({ field: z.string().meta({ description: 'The key of the file field' }) }),
      header: z.object({
        'X-File-Name': z.string().optional().meta({ description: 'The file name, percent-encoded UTF-8' }),
      }),
    },
    body: {
      required: true,
      content: {
        'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
        'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string' } } } },
      },
    },
    responses: { 201: json('Stored on disk', uploadResultSchema) },
    errors: [400, 404, 413, 422, 429, 503],
  },
  preflight('/v1/f/{id}/definition', 'definitionPreflight'),
  {
    method: 'get',
    path: '/v1/f/{id}/definition',
    operationId: 'getPublicDefinition',
    summary: 'The public definition and respondent settings (cached 60 s)',
    callers: ['none'],
    params: {
      path: publicFormPath,
      query: z.object({
        lang: z
          .string()
          .optional()
          .meta({
            description:
              'Show the definition in this language, or the first the form offers of a comma-separated list ' +
              "(best first, at most 10 read); none offered gives the form's own, with `words` unless English",
          }),
      }),
    },
    responses: { 200: json('What renderers and embeds need', publicDefinitionSchema) },
    errors: [404, 503],
  },
];
