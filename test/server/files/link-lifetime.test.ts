// Signed file links live 7 days at most (security review "Who gets in", finding 2): a signature that
// expires further ahead was never made by Formstead, even when it is computed with the instance secret.
import { createHmac } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SIGNED_LINK_TTL_MS, signedQuery, validSignature } from '../../../server/core/files/file-links.ts';

const secret = 'instance-secret-for-this-test';
const fileId = 'f_0123456789abcdef';
const now = Date.UTC(2026, 10, 26, 12, 0, 0);
/** A signature as someone holding the instance secret could make it, for any expiry (seconds). */
const forged = (expires: number) =>
  createHmac('sha256', `files:${secret}`).update(`${fileId}.${expires}`).digest('hex');
const check = (expires: number, at = now) => validSignature(secret, fileId, String(expires), forged(expires), at);

const lifetime = suite('signed link lifetime');

lifetime('a link made now works, and is the same signature the forger computes', () => {
  const q = new URLSearchParams(signedQuery(secret, fileId, now));
  assert.is(q.get('sig'), forged(Number(q.get('expires'))));
  assert.ok(validSignature(secret, fileId, q.get('expires'), q.get('sig'), now));
});

lifetime('at the edge: expiring exactly 7 days ahead works; one second more is refused', () => {
  const edge = (now + SIGNED_LINK_TTL_MS) / 1000;
  assert.ok(check(edge));
  assert.not.ok(check(edge + 1));
});

lifetime('a link forged with the secret and a far-future expiry is refused', () => {
  assert.not.ok(check(Date.UTC(2100, 0, 1) / 1000));
  assert.not.ok(check(999_999_999_999));
});

lifetime('a link past its expiry is refused; a day before it, it works', () => {
  const expires = now / 1000 + 3600;
  assert.ok(check(expires, now + 3600_000 - 24 * 3600_000));
  assert.not.ok(check(expires, now + 3600_000 + 1000));
});

lifetime.run();
