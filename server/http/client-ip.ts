// The address rate limits are keyed by: the socket's, or behind a trusted proxy the first
// X-Forwarded-For entry. Trusting that header without a proxy would let anyone pick their own key.
import type { IncomingMessage } from 'node:http';

/** The client address for rate limiting; kept in memory only, never stored. */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? 'unknown';
}
