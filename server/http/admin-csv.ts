// GET /admin/forms/{id}/submissions.csv and .xlsx: the exports for a signed-in member (the admin panel's download
// links), only the submissions containing `?filter=` (with `tag` and `status`) when given, with the same `headers`,
// `values` and `bom` options as the REST API; and /admin/forms/{id}/submissions/{sid}/pdf, one answer as a PDF. Plain
// HTTP downloads, since a browser saves a file best from a link.
import { audit } from './audit.ts';
import { unauthorized } from '../lib/api-error.ts';
import { parseSubmissionFilter } from '../core/submission-marks.ts';
import type { RouteContext } from '../lib/router.ts';
import type { Services } from '../core/services.ts';
import { parseExportOptions } from '../core/exports/export-options.ts';
import { sessionToken } from '../core/session-cookie.ts';
import { sendPdf, streamCsv, streamXlsx } from './exports.ts';
import { streamPartialCsv } from './partials.ts';

/**
 * Any member may read submissions. The session cookie is SameSite=Strict, so another site cannot make
 * the browser send it, and a cross-site page could not read the answer anyway (no CORS).
 */
const adminExport =
  (s: Services, stream: typeof streamCsv) =>
  async ({ req, res, params, query }: RouteContext) => {
    const principal = await s.accounts.principal(sessionToken(req), query.get('workspace') || undefined);
    if (!principal) throw unauthorized(['session: sign in again']);
    const form = await s.forms.requireInScope(principal, params.id);
    // The panel's Partial list downloads the partial answers (keep_partial), as REST's status=partial does.
    if (query.get('status') === 'partial' && stream === streamCsv) {
      await audit(s, req, principal, 'answers.exported', { form, detail: { format: 'csv', partial: true } });
      return streamPartialCsv(s, res, form, { q: query.get('filter') || undefined }, parseExportOptions(query));
    }
    // The panel's download follows its current filters (the same match as submissions.page): its text as `filter`.
    const filter = parseSubmissionFilter((name) => query.get(name), 'filter');
    const options = parseExportOptions(query);
    await audit(s, req, principal, 'answers.exported', {
      form,
      detail: { format: stream === streamCsv ? 'csv' : 'xlsx' },
    });
    await stream(s, res, form, filter, options);
  };

/** GET /admin/forms/{id}/submissions/{sid}/pdf: the panel's "Download PDF" of one answer, for any member. */
export const adminPdf =
  (s: Services) =>
  async ({ req, res, params, query }: RouteContext) => {
    const principal = await s.accounts.principal(sessionToken(req), query.get('workspace') || undefined);
    if (!principal) throw unauthorized(['session: sign in again']);
    const form = await s.forms.requireInScope(principal, params.id);
    await audit(s, req, principal, 'answer.viewed', { form, target: params.sid, detail: { format: 'pdf' } });
    await sendPdf(s, req, res, form, params.sid);
  };

/** The panel's CSV download. */
export const adminCsv = (s: Services) => adminExport(s, streamCsv);

/** The panel's workbook download. */
export const adminXlsx = (s: Services) => adminExport(s, streamXlsx);
