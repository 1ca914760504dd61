// GET /v1/forms/{id}/submissions: JSON pages, or with format=csv a streamed CSV file (spec 4.3), with format=jsonl
// JSON lines (signed=1: the answer chain and its signed head) and with format=xlsx a workbook (headers, values and
// bom options: exports.ts); one submission read (spec 2.12; format=pdf: the answer as a PDF) or deleted
// (ARCHITECTURE.md "Forms made by people").
import { badRequest } from '../lib/api-error.ts';
import type { RouteContext } from '../lib/router.ts';
import type { Services } from '../core/services.ts';
import { requireEditor } from '../core/principal.ts';
import { parseLimit } from '../core/submission-reads.ts';
import { parseExportOptions } from '../core/exports/export-options.ts';
import { requireKey } from './auth.ts';
import { sendPdf, streamCsv, streamJsonLines, streamXlsx } from './exports.ts';
import { sendJson, sendNoContent } from './respond.ts';

/** Lists a form's submissions for agent and account keys. */
export const listSubmissions =
  (s: Services) =>
  async ({ req, res, params, query }: RouteContext) => {
    const principal = await requireKey(s, req);
    const form = await s.forms.requireInScope(principal, params.id);
    const format = query.get('format');
    if (format !== null && format !== 'json' && format !== 'csv' && format !== 'xlsx' && format !== 'jsonl')
      throw badRequest('invalid_format', ['format: must be json, csv, xlsx or jsonl']);
    // Checked for every format, so a misspelt option is named even where it would change nothing.
    const options = parseExportOptions(query);
    const signed = query.get('signed');
    if (signed !== null && signed !== '0' && signed !== '1')
      throw badRequest('invalid_query', ['signed: must be 0 or 1']);
    if (signed === '1' && format !== 'jsonl') throw badRequest('invalid_query', ['signed: only with format=jsonl']);
    if (format === 'jsonl') return streamJsonLines(s, res, form, signed === '1');
    if (format === 'csv') return streamCsv(s, res, form, undefined, options);
    if (format === 'xlsx') return streamXlsx(s, res, form, undefined, options);
    const limit = parseLimit(query.get('limit'));
    sendJson(res, 200, await s.reads.page(form, limit, query.get('cursor')));
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
    sendJson(res, 200, await s.reads.one(form, params.submissionId));
  };

/** DELETE /v1/forms/{id}/submissions/{submission_id}: account keys only (agent keys 403 owner_key_required); 204. */
export const deleteSubmission =
  (s: Services) =>
  async ({ req, res, params }: RouteContext) => {
    const principal = await requireKey(s, req);
    const form = await s.forms.requireInScope(principal, params.id);
    requireEditor(principal);
    await s.deletion.deleteSubmission(form, params.submissionId);
    sendNoContent(res);
  };
