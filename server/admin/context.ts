// The admin channel's context: who is calling, taken from the WebSocket upgrade request once per
// connection. The session itself is looked up again on every call (see trpc.ts), so signing out or
// an expired session ends access on an open socket too.
import { clientIp } from '../lib/client-ip.ts';
import type { IncomingMessage } from 'node:http';
import type { Services } from '../core/services.ts';
import { sessionToken } from '../core/session-cookie.ts';
import { originMatches } from '../lib/same-origin.ts';
import type { JobRegistry } from '../lib/cron.ts';

/** What every procedure receives. */
export interface AdminContext {
  /** The socket's client address (behind trusted proxies, theirs), for the audit log. */
  ip?: string;
  services: Services;
  /** The session cookie's token, if the upgrade carried one. */
  sessionToken: string | undefined;
  /** The upgrade request's Origin header. */
  origin: string | undefined;
  /** The upgrade request's Host header: the address the panel was opened at. */
  host?: string;
  /** The workspace the panel acts in (`?workspace=` on the socket URL); the user's first when absent. */
  workspaceId?: string;
  /** The scheduled jobs, listed and run by instance owners; absent where no jobs run. */
  jobs?: JobRegistry;
}

/**
 * Browsers do not apply CORS to WebSockets and send cookies with any page's socket, so a page on another
 * origin could otherwise act with the admin's session (cross-site WebSocket hijacking). Accepted: the
 * public URL's origin and the socket's own address (same-origin: the panel opened at any address the
 * server answers on). A missing Origin (a non-browser client) is refused: the panel always sends one.
 */
export const originAllowed = originMatches;

/** Builds the context of one socket from its upgrade request. */
export function createAdminContext(
  services: Services,
  jobs: JobRegistry | undefined,
  req: IncomingMessage,
): AdminContext {
  const workspace = new URL(req.url ?? '/', 'http://localhost').searchParams.get('workspace');
  return {
    services,
    jobs,
    sessionToken: sessionToken(req),
    origin: req.headers.origin,
    host: req.headers.host,
    workspaceId: workspace || undefined,
    ip: clientIp(req, services.config.trustProxy),
  };
}
