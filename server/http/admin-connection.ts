// POST /admin/connection: why the panel's socket would be refused, in words the panel can show. A
// refused WebSocket upgrade reaches the page only as a closed socket, so the panel asks here with the
// same request headers (a same-origin POST carries Origin, Host and the session cookie).
import { ApiError, unauthorized } from '../lib/api-error.ts';
import type { RouteContext } from '../lib/router.ts';
import type { Services } from '../core/services.ts';
import { sessionToken } from '../core/session-cookie.ts';
import { sendJson } from './respond.ts';
import { originMatches } from '../lib/same-origin.ts';

/**
 * 200 `{ok: true}` when the socket's checks would pass (a closed socket then means the server or the
 * network went away); 403 `wrong_address` with `panel_url`, the address to open instead; 401 signed out.
 */
export const adminConnection =
  (s: Services) =>
  async ({ req, res }: RouteContext) => {
    const panelUrl = `${s.config.publicUrl}/admin`;
    if (!originMatches(req.headers.origin, req.headers.host, s.config.publicUrl)) {
      throw new ApiError(
        403,
        'wrong_address',
        [`origin: the panel cannot connect from ${req.headers.origin ?? 'this page'}; open it at ${panelUrl}`],
        { panel_url: panelUrl },
      );
    }
    if (!(await s.accounts.session(sessionToken(req)))) throw unauthorized(['session: sign in again']);
    sendJson(res, 200, { ok: true });
  };
