// Webhook secrets and the Service-Signature header of spec 6.4, which receivers use to know a request
// came from us and was not replayed later.
import { createHmac, randomBytes } from 'node:crypto';

/** Prefix of every webhook secret; it is part of the HMAC key too. */
export const SECRET_PREFIX = 'whsec_';

/**
 * The Service-Signature value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, with one `v1=`
 * per secret (during a rotation's overlap, the new secret's first), as Stripe's receivers expect.
 */
export function signatureHeader(secrets: string | string[], rawBody: string, unixSeconds: number): string {
  checkSeconds(unixSeconds);
  // The key is the whole secret string, prefix included, exactly as spec 6.4 tells receivers.
  const v1 = [secrets]
    .flat()
    .map((secret) => `,v1=${createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`, 'utf8').digest('hex')}`);
  return `t=${unixSeconds}${v1.join('')}`;
}

/**
 * The Standard Webhooks `webhook-signature` value: `v1,<base64 HMAC-SHA256 of "<id>.<t>.<raw body>">` per
 * secret, space-separated. Its key is the secret's text after `whsec_` read as base64, as the
 * standard says: our secrets' 64 hex characters are valid base64 (48 bytes), so every secret ever made
 * works unchanged with both schemes (docs/decisions.md).
 */
export function standardSignature(secrets: string | string[], id: string, unixSeconds: number, rawBody: string) {
  checkSeconds(unixSeconds);
  return [secrets]
    .flat()
    .map((secret) => {
      const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
      return `v1,${createHmac('sha256', key).update(`${id}.${unixSeconds}.${rawBody}`, 'utf8').digest('base64')}`;
    })
    .join(' ');
}

/** A fractional or negative t would sign fine but fail every receiver's parse or 5-minute window. */
function checkSeconds(unixSeconds: number) {
  if (!Number.isSafeInteger(unixSeconds) || unixSeconds < 0)
    throw new RangeError('unixSeconds must be a non-negative integer');
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
