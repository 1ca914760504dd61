// GET /admin/forms/{id}/submissions.csv: the CSV file of spec 4.3 for a signed-in member (the admin
// panel's download link), only the submissions containing `?filter=` when given. A plain HTTP download, since a browser
// saves a file best from a link.
import { SUBMISSION_FILTER_MAX } from '../../shared/api/admin.ts';
import { badRequest, unauthorized } from '../lib/api-error.ts';
import type { RouteContext } from '../lib/router.ts';
import type { Services } from '../core/services.ts';
import { sessionToken } from '../core/session-cookie.ts';
import { streamCsv } from './submissions.ts';

/**
 * Any member may read submissions. The session cookie is SameSite=Strict, so another site cannot make
 * the browser send it, and a cross-site page could not read the answer anyway (no CORS).
 */
export const adminCsv =
  (s: Services) =>
  async ({ req, res, params, query }: RouteContext) => {
    const principal = await s.accounts.principal(sessionToken(req), query.get('workspace') || undefined);
    if (!principal) throw unauthorized(['session: sign in again']);
    const form = await s.forms.requireInScope(principal, params.id);
    // The panel's download follows its current filter (the same match as submissions.page).
    const filter = query.get('filter')?.trim() ?? '';
    if (filter.length > SUBMISSION_FILTER_MAX)
      throw badRequest('invalid_request', [`filter: must be at most ${SUBMISSION_FILTER_MAX} characters`]);
    await streamCsv(s, res, form, filter || undefined);
  };
