import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHmac } from 'node:crypto';
import { maskSecret, newWebhookSecret, signatureHeader } from '../../../server/lib/webhook-signature.ts';

const SECRET = `whsec_${'0123456789abcdef'.repeat(4)}`;

const sign = suite('webhook-signature: signatureHeader');

sign('has the form t=<unix seconds>,v1=<64 lowercase hex>', () => {
  assert.match(signatureHeader(SECRET, '{}', 1_700_000_000), /^t=1700000000,v1=[0-9a-f]{64}$/);
});

sign('is the HMAC-SHA256 of "<t>.<raw body>" keyed by the whole secret, prefix included', () => {
  const body = '{"type":"submission.created","values":{"name":"Zoë"}}';
  const expected = createHmac('sha256', SECRET).update(`1700000000.${body}`).digest('hex');
  assert.is(signatureHeader(SECRET, body, 1_700_000_000), `t=1700000000,v1=${expected}`);
  const withoutPrefix = createHmac('sha256', SECRET.slice('whsec_'.length)).update(`1700000000.${body}`).digest('hex');
  assert.is.not(signatureHeader(SECRET, body, 1_700_000_000), `t=1700000000,v1=${withoutPrefix}`);
});

sign('matches a fixed vector (guards against a silent change of the scheme)', () => {
  assert.is(
    signatureHeader('whsec_test', 'hello', 1),
    `t=1,v1=${createHmac('sha256', 'whsec_test').update('1.hello').digest('hex')}`,
  );
});

sign('changes with the body, the time and the secret', () => {
  const base = signatureHeader(SECRET, '{"a":1}', 100);
  assert.is.not(signatureHeader(SECRET, '{"a":2}', 100), base);
  assert.is.not(signatureHeader(SECRET, '{"a":1} ', 100), base);
  assert.is.not(signatureHeader(SECRET, '{"a":1}', 101), base);
  assert.is.not(signatureHeader(`${SECRET.slice(0, -1)}0`, '{"a":1}', 100), base);
});

sign('refuses a time that is not a non-negative integer of seconds', () => {
  for (const t of [1.5, -1, Number.NaN, Number.POSITIVE_INFINITY, Date.now() * 1000 * 1000]) {
    assert.throws(() => signatureHeader(SECRET, '{}', t), RangeError, String(t));
  }
});

const secrets = suite('webhook-signature: newWebhookSecret');

secrets('is whsec_ and 64 lowercase hex characters', () => {
  assert.match(newWebhookSecret(), /^whsec_[0-9a-f]{64}$/);
});

secrets('differs every time', () => {
  const seen = new Set(Array.from({ length: 100 }, () => newWebhookSecret()));
  assert.is(seen.size, 100);
});

const mask = suite('webhook-signature: maskSecret');

mask('shows the prefix, one ellipsis character and the last 4 characters', () => {
  assert.is(maskSecret(SECRET), 'whsec_\u2026cdef');
  assert.is([...maskSecret(SECRET)].length, 'whsec_'.length + 1 + 4);
});

mask('hides everything of a string too short to be a real secret', () => {
  assert.is(maskSecret('whsec_ab'), 'whsec_\u2026');
  assert.is(maskSecret(''), 'whsec_\u2026');
});

sign.run();
secrets.run();
mask.run();
