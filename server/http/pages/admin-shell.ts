// The admin panel's page: a small HTML shell that loads /assets/admin.js (the CSP allows no inline
// script). Served for /admin and the panel's own paths, so a reload lands on the same view.
import type { RouteContext } from '../../lib/router.ts';
import type { Services } from '../../core/services.ts';
import { sessionToken } from '../../core/session-cookie.ts';
import { redirect, sendHtml } from '../respond.ts';

const shell =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, ' +
  'initial-scale=1">' +
  // An empty icon, as on the hosted page: browsers otherwise ask for /favicon.ico, which does not exist.
  '<title>Formstead admin</title><link rel="icon" href="data:,"><link rel="stylesheet" ' +
  'href="/assets/admin.css"></head><body>' +
  '<div id="app"><noscript><p>The admin panel needs JavaScript. Sign-in and claim pages work without ' +
  'it.</p></noscript></div>' +
  '<script type="module" src="/assets/admin.js"></script></body></html>';

/** GET /admin and the panel's paths: the shell for a signed-in user, else the sign-in page (then back here). */
export const adminShell =
  (s: Services) =>
  async ({ req, res, url }: RouteContext) => {
    if (!(await s.accounts.session(sessionToken(req))))
      return redirect(res, 303, `/admin/login?next=${encodeURIComponent(url.pathname + url.search)}`);
    sendHtml(res, 200, shell);
  };
