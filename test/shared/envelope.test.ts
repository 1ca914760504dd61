// The envelope (shared/crypto/envelope.ts) in Node's WebCrypto: both algorithms round-trip, and a changed
// ciphertext, another form's id or another key is refused; the shape checks name each member.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toBase64url } from '../../shared/crypto/base64url.ts';
import { storedEnvelope } from '../../shared/crypto/envelope-shape.ts';
import {
  checkPublicKey,
  decryptAnswer,
  type Envelope,
  encryptAnswer,
  envelopeProblems,
  importPrivateKey,
  keyId,
} from '../../shared/crypto/envelope.ts';

const FORM = 'frm_e2e_test';
const plain = { values: { name: 'Ada Lovelace', note: 'ünïcode ✓', count: 3, tags: ['a', 'b'] }, skippedSteps: ['s2'] };

async function pair(kind: 'EC' | 'RSA', bits = 2048) {
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

/** Flips one bit of a base64url member. */
function flip(text: string): string {
  const bytes = Uint8Array.from(
    atob(text.replace(/-/g, '+').replace(/_/g, '/') + '=='.slice(0, (4 - (text.length % 4)) % 4)),
    (c) => c.charCodeAt(0),
  );
  bytes[bytes.length - 1] ^= 1;
  return toBase64url(bytes);
}

/** Asserts that the promise rejects with a message matching the pattern. */
async function refuses(run: () => Promise<unknown>, pattern: RegExp) {
  const outcome = await run().then(
    () => null,
    (e: Error) => e.message,
  );
  assert.ok(outcome !== null, `expected a refusal matching ${pattern}`);
  assert.match(outcome as string, pattern);
}

const roundTrip = suite('envelope: round trip and refusals');

for (const kind of ['EC', 'RSA'] as const) {
  roundTrip(`${kind}: encrypts, opens, and refuses a changed ciphertext, another form and another key`, async () => {
    const { publicJwk, privateJwk } = await pair(kind);
    const envelope = await encryptAnswer(plain, publicJwk, FORM);
    assert.is(envelope.alg, kind === 'EC' ? 'ECDH-ES+A256KW' : 'RSA-OAEP-256');
    assert.is(envelope.kid, await keyId(publicJwk));
    assert.equal(envelopeProblems(envelope), []);
    assert.not.ok(JSON.stringify(envelope).includes('Ada'), 'no value in the clear');
    const key = await importPrivateKey(privateJwk);
    assert.equal(await decryptAnswer(envelope, key, FORM), plain);

    await refuses(() => decryptAnswer({ ...envelope, ciphertext: flip(envelope.ciphertext) }, key, FORM), /changed/);
    await refuses(() => decryptAnswer({ ...envelope, iv: flip(envelope.iv) }, key, FORM), /changed/);
    await refuses(() => decryptAnswer(envelope, key, 'frm_other'), /another form/);
    const other = await importPrivateKey((await pair(kind)).privateJwk);
    await refuses(() => decryptAnswer(envelope, other, FORM), /cannot open/);
    const otherKind = await importPrivateKey((await pair(kind === 'EC' ? 'RSA' : 'EC')).privateJwk);
    await refuses(() => decryptAnswer(envelope, otherKind, FORM), /cannot open/);
    await refuses(
      () => decryptAnswer({ ...envelope, wrapped_key: flip(envelope.wrapped_key) }, key, FORM),
      /cannot open/,
    );
  });
}

roundTrip('two envelopes of the same answer share nothing but the key id', async () => {
  const { publicJwk } = await pair('EC');
  const a = await encryptAnswer(plain, publicJwk, FORM);
  const b = await encryptAnswer(plain, publicJwk, FORM);
  assert.is(a.kid, b.kid);
  assert.is.not(a.iv, b.iv);
  assert.is.not(a.ciphertext, b.ciphertext);
  assert.is.not(a.wrapped_key, b.wrapped_key);
  assert.is.not(a.epk?.x, b.epk?.x);
});

const keys = suite('public keys and key ids');

keys('checkPublicKey: at and past each edge', async () => {
  const ec = (await pair('EC')).publicJwk;
  const rsa = (await pair('RSA')).publicJwk;
  assert.is(checkPublicKey(ec), null);
  assert.is(checkPublicKey(rsa), null);
  assert.match(checkPublicKey({ ...ec, d: 'x' }) ?? '', /private key/);
  assert.match(checkPublicKey({ ...ec, crv: 'P-384' }) ?? '', /P-256/);
  assert.match(checkPublicKey({ ...ec, x: (ec.x as string).slice(2) }) ?? '', /"x"/);
  assert.match(checkPublicKey({ ...rsa, e: 'AAEAAQ' }) ?? '', /65537/);
  assert.match(checkPublicKey({ kty: 'oct', k: 'abc' }) ?? '', /EC P-256 key .* or an RSA key/);
  assert.match(checkPublicKey('nope') ?? '', /JWK object/);
  // 2048 bits exactly passes (above); 2047 is refused.
  const n2047 = new Uint8Array(256);
  n2047[0] = 0x7f;
  n2047[255] = 1;
  assert.match(
    checkPublicKey({ kty: 'RSA', e: 'AQAB', n: toBase64url(n2047) }) ?? '',
    /at least 2048 bits \(this one has 2047\)/,
  );
  const n2048 = new Uint8Array(256);
  n2048[0] = 0x80;
  assert.is(checkPublicKey({ kty: 'RSA', e: 'AQAB', n: toBase64url(n2048) }), null);
});

keys('keyId: 22 characters over the identifying members only', async () => {
  const { publicJwk } = await pair('EC');
  const id = await keyId(publicJwk);
  assert.match(id, /^[A-Za-z0-9_-]{22}$/);
  assert.is(await keyId({ ...publicJwk, alg: 'ECDH-ES', key_ops: [], ext: true }), id);
  assert.is(await keyId({ y: publicJwk.y, x: publicJwk.x, kty: 'EC', crv: 'P-256' }), id);
  assert.is.not(await keyId((await pair('EC')).publicJwk), id);
});

const shape = suite('envelopeProblems');

shape('names each member that is wrong', async () => {
  const { publicJwk } = await pair('EC');
  const good = await encryptAnswer(plain, publicJwk, FORM);
  const rows: [unknown, string][] = [
    [null, 'encrypted: must be an envelope object'],
    [{ ...good, v: 2 }, 'encrypted.v: must be 1'],
    [{ ...good, alg: 'A128KW' }, 'encrypted.alg: must be'],
    [{ ...good, kid: 'short' }, 'encrypted.kid: must be'],
    [{ ...good, iv: good.iv.slice(4) }, 'encrypted.iv: must be 12 bytes'],
    [{ ...good, ciphertext: 'AAAA' }, 'encrypted.ciphertext: must be at least 16 bytes'],
    [{ ...good, ciphertext: 'not base64!' }, 'encrypted.ciphertext: must be'],
    [{ ...good, wrapped_key: good.wrapped_key.slice(4) }, 'encrypted.wrapped_key: must be 40 bytes'],
    [{ ...good, epk: undefined }, 'encrypted.epk: must be the ephemeral'],
    [{ ...good, epk: { ...good.epk, crv: 'P-521' } }, 'encrypted.epk.crv: must be "P-256"'],
    [{ ...good, values: { a: 1 } }, 'encrypted.values: unknown member'],
    [{ ...good, alg: 'RSA-OAEP-256' }, 'encrypted.epk: only for "ECDH-ES+A256KW"'],
  ];
  for (const [value, expected] of rows) {
    const problems = envelopeProblems(value as Envelope);
    assert.ok(
      problems.some((p) => p.startsWith(expected)),
      `${expected} in ${JSON.stringify(problems)}`,
    );
  }
});

const stored = suite('storedEnvelope: which stored values are an encrypted answer');

stored('only `{"encrypted": {v: 1, ...}}` and nothing beside it', () => {
  const envelope = { v: 1, alg: 'RSA-OAEP-256' };
  assert.is(storedEnvelope({ encrypted: envelope }), envelope);
  for (const values of [
    { encrypted: envelope, name: 'Ada' },
    { encrypted: { ...envelope, v: 2 } },
    { encrypted: 'text' },
    { encrypted: null },
    { name: 'Ada', email: 'ada@example.com' },
    {},
    null,
    'encrypted',
  ])
    assert.is(storedEnvelope(values), undefined, JSON.stringify(values));
});

roundTrip.run();
keys.run();
shape.run();
stored.run();
