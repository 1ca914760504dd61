// Contract of the rate limits' token buckets: all or nothing, the wait until a token, refill, forget and
// sweep, and no overshoot under concurrent takes (on PostgreSQL they come from many instances).
import * as assert from 'uvu/assert';
import type { RateCheck, Store } from '../../../server/core/store/types.ts';
import { T0 } from './fixtures.ts';
import { contractSuite, type StoreFactory } from './harness.ts';

/** A check on bucket `bucket` for `key`: 3 tokens, one more every 2 s. */
const check = (bucket: string, key: string, rule = { burst: 3, refillPerSecond: 0.5 }): RateCheck => ({
  bucket,
  key,
  ...rule,
});

/** Takes at T0 + ms and answers the wait (0 when taken). */
const takeAt = async (store: Store, ms: number, ...checks: RateCheck[]) => {
  const r = await store.rateBuckets.take(checks, T0 + ms);
  return r.ok ? 0 : r.retryAfterSeconds;
};

/** Rows for rateBuckets. */
export function rateBucketsContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'rate buckets', factory);

  rule(
    'rateBuckets.take',
    'a bucket gives its burst, then refuses with the seconds until one token is back; other keys and buckets are apart',
    async ({ store }) => {
      const ip = check('submit-ip', 'k1');
      for (let i = 0; i < 3; i++) assert.is(await takeAt(store, 0, ip), 0, `token ${i + 1} of 3`);
      assert.is(await takeAt(store, 0, ip), 2, 'past the burst: 2 s until a token at 0.5 per s');
      assert.is(await takeAt(store, 0, check('submit-ip', 'k2')), 0, 'another key has its own bucket');
      assert.is(await takeAt(store, 0, check('login-ip', 'k1')), 0, 'another bucket name too');
    },
  );

  rule(
    'rateBuckets.take',
    'refill: one token after exactly 1/rate s, not a millisecond before; never above the burst',
    async ({ store }) => {
      const ip = check('submit-ip', 'k');
      for (let i = 0; i < 3; i++) await takeAt(store, 0, ip);
      assert.is(await takeAt(store, 1999, ip), 1, '1 ms before: refused, 1 s to wait');
      assert.is(await takeAt(store, 2000, ip), 0, 'at 2 s: one token back');
      assert.is(await takeAt(store, 2000, ip), 2, 'and only one');
      // A long quiet time fills the bucket to its burst, no further.
      for (let i = 0; i < 3; i++)
        assert.is(await takeAt(store, 3_600_000, ip), 0, `after an hour, token ${i + 1} of 3`);
      assert.is(await takeAt(store, 3_600_000, ip), 2, 'the burst is the most a bucket holds');
    },
  );

  rule(
    'rateBuckets.take',
    'all or nothing: when one bucket refuses, none is spent; the wait is the longest of the refusing ones',
    async ({ store }) => {
      const form = check('submit-form', 'f', { burst: 1, refillPerSecond: 0.1 });
      const ip = check('submit-ip', 'k');
      assert.is(await takeAt(store, 0, ip, form), 0);
      assert.is(await takeAt(store, 0, ip, form), 10, 'the form bucket is empty: 10 s');
      assert.is(await takeAt(store, 0, ip), 0, 'the refused take spent nothing of the address: 2nd token');
      assert.is(await takeAt(store, 0, ip), 0, '3rd token');
      assert.is(await takeAt(store, 0, ip, form), 10, 'both empty: the longer wait (10 s, not 2 s)');
      assert.is(await takeAt(store, 0), 0, 'no checks: taken');
    },
  );

  rule(
    'rateBuckets.take',
    'a take stamped earlier than the last one refills nothing and still counts',
    async ({ store }) => {
      const ip = check('submit-ip', 'k');
      await takeAt(store, 10_000, ip);
      await takeAt(store, 10_000, ip);
      assert.is(await takeAt(store, 9_000, ip), 0, 'an instance whose clock is a second behind takes the last token');
      assert.is(await takeAt(store, 9_000, ip), 2, 'then it is refused like the others');
    },
  );

  rule(
    'rateBuckets.take',
    '20 concurrent takes from a bucket of 5 (with a second bucket of 50): exactly 5 taken',
    async ({ store }) => {
      const rule5 = { burst: 5, refillPerSecond: 0.001 };
      const got = await Promise.all(
        Array.from({ length: 20 }, () =>
          takeAt(
            store,
            0,
            check('submit-ip', 'k', rule5),
            check('submit-form', 'f', { burst: 50, refillPerSecond: 1 }),
          ),
        ),
      );
      assert.is(got.filter((w) => w === 0).length, 5);
      // The refused 15 spent nothing of the form's 50: 45 remain.
      let left = 0;
      while ((await takeAt(store, 0, check('submit-form', 'f', { burst: 50, refillPerSecond: 1 }))) === 0) left++;
      assert.is(left, 45);
    },
  );

  rule(
    'rateBuckets.take',
    'a check may draw many tokens: a byte budget gives exactly its burst, then waits for what is missing',
    async ({ store }) => {
      // A budget of 1,000 bytes refilled at 10 a second, drawn by upload sizes.
      const bytes = (n: number): RateCheck => ({
        ...check('upload-bytes', 'f', { burst: 1000, refillPerSecond: 10 }),
        tokens: n,
      });
      assert.is(await takeAt(store, 0, bytes(600)), 0, '600 of 1,000');
      assert.is(await takeAt(store, 0, bytes(400)), 0, 'exactly the rest: at the edge');
      assert.is(await takeAt(store, 0, bytes(1)), 1, 'one past it: refused, 1 s until one is back');
      assert.is(await takeAt(store, 0, bytes(250)), 25, '250 missing at 10 a second: 25 s');
      assert.is(await takeAt(store, 24_999, bytes(250)), 1, '1 ms before: still refused');
      assert.is(await takeAt(store, 25_000, bytes(250)), 0, 'at 25 s: taken');
      assert.is(await takeAt(store, 25_000, bytes(1)), 1, 'and the bucket is empty again');
    },
  );

  rule(
    'rateBuckets.take',
    'a draw larger than the burst draws the burst: it waits for a full bucket, then empties it',
    async ({ store }) => {
      const big = { ...check('upload-bytes', 'g', { burst: 100, refillPerSecond: 10 }), tokens: 5000 };
      assert.is(await takeAt(store, 0, big), 0, 'a full bucket serves it');
      assert.is(await takeAt(store, 0, { ...big, tokens: 1 }), 1, 'and is empty after it');
      assert.is(await takeAt(store, 0, big), 10, 'the next waits until the bucket is full: 10 s');
    },
  );

  rule(
    'rateBuckets.take',
    'tokens drawn by one check and single tokens of another are all or nothing together',
    async ({ store }) => {
      const ip = check('upload-ip', 'k');
      const bytes = { ...check('upload-bytes', 'k', { burst: 100, refillPerSecond: 1 }), tokens: 80 };
      assert.is(await takeAt(store, 0, ip, bytes), 0);
      assert.is(await takeAt(store, 0, ip, bytes), 60, '80 wanted, 20 left: 60 s');
      assert.is(await takeAt(store, 0, ip), 0, 'the refused take spent nothing of the address: 2nd token');
      assert.is(await takeAt(store, 0, { ...bytes, tokens: 20 }), 0, 'nor of the budget: its 20 are still there');
    },
  );

  rule('rateBuckets.take', 'concurrent draws of many tokens never overshoot the budget', async ({ store }) => {
    const bytes = { ...check('upload-bytes', 'c', { burst: 1000, refillPerSecond: 0.001 }), tokens: 100 };
    const results = await Promise.all(Array.from({ length: 25 }, () => takeAt(store, 0, bytes)));
    assert.is(results.filter((w) => w === 0).length, 10, 'exactly 10 draws of 100 from 1,000');
  });

  rule('rateBuckets.forget', 'a forgotten bucket is full again; the others keep their level', async ({ store }) => {
    for (let i = 0; i < 3; i++) await takeAt(store, 0, check('submit-form', 'gone'), check('submit-form', 'kept'));
    await store.rateBuckets.forget('submit-form', 'gone');
    await store.rateBuckets.forget('submit-form', 'never-seen');
    assert.is(await takeAt(store, 0, check('submit-form', 'gone')), 0);
    assert.is(await takeAt(store, 0, check('submit-form', 'kept')), 2);
  });

  rule(
    'rateBuckets.sweep',
    'drops exactly the buckets full again at the time given; a dropped bucket behaves as full',
    async ({ store }) => {
      await takeAt(store, 0, check('submit-ip', 'one-token')); // full again 2 s later
      for (let i = 0; i < 3; i++) await takeAt(store, 0, check('submit-ip', 'empty')); // full again 6 s later
      assert.is(await store.rateBuckets.sweep(T0 + 1999), 0, '1 ms before the first is full');
      assert.is(await store.rateBuckets.sweep(T0 + 2000), 1, 'at 2 s: the bucket that gave one token');
      assert.is(await store.rateBuckets.sweep(T0 + 5999), 0);
      assert.is(await store.rateBuckets.sweep(T0 + 6000), 1, 'at 6 s: the empty one is full again');
      assert.is(await store.rateBuckets.sweep(T0 + 6000), 0, 'nothing left');
      for (let i = 0; i < 3; i++)
        assert.is(await takeAt(store, 6000, check('submit-ip', 'empty')), 0, 'swept: a full burst');
    },
  );

  run();
}
