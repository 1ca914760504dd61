// GET /admin/signed-in?next=…: the step after a successful sign-in, which checks that the browser kept
// the session cookie. Without it the panel would send the person back to the sign-in form, again and
// again, with no word why (a Secure cookie on a plain-http address, cookies blocked). Here they learn
// which address works instead.
import type { RouteContext } from '../../lib/router.ts';
import type { Services } from '../../core/services.ts';
import { sessionToken } from '../../core/session-cookie.ts';
import { escapeHtml, redirect, sendHtml } from '../respond.ts';
import { safeNext } from './account-pages.ts';
import { page } from './layout.ts';

/** 303 to `next` when the session cookie came back; otherwise a page naming the address to use. */
export const signedInPage =
  (s: Services) =>
  async ({ req, res, query }: RouteContext) => {
    const next = safeNext(query.get('next'));
    if (await s.accounts.session(sessionToken(req))) return redirect(res, 303, next);
    const publicUrl = new URL(s.config.publicUrl);
    const here = req.headers.host ?? '';
    const elsewhere = here.toLowerCase() !== publicUrl.host;
    const advice = elsewhere
      ? `<p>Open the panel at <a href="${escapeHtml(`${publicUrl.origin}/admin/login`)}">` +
        `${escapeHtml(`${publicUrl.origin}/admin`)}</a> and sign in there.` +
        (publicUrl.protocol === 'https:'
          ? ' This server keeps sign-ins only over https, and this address is not its https address.'
          : '') +
        '</p>'
      : '<p>Allow cookies for this site in your browser, then <a href="/admin/login">sign in again</a>.</p>';
    sendHtml(
      res,
      200,
      page(
        'Sign-in not kept',
        '<h1>Your browser did not keep the sign-in</h1><p>The sign-in worked, ' +
          `but the browser did not keep the sign-in for <strong>${escapeHtml(here || 'this address')}</strong>` +
          `.</p>${advice}`,
      ),
    );
  };
