// The owner's keys (shared/crypto/key-pair.ts, wrapped-key.ts) in Node's WebCrypto: a key pair made as the panel
// makes it opens answers encrypted for its public key, also after wrapping the private key with a passphrase and
// opening it again; a wrong passphrase, a changed wrapped key and a short passphrase are refused.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkPublicKey, decryptAnswer, encryptAnswer, importPrivateKey, keyId } from '../../shared/crypto/envelope.ts';
import { makeKeyPair, privateKeyId } from '../../shared/crypto/key-pair.ts';
import {
  PASSPHRASE_MIN_CHARS,
  passphraseProblem,
  unwrapPrivateKey,
  WRAP_ITERATIONS,
  wrapPrivateKey,
} from '../../shared/crypto/wrapped-key.ts';

const FORM = 'frm_wrapped_key';
const plain = { values: { name: 'Grace Hopper', motto: 'ship it ✓' } };
const PASSPHRASE = 'correct horse battery staple';
// Fewer rounds where a test only checks the format (the iterations are read back from the blob either way).
const QUICK = 1000;

/** Runs `run` and checks it was refused with a message matching `pattern`. */
async function refuses(run: () => Promise<unknown>, pattern: RegExp) {
  const outcome = await run().then(
    () => null,
    (e: Error) => e.message,
  );
  assert.ok(outcome !== null, `expected a refusal matching ${pattern}`);
  assert.match(outcome as string, pattern);
}

const t = suite('owner keys: made, wrapped, opened');

for (const kind of ['ECDH', 'RSA'] as const) {
  t(`a ${kind} key pair opens what its public key sealed, directly and after a passphrase wrap`, async () => {
    const made = await makeKeyPair(kind);
    assert.is(checkPublicKey(made.publicJwk), null, 'the public key is one the setting takes');
    assert.not.ok('d' in made.publicJwk, 'no private member in the public key');
    assert.is(made.keyId, await keyId(made.publicJwk));
    assert.is(await privateKeyId(made.privateJwk), made.keyId, 'the private key names the same key id');
    const envelope = await encryptAnswer(plain, made.publicJwk, FORM);
    assert.equal(await decryptAnswer(envelope, await importPrivateKey(made.privateJwk), FORM), plain);

    const wrapped = await wrapPrivateKey(made.privateJwk, PASSPHRASE, QUICK);
    assert.not.ok(JSON.stringify(wrapped).includes(made.privateJwk.d as string), 'the private key is not in it');
    const opened = await unwrapPrivateKey(wrapped, PASSPHRASE);
    assert.equal(await decryptAnswer(envelope, await importPrivateKey(opened), FORM), plain);
  });
}

t('a new wrap uses the contract format and at least 310,000 PBKDF2 rounds', async () => {
  assert.ok(WRAP_ITERATIONS >= 310_000);
  const made = await makeKeyPair();
  const wrapped = await wrapPrivateKey(made.privateJwk, PASSPHRASE);
  assert.equal(Object.keys(wrapped).sort(), ['ciphertext', 'iterations', 'iv', 'kdf', 'salt']);
  assert.is(wrapped.kdf, 'PBKDF2-SHA256');
  assert.is(wrapped.iterations, WRAP_ITERATIONS);
  for (const m of ['salt', 'iv', 'ciphertext'] as const) assert.match(wrapped[m], /^[A-Za-z0-9_-]+$/);
  const again = await wrapPrivateKey(made.privateJwk, PASSPHRASE, QUICK);
  assert.is.not(again.salt, wrapped.salt, 'a fresh salt each time');
});

t('a wrong passphrase and a changed wrapped key are refused', async () => {
  const made = await makeKeyPair();
  const wrapped = await wrapPrivateKey(made.privateJwk, PASSPHRASE, QUICK);
  await refuses(() => unwrapPrivateKey(wrapped, `${PASSPHRASE}!`), /wrong passphrase/);
  // The first character: all six of its bits are data (the last one's low bits may be padding).
  const first = wrapped.ciphertext[0] === 'A' ? 'B' : 'A';
  const changed = { ...wrapped, ciphertext: first + wrapped.ciphertext.slice(1) };
  await refuses(() => unwrapPrivateKey(changed, PASSPHRASE), /wrong passphrase/);
  await refuses(() => unwrapPrivateKey({ ...wrapped, salt: '!' }, PASSPHRASE), /damaged/);
});

t(`a passphrase needs ${PASSPHRASE_MIN_CHARS} characters (at and past the edge)`, () => {
  assert.is(passphraseProblem('x'.repeat(PASSPHRASE_MIN_CHARS)), null);
  assert.match(passphraseProblem('x'.repeat(PASSPHRASE_MIN_CHARS - 1)) ?? '', /at least 12 characters/);
  // Characters, not UTF-16 units: 11 emoji are 22 units and still too short.
  assert.ok(passphraseProblem('🔑'.repeat(PASSPHRASE_MIN_CHARS - 1)));
});

t.run();
