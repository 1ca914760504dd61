// X-Request-Id: taken from the request when a trusted proxy (FORMSTEAD_TRUST_PROXY) sent a sane token,
// made here otherwise; answered on every response and written on every log line of the request.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A request id a proxy may hand on: letters, digits and . _ : - , at most this long. */
const REQUEST_ID_MAX = 128;
const SANE_ID = new RegExp(`^[A-Za-z0-9._:-]{1,${REQUEST_ID_MAX}}$`);

/** The request's id: the proxy's when trusted and sane, else a new UUID. */
export function requestId(req: IncomingMessage, trustedHops: number): string {
  const given = req.headers['x-request-id'];
  if (trustedHops > 0 && typeof given === 'string' && SANE_ID.test(given)) return given;
  return randomUUID();
}
