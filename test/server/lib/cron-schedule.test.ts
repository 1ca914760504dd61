// The jobs' cron schedules (server/lib/cron-schedule.ts) and their timers (server/lib/cron.ts), on a clock with
// summer time: Paris sets its clocks forward on 2026-03-29 (02:00 → 03:00) and back on 2026-10-25 (03:00 → 02:00).
process.env.TZ = 'Europe/Paris';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { JobRegistry, MAX_TIMER_MS, timerFor } from '../../../server/lib/cron.ts';
import { MAX_SEARCH_STEPS, nextRun, parseCron } from '../../../server/lib/cron-schedule.ts';

const cron = suite('cron schedules');

/** The next `n` runs after `from`, as UTC ISO minutes. */
const runs = (expression: string, from: string, n = 3) => {
  const schedule = parseCron(expression);
  const out: string[] = [];
  let t = new Date(from);
  for (let i = 0; i < n; i++) {
    t = nextRun(schedule, t)!;
    out.push(t.toISOString().slice(0, 16));
  }
  return out;
};

cron('every job schedule the product uses runs when it says, in local time', () => {
  assert.equal(runs('*/10 * * * *', '2026-11-29T12:03:30Z'), [
    '2026-11-29T12:10',
    '2026-11-29T12:20',
    '2026-11-29T12:30',
  ]);
  // 17 past each hour, local (UTC+1 in November): the same minute in UTC.
  assert.equal(runs('17 * * * *', '2026-11-29T12:17:00Z'), [
    '2026-11-29T13:17',
    '2026-11-29T14:17',
    '2026-11-29T15:17',
  ]);
  assert.equal(runs('* * * * *', '2026-11-29T12:17:59.999Z', 2), ['2026-11-29T12:18', '2026-11-29T12:19']);
  // 03:53 Paris time: 02:53 UTC in winter, 01:53 UTC in summer.
  assert.equal(runs('53 3 * * *', '2026-03-27T12:00:00Z'), [
    '2026-03-28T02:53',
    '2026-03-29T01:53',
    '2026-03-30T01:53',
  ]);
});

cron('ranges, steps, lists and both day fields', () => {
  assert.equal(runs('0-30/15 9 * * *', '2026-11-29T00:00:00Z'), [
    '2026-11-29T08:00',
    '2026-11-29T08:15',
    '2026-11-29T08:30',
  ]);
  assert.equal(runs('0 12 1,15 * *', '2026-11-29T00:00:00Z', 2), ['2026-12-01T11:00', '2026-12-15T11:00']);
  // Sunday written 0 or 7; 2026-11-29 is a Sunday.
  assert.equal(runs('0 12 * * 7', '2026-11-28T00:00:00Z', 2), ['2026-11-29T11:00', '2026-12-06T11:00']);
  // Both day fields set: either day matches (Vixie cron): the 1st, and Mondays.
  assert.equal(runs('0 12 1 * 1', '2026-11-29T00:00:00Z', 3), [
    '2026-11-30T11:00',
    '2026-12-01T11:00',
    '2026-12-07T11:00',
  ]);
});

cron('summer time: a set hour the clock skips does not run that day; one it repeats runs once', () => {
  assert.equal(runs('30 2 * * *', '2026-03-28T12:00:00Z', 2), ['2026-03-30T00:30', '2026-03-31T00:30']);
  assert.equal(runs('30 2 * * *', '2026-10-24T12:00:00Z', 2), ['2026-10-25T00:30', '2026-10-26T01:30']);
  // A schedule for every hour runs through both passes of the repeated hour.
  assert.equal(runs('*/30 * * * *', '2026-10-25T00:15:00Z', 4), [
    '2026-10-25T00:30',
    '2026-10-25T01:00',
    '2026-10-25T01:30',
    '2026-10-25T02:00',
  ]);
});

cron('a schedule that runs rarely is found; one that never runs is refused', () => {
  // 29 February: four years (~1,460 steps of a day) after the last one, within MAX_SEARCH_STEPS.
  assert.ok(MAX_SEARCH_STEPS > 1500);
  assert.equal(runs('0 0 29 2 *', '2024-03-01T00:00:00Z', 1), ['2028-02-28T23:00']);
  assert.throws(() => parseCron('0 0 31 2 *'), /never runs/);
  assert.throws(() => parseCron('0 0 30 2 *'), /never runs/);
});

cron('a bad schedule is refused, saying which field', () => {
  for (const [expression, problem] of [
    ['* * * *', /five fields, not 4/],
    ['* * * * * *', /five fields, not 6/],
    ['60 * * * *', /minute "60": outside 0-59/],
    ['* 24 * * *', /hour "24": outside 0-23/],
    ['* * 0 * *', /day of month "0"/],
    ['* * * 13 *', /month "13"/],
    ['* * * * 8', /day of week "8"/],
    ['5-1 * * * *', /minute "5-1": a range backwards/],
    ['*/0 * * * *', /minute "\*\/0": a range backwards or a step of 0/],
    ['mon * * * *', /not a number/],
  ] as const)
    assert.throws(() => parseCron(expression), problem, expression);
  // The edges themselves are fine.
  assert.equal(runs('59 23 31 12 6', '2026-12-30T00:00:00Z', 1), ['2026-12-31T22:59']);
  assert.equal(runs('0 0 1 1 0', '2026-12-31T00:00:00Z', 1), ['2026-12-31T23:00']);
});

cron('a run further off than a timer can wait is waited for in turns', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms);
  assert.equal(timerFor(at(MAX_TIMER_MS), now), { delayMs: MAX_TIMER_MS, runs: true });
  assert.equal(timerFor(at(MAX_TIMER_MS + 1), now), { delayMs: MAX_TIMER_MS, runs: false });
  // A run already due (the event loop was busy) runs at once.
  assert.equal(timerFor(at(-5), now), { delayMs: 0, runs: true });
});

cron('the registry refuses a bad schedule by name, and stops the timers it started', async () => {
  const jobs = new JobRegistry();
  assert.throws(
    () => jobs.register({ name: 'bad', schedule: '61 * * * *', about: 'Never.', run: async () => {} }),
    /job bad: bad schedule 61 \* \* \* \* \(minute "61"/,
  );
  jobs.register({ name: 'every-minute', schedule: '* * * * *', about: 'Counts.', run: async () => {} });
  const before = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
  jobs.start();
  assert.is(process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length, before + 1);
  await jobs.stop();
  assert.is(process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length, before);
});

cron.run();
