// Key pairs for end-to-end encrypted forms, made in the test itself with WebCrypto (as the panel makes
// them in the browser), and a way to open the envelopes an export or a webhook carries.
import { spawn } from 'node:child_process';
import { decryptAnswer, type Envelope, importPrivateKey } from '../../shared/crypto/envelope.ts';
import { bundlePath } from './server.ts';

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

/**
 * `formstead decrypt …`, with `input` on standard input. Asynchronous: a blocked event loop would leave the
 * test's idle keep-alive sockets to the server unread, and the next request could take one it had closed.
 */
export function runDecrypt(args: string[], input = ''): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bundlePath, 'decrypt', ...args]);
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.on('close', (code) => resolve({ code, out, err: err.trim() }));
    child.stdin.end(input);
  });
}
