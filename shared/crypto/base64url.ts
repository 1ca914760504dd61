// base64url without padding (RFC 4648 §5), written over btoa/atob so the same code runs in Node and in
// the page without Buffer.

/** The bytes as base64url without padding. */
export function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** The bytes of a base64url text without padding, or null when it is not one. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  // A length of 1 mod 4 cannot come from any bytes.
  if (typeof text !== 'string' || !BASE64URL.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
