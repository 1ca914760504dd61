// Signed download links for webhook receivers (ARCHITECTURE.md "Files"): `?expires=<unix s>&sig=<hex>`,
// the HMAC-SHA256 of "<file id>.<expires>" keyed with the instance secret. Valid 7 days, long enough
// for the 22 hours of webhook retries and a receiver's own queue.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a signed link works. */
export const SIGNED_LINK_TTL_MS = 7 * 24 * 3600_000;

const mac = (secret: string, fileId: string, expires: number) =>
  createHmac('sha256', `files:${secret}`).update(`${fileId}.${expires}`).digest('hex');

/** The query string (without `?`) that lets anyone holding it download one file until it expires. */
export function signedQuery(secret: string, fileId: string, nowMs = Date.now()): string {
  const expires = Math.floor((nowMs + SIGNED_LINK_TTL_MS) / 1000);
  return `expires=${expires}&sig=${mac(secret, fileId, expires)}`;
}

/**
 * Whether `expires`/`sig` from a query are a valid signature for this file, expiring within the next 7 days
 * (constant-time compare).
 */
export function validSignature(
  secret: string,
  fileId: string,
  expires: string | null,
  sig: string | null,
  nowMs = Date.now(),
): boolean {
  if (!expires || !sig || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(sig)) return false;
  const at = Number(expires);
  if (at * 1000 < nowMs) return false;
  // No link lives longer than the 7 days one is made for: a signature further ahead was not made by
  // signedQuery (someone who held the instance secret forged it), and is refused like any bad one.
  if (at * 1000 > nowMs + SIGNED_LINK_TTL_MS) return false;
  return timingSafeEqual(Buffer.from(mac(secret, fileId, at), 'hex'), Buffer.from(sig, 'hex'));
}
