// The envelope v1 a page posts for an encrypted form: its type and the checks the server (and the CLI)
// can make without the private key. Each problem names the member, under "encrypted.".
import { fromBase64url } from './base64url.ts';
import { KEY_ID_LENGTH, P256_COORDINATE_BYTES, RSA_MAX_BITS, RSA_MIN_BITS } from './public-key.ts';

/** What the page would have posted in the clear; the envelope's ciphertext holds its UTF-8 JSON. */
export interface EncryptedPayload {
  values: Record<string, unknown>;
  skippedSteps?: readonly string[];
}

/** How the per-answer content key is wrapped. */
export type EnvelopeAlg = 'ECDH-ES+A256KW' | 'RSA-OAEP-256';

/** One encrypted answer (every binary member base64url without padding). */
export interface Envelope {
  v: 1;
  alg: EnvelopeAlg;
  kid: string;
  epk?: { kty: 'EC'; crv: 'P-256'; x: string; y: string };
  wrapped_key: string;
  iv: string;
  ciphertext: string;
}

/** Bytes of the AES-GCM nonce. */
export const ENVELOPE_IV_BYTES = 12;
/** Bytes of the AES-GCM tag appended to the ciphertext: the smallest ciphertext there is. */
export const ENVELOPE_TAG_BYTES = 16;
/** Bytes of an AES-256 key wrapped with AES-KW (32 + the 8-byte integrity block). */
export const AES_KW_WRAPPED_BYTES = 40;

const MEMBERS = new Set(['v', 'alg', 'kid', 'epk', 'wrapped_key', 'iv', 'ciphertext']);
const KID = new RegExp(`^[A-Za-z0-9_-]{${KEY_ID_LENGTH}}$`);

/** The problems of a posted envelope ("encrypted.<member>: ..."); empty when its shape is right. */
export function envelopeProblems(value: unknown): string[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return ['encrypted: must be an envelope object'];
  const env = value as Record<string, unknown>;
  const out: string[] = [];
  const bytes = (member: string) => (typeof env[member] === 'string' ? fromBase64url(env[member] as string) : null);
  for (const member of Object.keys(env)) if (!MEMBERS.has(member)) out.push(`encrypted.${member}: unknown member`);
  if (env.v !== 1) out.push('encrypted.v: must be 1');
  if (env.alg !== 'ECDH-ES+A256KW' && env.alg !== 'RSA-OAEP-256')
    out.push('encrypted.alg: must be "ECDH-ES+A256KW" or "RSA-OAEP-256"');
  if (typeof env.kid !== 'string' || !KID.test(env.kid))
    out.push(`encrypted.kid: must be a key id of ${KEY_ID_LENGTH} base64url characters`);
  const iv = bytes('iv');
  if (!iv || iv.length !== ENVELOPE_IV_BYTES) out.push(`encrypted.iv: must be ${ENVELOPE_IV_BYTES} bytes in base64url`);
  const ciphertext = bytes('ciphertext');
  if (!ciphertext || ciphertext.length < ENVELOPE_TAG_BYTES)
    out.push(`encrypted.ciphertext: must be at least ${ENVELOPE_TAG_BYTES} bytes in base64url`);
  const wrapped = bytes('wrapped_key');
  if (env.alg === 'ECDH-ES+A256KW') {
    if (!wrapped || wrapped.length !== AES_KW_WRAPPED_BYTES)
      out.push(`encrypted.wrapped_key: must be ${AES_KW_WRAPPED_BYTES} bytes in base64url`);
    out.push(...epkProblems(env.epk));
  } else if (env.alg === 'RSA-OAEP-256') {
    if (!wrapped || wrapped.length < RSA_MIN_BITS / 8 || wrapped.length > RSA_MAX_BITS / 8)
      out.push(`encrypted.wrapped_key: must be ${RSA_MIN_BITS / 8} to ${RSA_MAX_BITS / 8} bytes in base64url`);
    if (env.epk !== undefined) out.push('encrypted.epk: only for "ECDH-ES+A256KW"');
  }
  return out;
}

function epkProblems(epk: unknown): string[] {
  if (!epk || typeof epk !== 'object' || Array.isArray(epk))
    return ['encrypted.epk: must be the ephemeral EC P-256 public key'];
  const key = epk as Record<string, unknown>;
  const out: string[] = [];
  for (const member of Object.keys(key))
    if (!['kty', 'crv', 'x', 'y'].includes(member)) out.push(`encrypted.epk.${member}: unknown member`);
  if (key.kty !== 'EC') out.push('encrypted.epk.kty: must be "EC"');
  if (key.crv !== 'P-256') out.push('encrypted.epk.crv: must be "P-256"');
  for (const m of ['x', 'y']) {
    const b = typeof key[m] === 'string' ? fromBase64url(key[m] as string) : null;
    if (!b || b.length !== P256_COORDINATE_BYTES)
      out.push(`encrypted.epk.${m}: must be ${P256_COORDINATE_BYTES} bytes in base64url`);
  }
  return out;
}

/**
 * The envelope when a stored answer's values are an encrypted answer (`{"encrypted": {v: 1, ...}}`),
 * else undefined. A plaintext answer never matches: the engine keeps no number `v` in a field's value.
 */
export function storedEnvelope(values: unknown): Envelope | undefined {
  if (!values || typeof values !== 'object') return undefined;
  const inner = (values as { encrypted?: unknown }).encrypted;
  if (!inner || typeof inner !== 'object' || (inner as { v?: unknown }).v !== 1) return undefined;
  // Counted last: every stored answer is asked (the server's afterStore), and a plaintext one is answered above
  // without a list of its keys (~0.9 µs of a 20-field submission under load, docs/performance.md "session 6").
  return Object.keys(values).length === 1 ? (inner as Envelope) : undefined;
}
