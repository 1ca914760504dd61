// A new key pair for an encrypted form, made where the owner is (the panel's browser; Node in tests): the public
// JWK for the `encryption` setting and the private JWK for the owner alone (a file, or wrapped by a passphrase).
import { keyId, publicMembers } from './public-key.ts';

/** The kinds of key the panel makes: ECDH P-256 (small and fast, the default) or RSA-OAEP-256. */
export type KeyKind = 'ECDH' | 'RSA';

/** The modulus of an RSA key the panel makes, in bits (NIST SP 800-57: 3072 bits past 2030). */
export const MADE_RSA_BITS = 3072;

/** A key pair as JWKs, with the key id both sides compute. */
export interface MadeKeyPair {
  publicJwk: JsonWebKey;
  privateJwk: JsonWebKey;
  keyId: string;
}

/** Makes a key pair of `kind`; the private JWK carries the key id as `kid` so a file says which form key it is. */
export async function makeKeyPair(kind: KeyKind = 'ECDH'): Promise<MadeKeyPair> {
  const pair = (
    kind === 'ECDH'
      ? await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])
      : await crypto.subtle.generateKey(
          {
            name: 'RSA-OAEP',
            modulusLength: MADE_RSA_BITS,
            publicExponent: new Uint8Array([1, 0, 1]),
            hash: 'SHA-256',
          },
          true,
          ['wrapKey', 'unwrapKey'],
        )
  ) as CryptoKeyPair;
  const publicJwk = publicMembers(await crypto.subtle.exportKey('jwk', pair.publicKey));
  const id = await keyId(publicJwk);
  const exported = await crypto.subtle.exportKey('jwk', pair.privateKey);
  // Only the key material and its id: no key_ops/ext that another tool could read as limits.
  const { key_ops: _ops, ext: _ext, alg: _alg, ...material } = exported;
  return { publicJwk, privateJwk: { ...material, kid: id } as JsonWebKey, keyId: id };
}

/** The key id of a private JWK (from its public members), to match it with the answers it opens. */
export const privateKeyId = (privateJwk: JsonWebKey) => keyId(publicMembers(privateJwk));
