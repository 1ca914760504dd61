// Contract of scheduled job ticks: each job's run at a tick is claimed once, later ticks again.
import * as assert from 'uvu/assert';
import { contractSuite, type StoreFactory } from './harness.ts';
import { at, MINUTE } from './fixtures.ts';

/** Rows for jobs. */
export function jobsContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'jobs', factory);

  rule('jobs.claimTick', 'a tick is claimed once per job; a later tick again; the same or an earlier tick never', async ({ store }) => {
    assert.is(await store.jobs.claimTick('sweep', at()), true);
    assert.is(await store.jobs.claimTick('sweep', at()), false, 'the same tick');
    assert.is(await store.jobs.claimTick('other', at()), true, 'another job has its own ticks');
    assert.is(await store.jobs.claimTick('sweep', at(MINUTE)), true, 'the next tick');
    assert.is(await store.jobs.claimTick('sweep', at(MINUTE - 1)), false, 'an earlier tick (a late instance)');
  });
  rule('jobs.claimTick', '10 concurrent claims of one tick: exactly one is true', async ({ store }) => {
    const got = await Promise.all(Array.from({ length: 10 }, () => store.jobs.claimTick('sweep', at())));
    assert.is(got.filter(Boolean).length, 1);
  });

  run();
}
