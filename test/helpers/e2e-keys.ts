// Key pairs for end-to-end encrypted forms, made in the test itself with WebCrypto (as the panel makes
// them in the browser), and a way to open the envelopes an export or a webhook carries.
import { decryptAnswer, type Envelope, importPrivateKey } from '../../shared/crypto/envelope.ts';

/** A fresh pair as JWKs: EC P-256 (ECDH) or RSA-OAEP-256 of `bits`. */
export async function e2eKeyPair(kind: 'EC' | 'RSA' = 'EC', bits = 2048) {
  const made =
    kind === 'EC'
      ? await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])
      : await crypto.subtle.generateKey(
          { name: 'RSA-OAEP', modulusLength: bits, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
          true,
          ['wrapKey', 'unwrapKey'],
        );
  const { publicKey, privateKey } = made as CryptoKeyPair;
  return {
    publicJwk: await crypto.subtle.exportKey('jwk', publicKey),
    privateJwk: await crypto.subtle.exportKey('jwk', privateKey),
  };
}

/** The values inside an envelope of form `formId`. */
export async function openEnvelope(envelope: Envelope, privateJwk: JsonWebKey, formId: string) {
  return (await decryptAnswer(envelope, await importPrivateKey(privateJwk), formId)).values;
}
