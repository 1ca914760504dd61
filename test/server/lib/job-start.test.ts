// The jobs are scheduled a moment before their first tick (server/lib/cron.ts), not as the server starts: node-cron's
// first Intl.DateTimeFormat maps ~5 MB of ICU's data, which a server that has just started need not hold yet.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { JobRegistry, SCHEDULE_LEAD_MS, untilFirstTick } from '../../../server/lib/cron.ts';

const start = suite('jobs scheduled before their first tick');

const at = (iso: string) => new Date(iso).getTime();

start('the wait ends SCHEDULE_LEAD_MS before the next minute, or at once within that lead', () => {
  assert.is(SCHEDULE_LEAD_MS, 1000);
  assert.is(untilFirstTick(at('2026-11-29T12:00:00.000Z')), 59_000);
  assert.is(untilFirstTick(at('2026-11-29T12:00:30.250Z')), 28_750);
  // At the edge: a millisecond before it, then at it and past it (scheduling now still finds the next minute first).
  assert.is(untilFirstTick(at('2026-11-29T12:00:58.999Z')), 1);
  assert.is(untilFirstTick(at('2026-11-29T12:00:59.000Z')), 0);
  assert.is(untilFirstTick(at('2026-11-29T12:00:59.999Z')), 0);
});

start('stop() before the jobs were scheduled leaves no timer behind', async () => {
  const jobs = new JobRegistry();
  jobs.register({ name: 'every-minute', schedule: '* * * * *', about: 'Counts.', run: async () => {} });
  const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
  const before = timers();
  jobs.startBeforeFirstTick();
  assert.is(timers(), before + 1);
  await jobs.stop();
  assert.is(timers(), before);
});

start.run();
