// Partial answers over HTTP (ARCHITECTURE.md Wave 4 "Partial answers"): the pages' beacon, posted without a key
// from any site like answers are, and the owners' list and CSV (GET /v1/forms/{id}/submissions?status=partial).
import type { ServerResponse } from 'node:http';
import { PARTIAL_BODY_MAX_BYTES } from '../../shared/api/limits.ts';
import { ApiError, badRequest } from '../lib/api-error.ts';
import { clientIp } from '../lib/client-ip.ts';
import { parseJsonObject, readBody } from '../lib/http-body.ts';
import type { RouteContext } from '../lib/router.ts';
import type { Services } from '../core/services.ts';
import type { ExportOptions } from '../core/exports/export-options.ts';
import type { FormRecord, PartialFilter } from '../core/store/types.ts';
import { parseLimit } from '../core/submission-reads.ts';
import { startDownload } from './exports.ts';
import { sendJson } from './respond.ts';
import { corsHeaders } from './respondent.ts';

/**
 * POST /v1/f/{id}/partial: rate limited per address and per form (buckets of their own), a body of at most
 * 64 KB (413 past it), 400 for a body that is no JSON object; otherwise as PartialAnswers.accept; 204 either
 * way. Any content type is read as JSON: navigator.sendBeacon posts text/plain, which needs no CORS preflight.
 */
export const postPartial =
  (s: Services) =>
  async ({ req, res, params }: RouteContext) => {
    try {
      const ip = clientIp(req, s.config.trustProxy);
      await s.rateLimits.take([s.rateLimits.partialPerIp, ip], [s.rateLimits.partialPerForm, params.id]);
      const body = parseJsonObject(await readBody(req, PARTIAL_BODY_MAX_BYTES));
      await s.partials.accept(params.id, body);
      res.writeHead(204, corsHeaders);
      res.end();
    } catch (err) {
      // The page that sent it may be any site: it may read why it was refused.
      if (err instanceof ApiError) Object.assign(err.headers, corsHeaders);
      throw err;
    }
  };

/**
 * The list with `status=partial`: JSON pages (`limit`, `cursor`, `q`) or `format=csv`; other formats and the
 * tag filter are the submissions' own (400).
 */
export async function listPartials(
  s: Services,
  res: ServerResponse,
  form: FormRecord,
  query: URLSearchParams,
  options: ExportOptions,
) {
  const format = query.get('format') ?? 'json';
  if (format !== 'json' && format !== 'csv')
    throw badRequest('invalid_query', ['format: with status=partial must be json or csv']);
  if (query.get('tag')) throw badRequest('invalid_query', ['tag: partial answers have no tags']);
  const filter = { q: query.get('q') || undefined };
  if (format === 'json')
    return sendJson(res, 200, await s.partials.page(form, parseLimit(query.get('limit')), query.get('cursor'), filter));
  await streamPartialCsv(s, res, form, filter, options);
}

/** The CSV of the form's partial answers as a download (`{id}-partial-answers.csv`): REST and the panel. */
export async function streamPartialCsv(
  s: Services,
  res: ServerResponse,
  form: FormRecord,
  filter: PartialFilter,
  options: ExportOptions,
) {
  startDownload(res, 'text/csv; charset=utf-8', `${form.id}-partial-answers.csv`);
  for await (const chunk of s.partials.csv(form, filter, options)) {
    if (res.destroyed) return;
    res.write(chunk);
  }
  res.end();
}
