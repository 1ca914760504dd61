// The address rate limits are keyed by, and the audit log records: the socket's, or behind N trusted proxies the N-th
// X-Forwarded-For entry counted from the right. Each proxy appends the address it received the request
// from, so the rightmost N entries were written by our own proxies and everything to their left by the
// client, who can put anything there. Trusting a left entry would let anyone pick their own key.
import type { IncomingMessage } from 'node:http';

/**
 * The client address for rate limiting (kept in memory only) and the audit log (kept FORMSTEAD_AUDIT_DAYS).
 * With fewer entries than `trustedHops`, the request did not pass through every proxy (it reached an inner
 * one directly), so no entry is known to be written by a proxy we trust: the socket address is the only
 * honest key.
 */
export function clientIp(req: IncomingMessage, trustedHops: number): string {
  const socketAddress = req.socket.remoteAddress ?? 'unknown';
  if (trustedHops <= 0) return socketAddress;
  const entries = forwardedEntries(req.headers['x-forwarded-for']);
  if (entries.length < trustedHops) return socketAddress;
  return withoutPort(entries[entries.length - trustedHops]) || socketAddress;
}

/**
 * Some proxies (Azure's, for one) append `address:port`; the client's source port changes with every
 * connection, so a key with it would let one client spread over many buckets.
 */
function withoutPort(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry); // [2001:db8::1]:443
  if (bracketed) return bracketed[1];
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry); // 203.0.113.7:51234
  return v4 ? v4[1] : entry;
}

/** Every X-Forwarded-For entry in order; several header lines count as one list joined in order (RFC 9110 5.3). */
function forwardedEntries(header: string | string[] | undefined): string[] {
  if (header === undefined) return [];
  const lines = Array.isArray(header) ? header : [header];
  return lines.flatMap((line) => line.split(',')).map((entry) => entry.trim());
}
