// GET /v1/forms/{id}/submissions: JSON pages, or with format=csv a streamed CSV file (spec 4.3); one
// submission read (spec 2.12) or deleted (ARCHITECTURE.md "Forms made by people").
import type { ServerResponse } from 'node:http';
import { badRequest } from '../lib/api-error.ts';
import type { RouteContext } from '../lib/router.ts';
import type { Services } from '../core/services.ts';
import { requireEditor } from '../core/principal.ts';
import { parseLimit } from '../core/submission-reads.ts';
import type { FormRecord } from '../core/store/types.ts';
import { requireKey } from './auth.ts';
import { sendJson, sendNoContent } from './respond.ts';

/** Lists a form's submissions for agent and account keys. */
export const listSubmissions =
  (s: Services) =>
  async ({ req, res, params, query }: RouteContext) => {
    const principal = await requireKey(s, req);
    const form = await s.forms.requireInScope(principal, params.id);
    const format = query.get('format');
    if (format !== null && format !== 'json' && format !== 'csv')
      throw badRequest('invalid_format', ['format: must be json or csv']);
    if (format === 'csv') return streamCsv(s, res, form);
    const limit = parseLimit(query.get('limit'));
    sendJson(res, 200, await s.reads.page(form, limit, query.get('cursor')));
  };

/** GET /v1/forms/{id}/submissions/{submission_id}: one submission (spec 2.12) for agent and account keys. */
export const getSubmission =
  (s: Services) =>
  async ({ req, res, params }: RouteContext) => {
    const principal = await requireKey(s, req);
    const form = await s.forms.requireInScope(principal, params.id);
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

/**
 * Streams the CSV chunks the read service produces (only rows containing `filter` when given), waiting for the socket
 * to drain between them.
 */
export async function streamCsv(s: Services, res: ServerResponse, form: FormRecord, filter?: string) {
  res.writeHead(200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${form.id}-submissions.csv"`,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  });
  for await (const chunk of s.reads.csv(form, filter)) {
    if (res.destroyed) return;
    if (!res.write(chunk)) await drainOrClose(res);
  }
  res.end();
}

/** Resolves when the socket can take more, or is gone; removes both listeners either way. */
function drainOrClose(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
