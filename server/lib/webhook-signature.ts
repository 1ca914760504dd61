// Webhook secrets and the Service-Signature header of spec 6.4, which receivers use to know a request
// came from us and was not replayed later.
import { createHmac, randomBytes } from 'node:crypto';

/** Prefix of every webhook secret; it is part of the HMAC key too. */
export const SECRET_PREFIX = 'whsec_';

/** The Service-Signature value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export function signatureHeader(secret: string, rawBody: string, unixSeconds: number): string {
  // A fractional or negative t would sign fine but fail every receiver's parse or 5-minute window.
  if (!Number.isSafeInteger(unixSeconds) || unixSeconds < 0)
    throw new RangeError('unixSeconds must be a non-negative integer');
  // The key is the whole secret string, prefix included, exactly as spec 6.4 tells receivers.
  const hex = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`, 'utf8').digest('hex');
  return `t=${unixSeconds},v1=${hex}`;
}

/** A new secret: `whsec_` and 64 lowercase hex characters (256 bits from the OS random source). */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('hex');
}

/** The secret as lists and logs may show it: `whsec_…` and its last 4 characters. */
export function maskSecret(secret: string): string {
  // Four hex characters (16 bits) tell two secrets apart for a human without helping a guesser;
  // a string too short to hide anything shows no characters at all.
  const tail = secret.length >= SECRET_PREFIX.length + 8 ? secret.slice(-4) : '';
  return `${SECRET_PREFIX}\u2026${tail}`;
}
