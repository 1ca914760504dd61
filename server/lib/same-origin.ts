// Which Origins may act with the session cookie: the page's own address (the Host the request was sent
// to) and the public URL's. Used by the state-changing form posts and the admin socket. SameSite=Strict
// already keeps other sites' requests from carrying the cookie; this also refuses a cross-site post
// before it can sign someone in to another account (login CSRF), and it is the only guard of the admin
// WebSocket, to which browsers apply no CORS.
import type { IncomingMessage } from 'node:http';
import { forbidden } from './api-error.ts';

/** The origin of the public URL: the address the start line prints and links point to. */
export const publicOrigin = (publicUrl: string) => new URL(publicUrl).origin;

/**
 * Whether `origin` is this server as the browser sees it: the public URL's origin, or an origin whose
 * host is the request's own Host (the panel opened at http://127.0.0.1:8787 while the public URL says
 * localhost). Accepting the Host's origin is still same-origin: a page elsewhere cannot send our Host
 * with its own Origin. A DNS-rebound name matches its own Host too, but the browser holds no session
 * cookie for that name, so such a page gets no further than a signed-out visitor.
 */
export function originMatches(origin: string | undefined, host: string | undefined, publicUrl: string): boolean {
  if (origin === undefined) return false;
  if (origin === publicOrigin(publicUrl)) return true;
  let originHost: string | undefined;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  return host !== undefined && originHost === host.toLowerCase();
}

/** Throws 403 when the request carries an Origin that is neither this page's own address nor the public URL's. */
export function assertSameOrigin(req: IncomingMessage, publicUrl: string): void {
  const origin = req.headers.origin;
  // Non-browser clients send no Origin; browsers send one on every cross-origin POST.
  if (origin === undefined) return;
  if (!originMatches(origin, req.headers.host, publicUrl))
    throw forbidden('forbidden', ['origin: this form can only be sent from this site']);
}
