// The unclaimed-form rules, one row each (ARCHITECTURE.md "Forms, versions, claims"): what a form
// published without an account key may not do until it is claimed, read from the one module services ask.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  acceptsFiles,
  deliversWebhooks,
  expiryOf,
  followsRedirect,
  hasExpired,
  isClaimed,
  sendsMail,
  submissionCap,
  UNCLAIMED_SUBMISSION_CAP,
} from '../../../server/core/unclaimed.ts';

const unclaimed = { workspaceId: null, expiresAt: '2026-12-01T00:00:00.000Z' };
const claimed = { workspaceId: 'ws-1', expiresAt: '2026-12-01T00:00:00.000Z' };

const rules = suite('unclaimed-form rules');

rules('claimed forms: no cap (the monthly quota applies), never expire, mail, webhooks, files and redirects', () => {
  assert.ok(isClaimed(claimed));
  assert.is(submissionCap(claimed), undefined);
  assert.is(expiryOf(claimed), null, 'a stale expires_at left from before the claim is ignored');
  assert.not.ok(hasExpired(claimed, '2027-01-01T00:00:00.000Z'));
  for (const rule of [sendsMail, deliversWebhooks, acceptsFiles, followsRedirect]) assert.ok(rule(claimed), rule.name);
});

rules(
  'unclaimed forms: capped at 100, expire at expires_at (and not before), no mail, webhooks, files or redirects',
  () => {
    assert.not.ok(isClaimed(unclaimed));
    assert.is(submissionCap(unclaimed), UNCLAIMED_SUBMISSION_CAP);
    assert.is(UNCLAIMED_SUBMISSION_CAP, 100);
    assert.is(expiryOf(unclaimed), unclaimed.expiresAt);
    assert.not.ok(hasExpired(unclaimed, '2026-11-30T23:59:59.999Z'), 'just before');
    assert.ok(hasExpired(unclaimed, unclaimed.expiresAt), 'at the instant');
    assert.ok(hasExpired(unclaimed, '2026-12-01T00:00:00.001Z'), 'just after');
    assert.not.ok(
      hasExpired({ workspaceId: null, expiresAt: null }, '2999-01-01T00:00:00.000Z'),
      'no expiry set: never',
    );
    for (const rule of [sendsMail, deliversWebhooks, acceptsFiles, followsRedirect])
      assert.not.ok(rule(unclaimed), rule.name);
  },
);

rules.run();
