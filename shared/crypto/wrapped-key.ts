// The owner's private key kept on the server only wrapped by a passphrase (W35-E2E-CONTRACT.md,
// `wrapped_private_key`): PBKDF2-SHA256 turns the passphrase into an AES-256-GCM key that seals the private
// JWK's JSON. Wrapping and opening happen in the owner's browser (or `formstead decrypt`); the passphrase and
// the private key in the clear never reach the server. WebCrypto only, as envelope.ts.
import { fromBase64url, toBase64url } from './base64url.ts';

/** The passphrase-wrapped private key, as the `encryption` setting keeps it. */
export interface WrappedPrivateKey {
  kdf: 'PBKDF2-SHA256';
  iterations: number;
  salt: string;
  iv: string;
  ciphertext: string;
}

/** PBKDF2 rounds for a new wrap: OWASP's 2023 figure for PBKDF2-HMAC-SHA256 (the setting takes >= 310,000). */
export const WRAP_ITERATIONS = 600_000;
/** The shortest passphrase the panel takes: the server never sees it, so nothing else guards a weak one. */
export const PASSPHRASE_MIN_CHARS = 12;
/** Bytes of the random PBKDF2 salt. */
const SALT_BYTES = 16;
/** Bytes of the AES-GCM nonce. */
const IV_BYTES = 12;

const utf8 = new TextEncoder();

/** Why a passphrase will not do, or null. */
export function passphraseProblem(passphrase: string): string | null {
  if ([...passphrase].length < PASSPHRASE_MIN_CHARS)
    return `Use at least ${PASSPHRASE_MIN_CHARS} characters (a few words you will remember are best).`;
  return null;
}

async function passphraseKey(passphrase: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const base = await crypto.subtle.importKey('raw', utf8.encode(passphrase.normalize('NFC')), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** Seals the private JWK with the passphrase (a fresh salt and nonce each time). */
export async function wrapPrivateKey(
  privateJwk: JsonWebKey,
  passphrase: string,
  iterations = WRAP_ITERATIONS,
): Promise<WrappedPrivateKey> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const key = await passphraseKey(passphrase, salt, iterations);
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, utf8.encode(JSON.stringify(privateJwk)));
  return {
    kdf: 'PBKDF2-SHA256',
    iterations,
    salt: toBase64url(salt),
    iv: toBase64url(iv),
    ciphertext: toBase64url(new Uint8Array(sealed)),
  };
}

/** The private JWK inside a wrapped key; throws "wrong passphrase" when the passphrase does not open it. */
export async function unwrapPrivateKey(wrapped: WrappedPrivateKey, passphrase: string): Promise<JsonWebKey> {
  const salt = fromBase64url(wrapped.salt);
  const iv = fromBase64url(wrapped.iv);
  const ciphertext = fromBase64url(wrapped.ciphertext);
  if (wrapped.kdf !== 'PBKDF2-SHA256' || !salt || !iv || !ciphertext || !(wrapped.iterations > 0))
    throw new Error('the wrapped key is damaged');
  const key = await passphraseKey(passphrase, salt, wrapped.iterations);
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, ciphertext);
  } catch {
    throw new Error('wrong passphrase');
  }
  return JSON.parse(new TextDecoder().decode(plain)) as JsonWebKey;
}
