// End-to-end encryption of one answer (envelope v1): a fresh AES-256-GCM key per answer, wrapped for the
// form's public key with ECDH-ES (P-256, HKDF-SHA-256, AES-KW) or RSA-OAEP-256; the form id is the
// AES-GCM additional data so an envelope cannot be moved to another form. WebCrypto only: the same module
// runs in the page, the panel, the server's checks and `formstead decrypt`.
import { fromBase64url, toBase64url } from './base64url.ts';
import type { EncryptedPayload, Envelope } from './envelope-shape.ts';
import { envelopeProblems } from './envelope-shape.ts';
import { importPublicKey, keyId } from './public-key.ts';

export type { EncryptedPayload, Envelope, EnvelopeAlg } from './envelope-shape.ts';
export { envelopeProblems } from './envelope-shape.ts';
export { checkPublicKey, importPrivateKey, importPublicKey, keyId, publicMembers } from './public-key.ts';

/** The label binding keys and ciphertext to this scheme (HKDF info, and the start of the additional data). */
export const ENVELOPE_LABEL = 'formstead-e2e-v1';

const utf8 = new TextEncoder();

function additionalData(formId: string): Uint8Array<ArrayBuffer> {
  return utf8.encode(`${ENVELOPE_LABEL}:${formId}`);
}

/** The AES-KW key both sides derive from an ECDH shared secret. */
async function kekFromEcdh(privateKey: CryptoKey, publicKey: CryptoKey, usage: KeyUsage): Promise<CryptoKey> {
  const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: publicKey }, privateKey, 256);
  const hkdf = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: utf8.encode(ENVELOPE_LABEL) },
    hkdf,
    { name: 'AES-KW', length: 256 },
    false,
    [usage],
  );
}

/** Encrypts what the page would have posted, for the form's public key; the form id is bound in. */
export async function encryptAnswer(plain: EncryptedPayload, publicJwk: JsonWebKey, formId: string): Promise<Envelope> {
  const recipient = await importPublicKey(publicJwk);
  const contentKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: additionalData(formId) },
    contentKey,
    utf8.encode(JSON.stringify(plain)),
  );
  const kid = await keyId(publicJwk);
  const common = { iv: toBase64url(iv), ciphertext: toBase64url(new Uint8Array(sealed)) };
  if (publicJwk.kty === 'RSA') {
    const wrapped = await crypto.subtle.wrapKey('raw', contentKey, recipient, { name: 'RSA-OAEP' });
    return { v: 1, alg: 'RSA-OAEP-256', kid, wrapped_key: toBase64url(new Uint8Array(wrapped)), ...common };
  }
  const ephemeral = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const kek = await kekFromEcdh(ephemeral.privateKey, recipient, 'wrapKey');
  const wrapped = await crypto.subtle.wrapKey('raw', contentKey, kek, 'AES-KW');
  const epk = await crypto.subtle.exportKey('jwk', ephemeral.publicKey);
  return {
    v: 1,
    alg: 'ECDH-ES+A256KW',
    kid,
    epk: { kty: 'EC', crv: 'P-256', x: epk.x as string, y: epk.y as string },
    wrapped_key: toBase64url(new Uint8Array(wrapped)),
    ...common,
  };
}

/** Opens an envelope with the owner's private key (importPrivateKey); throws when it was not made for this
 * key and form or was changed. */
export async function decryptAnswer(
  envelope: Envelope,
  privateKey: CryptoKey,
  formId: string,
): Promise<EncryptedPayload> {
  const problems = envelopeProblems(envelope);
  if (problems.length > 0) throw new Error(`not an envelope: ${problems.join('; ')}`);
  const bytes = (text: string) => fromBase64url(text) as Uint8Array<ArrayBuffer>;
  let contentKey: CryptoKey;
  try {
    if (envelope.alg === 'RSA-OAEP-256') {
      if (privateKey.algorithm.name !== 'RSA-OAEP') throw new Error('wrong kind of key');
      contentKey = await crypto.subtle.unwrapKey(
        'raw',
        bytes(envelope.wrapped_key),
        privateKey,
        { name: 'RSA-OAEP' },
        'AES-GCM',
        false,
        ['decrypt'],
      );
    } else {
      if (privateKey.algorithm.name !== 'ECDH') throw new Error('wrong kind of key');
      const epk = await crypto.subtle.importKey(
        'jwk',
        envelope.epk as JsonWebKey,
        { name: 'ECDH', namedCurve: 'P-256' },
        false,
        [],
      );
      const kek = await kekFromEcdh(privateKey, epk, 'unwrapKey');
      contentKey = await crypto.subtle.unwrapKey('raw', bytes(envelope.wrapped_key), kek, 'AES-KW', 'AES-GCM', false, [
        'decrypt',
      ]);
    }
  } catch {
    throw new Error(`this key cannot open the answer (it was encrypted for key ${envelope.kid})`);
  }
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes(envelope.iv), additionalData: additionalData(formId) },
      contentKey,
      bytes(envelope.ciphertext),
    );
  } catch {
    throw new Error('the answer was changed, or it belongs to another form');
  }
  return JSON.parse(new TextDecoder().decode(plain)) as EncryptedPayload;
}
