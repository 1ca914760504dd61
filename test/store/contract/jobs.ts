// Contract of scheduled job ticks: each job's run at a tick is claimed once, later ticks again.
import * as assert from 'uvu/assert';
import { contractSuite, type StoreFactory } from './harness.ts';
import { at, MINUTE } from './fixtures.ts';

/** Rows for jobs. */
export function jobsContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'jobs', factory);

  rule(
    'jobs.claimTick',
    'a tick is claimed once per job; a later tick again; the same or an earlier tick never',
    async ({ store }) => {
      assert.is(await store.jobs.claimTick('sweep', at()), true);
      assert.is(await store.jobs.claimTick('sweep', at()), false, 'the same tick');
      assert.is(await store.jobs.claimTick('other', at()), true, 'another job has its own ticks');
      assert.is(await store.jobs.claimTick('sweep', at(MINUTE)), true, 'the next tick');
      assert.is(await store.jobs.claimTick('sweep', at(MINUTE - 1)), false, 'an earlier tick (a late instance)');
    },
  );
  rule('jobs.claimTick', '10 concurrent claims of one tick: exactly one is true', async ({ store }) => {
    const got = await Promise.all(Array.from({ length: 10 }, () => store.jobs.claimTick('sweep', at())));
    assert.is(got.filter(Boolean).length, 1);
  });

  rule(
    'jobs.exclusive',
    'sections of one name take turns (never two at once); another name does not wait; an error ends the turn',
    async ({ store }) => {
      const trace: string[] = [];
      let inside = 0;
      let most = 0;
      const section = (label: string) => async () => {
        inside++;
        most = Math.max(most, inside);
        trace.push(`${label} in`);
        await new Promise((r) => setTimeout(r, 20));
        trace.push(`${label} out`);
        inside--;
      };
      await Promise.all([1, 2, 3, 4].map((i) => store.jobs.exclusive('startup', section(`s${i}`))));
      assert.is(most, 1, 'never two at once');
      assert.is(trace.length, 8);
      for (let i = 0; i < 8; i += 2)
        assert.is(
          trace[i].replace(' in', ''),
          trace[i + 1].replace(' out', ''),
          'each section ends before the next starts',
        );
      const failed = await store.jobs
        .exclusive('startup', async () => {
          throw new Error('boom');
        })
        .then(
          () => undefined,
          (err: Error) => err.message,
        );
      assert.is(failed, 'boom', 'the error reaches the caller');
      let after = false;
      await store.jobs.exclusive('startup', async () => {
        after = true;
      });
      assert.ok(after, 'the name is free again after an error');
      // Another name runs while the first is held.
      let release!: () => void;
      let entered!: () => void;
      const inHeld = new Promise<void>((r) => (entered = r));
      const held = store.jobs.exclusive('startup', () => {
        entered();
        return new Promise<void>((r) => (release = r));
      });
      await inHeld;
      let other = false;
      await store.jobs.exclusive('another', async () => {
        other = true;
      });
      assert.ok(other);
      release();
      await held;
    },
  );

  run();
}
