// Which bucket a client address draws on (security review "Who gets in", finding 5): an IPv6 client by
// its /64, an IPv4-mapped IPv6 address as the IPv4 it carries, through the real RateLimits and buckets.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RateLimits } from '../../../server/core/rate-limits.ts';
import { rateBucketQueries } from '../../../server/core/store/sqljs/rate-buckets.ts';
import { ApiError } from '../../../server/lib/api-error.ts';
import { rateLimitKeyOf } from '../../../server/lib/ip-network.ts';

const keys = suite('rate-limit keys');

const refused = async (limits: RateLimits, ip: string) => {
  try {
    await limits.take([limits.loginPerIp, ip]);
    return false;
  } catch (err) {
    if (err instanceof ApiError && err.status === 429) return true;
    throw err;
  }
};

const rows: [string, string, string][] = [
  ['an IPv4 address is its own key', '203.0.113.7', '203.0.113.7'],
  ['an IPv4-mapped IPv6 address is the IPv4 it carries', '::ffff:203.0.113.7', '203.0.113.7'],
  ['an IPv6 address is its /64', '2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
  ['a short IPv6 address is its /64 too', '2001:db8::1', '2001:db8:0:0::/64'],
  ['something else is kept as given', 'unknown', 'unknown'],
];
for (const [name, ip, key] of rows) keys(name, () => assert.is(rateLimitKeyOf(ip), key));

keys('every address of one IPv6 /64 draws on one bucket; the next /64 on its own', async () => {
  const limits = new RateLimits(rateBucketQueries(), 'secret', true, () => 1_000_000);
  // loginPerIp holds 10: ten addresses of the /64 take them all, the eleventh is refused.
  for (let i = 1; i <= 10; i++) assert.not.ok(await refused(limits, `2001:db8:1:2::${i.toString(16)}`), `address ${i}`);
  assert.ok(await refused(limits, '2001:db8:1:2:ffff:ffff:ffff:ffff'), 'the same /64 is refused');
  assert.not.ok(await refused(limits, '2001:db8:1:3::1'), 'the next /64 is not');
});

keys('an IPv4-mapped IPv6 address shares the bucket of its IPv4 address', async () => {
  const limits = new RateLimits(rateBucketQueries(), 'secret', true, () => 1_000_000);
  for (let i = 0; i < 10; i++) assert.not.ok(await refused(limits, '198.51.100.7'));
  assert.ok(await refused(limits, '::ffff:198.51.100.7'));
});

keys.run();
