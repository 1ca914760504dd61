// The address rate limits are keyed by: the socket's, or behind N trusted proxies the N-th
// X-Forwarded-For entry counted from the right. Each proxy appends the address it received the request
// from, so the rightmost N entries were written by our own proxies and everything to their left by the
// client, who can put anything there. Trusting a left entry would let anyone pick their own key.
import type { IncomingMessage } from 'node:http';

/**
 * The client address for rate limiting; kept in memory only, never stored. With fewer entries than
 * `trustedHops`, the request did not pass through every proxy (it reached an inner one directly), so no
 * entry is known to be written by a proxy we trust: the socket address is the only honest key.
 */
export function clientIp(req: IncomingMessage, trustedHops: number): string {
  const socketAddress = req.socket.remoteAddress ?? 'unknown';
  if (trustedHops <= 0) return socketAddress;
  const entries = forwardedEntries(req.headers['x-forwarded-for']);
  if (entries.length < trustedHops) return socketAddress;
  return entries[entries.length - trustedHops] || socketAddress;
}

/** Every X-Forwarded-For entry in order; several header lines count as one list joined in order (RFC 9110 5.3). */
function forwardedEntries(header: string | string[] | undefined): string[] {
  if (header === undefined) return [];
  const lines = Array.isArray(header) ? header : [header];
  return lines.flatMap((line) => line.split(',')).map((entry) => entry.trim());
}
