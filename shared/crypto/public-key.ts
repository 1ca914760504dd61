// The form's public key: which JWKs are accepted, the key id both sides compute, and importing keys for
// WebCrypto. Only EC P-256 (ECDH) and RSA (RSA-OAEP-256, modulus >= 2048 bits, e = 65537) are taken.
import { fromBase64url, toBase64url } from './base64url.ts';

/** The smallest RSA modulus accepted, in bits (NIST SP 800-57: 2048 bits through 2030). */
export const RSA_MIN_BITS = 2048;
/** The largest RSA modulus accepted, in bits (a bigger one only makes every answer's envelope larger). */
export const RSA_MAX_BITS = 8192;
/** The length of a key id: 22 base64url characters are 132 bits of SHA-256. */
export const KEY_ID_LENGTH = 22;
/** Bytes of a P-256 coordinate. */
export const P256_COORDINATE_BYTES = 32;

/** The members of a public JWK that identify it, in sorted order (RFC 7638 style). */
const ID_MEMBERS = ['crv', 'e', 'kty', 'n', 'x', 'y'] as const;
/** Members only a private key has: a public key carrying them would leak the private key. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth'] as const;

/** A problem with a JWK offered as a form's public key, or null when it is usable. */
export function checkPublicKey(jwk: unknown): string | null {
  if (!jwk || typeof jwk !== 'object' || Array.isArray(jwk)) return 'must be a JWK object';
  const key = jwk as Record<string, unknown>;
  for (const m of PRIVATE_MEMBERS) if (m in key) return `is a private key (has "${m}"): give the public key only`;
  if (key.kty === 'EC') {
    if (key.crv !== 'P-256') return 'an EC key must use the curve P-256';
    for (const m of ['x', 'y'] as const) {
      const bytes = typeof key[m] === 'string' ? fromBase64url(key[m] as string) : null;
      if (!bytes || bytes.length !== P256_COORDINATE_BYTES)
        return `"${m}" must be ${P256_COORDINATE_BYTES} bytes in base64url`;
    }
    return null;
  }
  if (key.kty === 'RSA') {
    if (key.e !== 'AQAB') return 'an RSA key must use the exponent 65537 ("AQAB")';
    const n = typeof key.n === 'string' ? fromBase64url(key.n) : null;
    if (!n || n.length === 0 || n[0] === 0) return '"n" must be the modulus in base64url';
    const bits = (n.length - 1) * 8 + (32 - Math.clz32(n[0]));
    if (bits < RSA_MIN_BITS) return `an RSA modulus must have at least ${RSA_MIN_BITS} bits (this one has ${bits})`;
    if (bits > RSA_MAX_BITS) return `an RSA modulus may have at most ${RSA_MAX_BITS} bits (this one has ${bits})`;
    return null;
  }
  return 'must be an EC P-256 key (ECDH) or an RSA key (RSA-OAEP)';
}

/** The key's identifying members only, for storing and publishing (drops alg, use, key_ops, ext, kid). */
export function publicMembers(jwk: JsonWebKey): JsonWebKey {
  const out: Record<string, unknown> = {};
  for (const m of ID_MEMBERS)
    if ((jwk as Record<string, unknown>)[m] !== undefined) out[m] = (jwk as Record<string, unknown>)[m];
  return out as JsonWebKey;
}

/** The key id: base64url of SHA-256 over the sorted JSON of the identifying members, first 22 characters. */
export async function keyId(publicJwk: JsonWebKey): Promise<string> {
  const text = JSON.stringify(publicMembers(publicJwk));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return toBase64url(new Uint8Array(digest)).slice(0, KEY_ID_LENGTH);
}

/** Imports a form's public key for wrapping (ECDH for EC keys, RSA-OAEP-256 for RSA keys); throws on a bad key. */
export async function importPublicKey(jwk: JsonWebKey): Promise<CryptoKey> {
  const problem = checkPublicKey(jwk);
  if (problem) throw new Error(`public key ${problem}`);
  const members = publicMembers(jwk);
  if (jwk.kty === 'EC') return crypto.subtle.importKey('jwk', members, { name: 'ECDH', namedCurve: 'P-256' }, true, []);
  return crypto.subtle.importKey('jwk', members, { name: 'RSA-OAEP', hash: 'SHA-256' }, true, ['wrapKey']);
}

/** Imports the owner's private JWK for opening envelopes (ECDH deriveBits, or RSA-OAEP-256 unwrapKey). */
export async function importPrivateKey(jwk: JsonWebKey): Promise<CryptoKey> {
  if (!jwk || typeof jwk !== 'object' || typeof jwk.d !== 'string')
    throw new Error('the private key file is not a private JWK');
  // Only the key material: a stray "alg", "use" or "key_ops" from another tool would make the import fail.
  const material: Record<string, unknown> = {};
  for (const m of [...ID_MEMBERS, ...PRIVATE_MEMBERS])
    if ((jwk as Record<string, unknown>)[m] !== undefined) material[m] = (jwk as Record<string, unknown>)[m];
  if (jwk.kty === 'EC' && jwk.crv === 'P-256')
    return crypto.subtle.importKey('jwk', material, { name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
  if (jwk.kty === 'RSA')
    return crypto.subtle.importKey('jwk', material, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['unwrapKey']);
  throw new Error('the private key must be an EC P-256 or an RSA key');
}
