// GET /v1/forms/{id}/submissions: JSON pages, or with format=csv a streamed CSV file (spec 4.3), with format=jsonl
// JSON lines (signed=1: the answer chain and its signed head) and with format=xlsx a workbook (headers, values and
// bom options: exports.ts); one submission read (spec 2.12; format=pdf: the answer as a PDF) or deleted
// (ARCHITECTURE.md "Forms made by people").
import { audit } from './audit.ts';
import { badRequest } from '../lib/api-error.ts';
import type { RouteContext } from '../lib/router.ts';
import type { Services } from '../core/services.ts';
import { requireEditor } from '../core/principal.ts';
import { parseLimit } from '../core/submission-reads.ts';
import { parseSubmissionFilter } from '../core/submission-marks.ts';
import { readJsonObject } from '../lib/http-body.ts';
import { parseExportOptions } from '../core/exports/export-options.ts';
import { requireKey } from './auth.ts';
import { sendPdf, streamCsv, streamJsonLines, streamXlsx } from './exports.ts';
import { listPartials } from './partials.ts';
import { sendJson, sendNoContent } from './respond.ts';

/** Lists a form's submissions for agent and account keys. */
export const listSubmissions =
  (s: Services) =>
  async ({ req, res, params, query }: RouteContext) => {
    const principal = await requireKey(s, req);
    const form = await s.forms.requireInScope(principal, params.id);
    const format = query.get('format');
    // Partial answers are listed apart (ARCHITECTURE.md Wave 4 "Partial answers"): json or csv only.
    if (query.get('status') === 'partial') {
      const options = parseExportOptions(query);
      if (query.get('cursor') === null)
        await audit(s, req, principal, 'answers.exported', {
          form,
          detail: { format: format ?? 'json', partial: true },
        });
      return listPartials(s, res, form, query, options);
    }
    if (format !== null && format !== 'json' && format !== 'csv' && format !== 'xlsx' && format !== 'jsonl')
      throw badRequest('invalid_format', ['format: must be json, csv, xlsx or jsonl']);
    // Checked for every format, so a misspelt option is named even where it would change nothing.
    const options = parseExportOptions(query);
    const signed = query.get('signed');
    if (signed !== null && signed !== '0' && signed !== '1')
      throw badRequest('invalid_query', ['signed: must be 0 or 1']);
    if (signed === '1' && format !== 'jsonl') throw badRequest('invalid_query', ['signed: only with format=jsonl']);
    // tag, status and q narrow every format alike (ARCHITECTURE.md Wave 4 "Tags and notes").
    const filter = parseSubmissionFilter((name) => query.get(name));
    const limit = format === null || format === 'json' ? parseLimit(query.get('limit')) : undefined;
    // A list read from its first page is an export; the pages after it are the same read going on.
    if (query.get('cursor') === null)
      await audit(s, req, principal, 'answers.exported', { form, detail: { format: format ?? 'json' } });
    if (format === 'jsonl') return streamJsonLines(s, res, form, signed === '1');
    if (format === 'csv') return streamCsv(s, res, form, filter, options);
    if (format === 'xlsx') return streamXlsx(s, res, form, filter, options);
    sendJson(res, 200, await s.reads.page(form, limit!, query.get('cursor'), filter));
  };

/**
 * GET /v1/forms/{id}/submissions/{submission_id}: one submission (spec 2.12) for agent and account keys; with
 * format=pdf the same answer as a PDF.
 */
export const getSubmission =
  (s: Services) =>
  async ({ req, res, params, query }: RouteContext) => {
    const principal = await requireKey(s, req);
    const form = await s.forms.requireInScope(principal, params.id);
    const format = query.get('format');
    if (format !== null && format !== 'json' && format !== 'pdf')
      throw badRequest('invalid_format', ['format: must be json or pdf']);
    if (format === 'pdf') return sendPdf(s, req, res, form, params.submissionId);
    const answer = await s.reads.one(form, params.submissionId);
    await audit(s, req, principal, 'answer.viewed', { form, target: params.submissionId });
    sendJson(res, 200, answer);
  };

/**
 * PATCH /v1/forms/{id}/submissions/{submission_id}: the owner's tags, note and status (account keys only; agent keys
 * 403 owner_key_required); answers the submission as GET does.
 */
export const patchSubmission =
  (s: Services) =>
  async ({ req, res, params }: RouteContext) => {
    const principal = await requireKey(s, req);
    const form = await s.forms.requireInScope(principal, params.id);
    requireEditor(principal);
    const body = await readJsonObject(req);
    sendJson(res, 200, await s.marks.update(form, params.submissionId, body));
  };

/** DELETE /v1/forms/{id}/submissions/{submission_id}: account keys only (agent keys 403 owner_key_required); 204. */
export const deleteSubmission =
  (s: Services) =>
  async ({ req, res, params }: RouteContext) => {
    const principal = await requireKey(s, req);
    const form = await s.forms.requireInScope(principal, params.id);
    requireEditor(principal);
    await s.deletion.deleteSubmission(form, params.submissionId);
    await audit(s, req, principal, 'answers.deleted', { form, detail: { ids: [params.submissionId] } });
    sendNoContent(res);
  };
