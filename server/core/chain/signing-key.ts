// The instance's Ed25519 key that signs answer-chain heads: made once and kept in the store (meta
// `signing_key`, PKCS#8 PEM) like the instance secret, so every instance on one database signs alike and
// a signature made before a restart still checks against GET /v1/signing-key.
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import type { Store } from '../store/types.ts';
import { type HeadFields, type HeadLine, headPayload } from './export-lines.ts';

/** The meta key holding the private key. */
export const SIGNING_KEY_META = 'signing_key';

/** The public key as GET /v1/signing-key answers it. */
export interface PublicSigningKey {
  algorithm: 'Ed25519';
  /** The first 16 hex digits of SHA-256 over the key's DER (SPKI) bytes: names the key in exports. */
  key_id: string;
  /** SPKI PEM, what `formstead verify --public-key` reads (the JWK or this whole answer too). */
  public_key_pem: string;
  jwk: { kty: 'OKP'; crv: 'Ed25519'; x: string };
}

/** The key pair, loaded (or made) once. */
export class SigningKey {
  readonly public: PublicSigningKey;

  private constructor(private readonly privateKey: KeyObject) {
    const publicKey = createPublicKey(privateKey);
    const der = publicKey.export({ type: 'spki', format: 'der' });
    this.public = {
      algorithm: 'Ed25519',
      key_id: createHash('sha256').update(der).digest('hex').slice(0, 16),
      public_key_pem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      jwk: publicKey.export({ format: 'jwk' }) as PublicSigningKey['jwk'],
    };
  }

  /** The instance's key from the store, made and kept there the first time (one maker across instances). */
  static async load(store: Store): Promise<SigningKey> {
    let pem = '';
    await store.jobs.exclusive('signing-key', async () => {
      pem = (await store.meta.get(SIGNING_KEY_META)) ?? '';
      if (pem) return;
      pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      await store.meta.set(SIGNING_KEY_META, pem);
    });
    return new SigningKey(createPrivateKey(pem));
  }

  /** The head with its signature over canonical {count, form_id, hash, signed_at}. */
  sign(head: HeadFields): HeadLine {
    const signature = sign(null, headPayload(head), this.privateKey).toString('base64');
    return { kind: 'head', ...head, algorithm: 'Ed25519', key_id: this.public.key_id, signature };
  }
}
