// A check for state-changing form posts that ride on the session cookie. SameSite=Strict already keeps
// other sites' posts from carrying the cookie; this also refuses a cross-site post before it can sign
// someone in to another account (login CSRF) or reach a sibling subdomain that counts as same-site.
import type { IncomingMessage } from 'node:http';
import { forbidden } from '../lib/api-error.ts';

/** Throws 403 when the request carries an Origin that is not this server's own host. */
export function assertSameOrigin(req: IncomingMessage): void {
  const origin = req.headers.origin;
  // Non-browser clients send no Origin; browsers send one on every cross-origin POST.
  if (origin === undefined) return;
  let host: string | undefined;
  try {
    host = new URL(origin).host;
  } catch {
    host = undefined;
  }
  if (host === undefined || host !== req.headers.host) throw forbidden('forbidden', ['origin: this form can only be sent from this site']);
}
