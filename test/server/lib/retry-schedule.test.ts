import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_ATTEMPTS, nextRetryDelayMs } from '../../../server/lib/retry-schedule.ts';

const SECOND = 1000;
const HOUR = 3600 * SECOND;

/** Delays after attempts 1, 2, ... until the schedule says stop. */
function schedule(baseMs?: number, capMs?: number): number[] {
  const delays: number[] = [];
  for (let attempt = 1; ; attempt++) {
    const delay = nextRetryDelayMs(attempt, baseMs, capMs);
    if (delay === null) return delays;
    delays.push(delay);
  }
}

const spec = suite('retry-schedule: spec 6.5');

spec('first retry 30 s after the first failure, doubling, capped at 3 h', () => {
  assert.equal(
    schedule().map((ms) => ms / SECOND),
    [30, 60, 120, 240, 480, 960, 1920, 3840, 7680, 10800, 10800, 10800, 10800, 10800, 10800],
  );
});

spec('16 attempts in total: 15 delays, nothing after attempt 16 fails', () => {
  assert.is(MAX_ATTEMPTS, 16);
  assert.is(schedule().length, 15);
  assert.is(nextRetryDelayMs(15), 3 * HOUR);
  assert.is(nextRetryDelayMs(16), null);
  assert.is(nextRetryDelayMs(17), null);
});

spec('first to last attempt spans about 22 hours', () => {
  const total = schedule().reduce((a, b) => a + b, 0);
  console.log(`  retry schedule total: ${total / SECOND} s = ${(total / HOUR).toFixed(2)} h`);
  assert.is(total, 80_130 * SECOND);
  assert.ok(total > 20 * HOUR && total < 24 * HOUR);
});

const custom = suite('retry-schedule: configured base and cap');

custom('base and cap change the delays, never the number of attempts', () => {
  assert.equal(
    schedule(100, 1000),
    [100, 200, 400, 800, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000],
  );
});

custom('refuses attempt numbers that are not integers from 1', () => {
  for (const n of [0, -1, 1.5, Number.NaN]) assert.throws(() => nextRetryDelayMs(n), RangeError, String(n));
});

spec.run();
custom.run();
