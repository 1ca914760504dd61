// The flush of the counters against a real sql.js store, with the window between "the store has the rows"
// and "the write has resolved" (the sql.js store makes a write readable before its fsync) held open on
// purpose: a read in that window counts each row once (it counted them twice before: in the store and in
// the batch being flushed). A write refused before the store had its rows keeps them for the next flush;
// one that failed after never adds them twice.
import { rm } from 'node:fs/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FormCounting } from '../../../server/core/stats/counting.ts';
import { openSqlJsStore } from '../../../server/core/store/sqljs/index.ts';
import type { DailyCount, Store } from '../../../server/core/store/types.ts';
import { form, workspace } from '../../store/contract/fixtures.ts';
import { tempDataDir } from '../../helpers/server.ts';

const DAY = '2026-11-24';

/** How the test's store answers an add: as the real one, held until `release`, or refused before or after it ran. */
type Mode = 'held' | 'refused-before' | 'failed-after';

/** The real store, its add answering as `mode` says: the gate stays shut until `release()`. */
function gated(real: Store, mode: () => Mode) {
  let release = () => {};
  const store = {
    ...real,
    formStats: {
      ...real.formStats,
      add: (rows: DailyCount[], landed?: () => void) => {
        const m = mode();
        if (m === 'refused-before') return Promise.reject(new Error('refused before it ran'));
        const written = real.formStats.add(rows, landed);
        const gate = new Promise<void>((r) => (release = r));
        return gate
          .then(() => written)
          .then(() => {
            if (m === 'failed-after') throw new Error('the disk failed after the write ran in memory');
          });
      },
    },
  } as Store;
  return { store, release: () => release() };
}

/** What a stats read adds up (FormStats.report): the stored completions plus the unwritten ones. */
async function completions(store: Store, counting: FormCounting, formId: string): Promise<number> {
  const rows = [...(await store.formStats.range(formId, DAY, DAY)), ...counting.unwritten(formId, DAY, DAY)];
  return rows.filter((r) => r.kind === 'completion').reduce((n, r) => n + r.n, 0);
}

const flush = suite('counting: a read while a flush is being written');
let dir: string;
let real: Store;
flush.before(async () => {
  dir = await tempDataDir();
  real = await openSqlJsStore(dir, () => {}, { snapshotIn: 'main' });
});
flush.after(async () => {
  await real.close();
  await rm(dir, { recursive: true, force: true });
});

const setup = async (mode: Mode) => {
  let current = mode;
  const { store, release } = gated(real, () => current);
  const f = await form(real, (await workspace(real)).id);
  const counting = new FormCounting(store, { load: async () => ({}) as never });
  for (let i = 0; i < 3; i++) counting.completed(f.id, `${DAY}T10:00:00.000Z`);
  return { counting, release, formId: f.id, store, setMode: (m: Mode) => (current = m) };
};

flush('the rows are in the store, the write not resolved yet: each counted once', async () => {
  const { counting, release, formId, store } = await setup('held');
  assert.is(await completions(store, counting, formId), 3, 'before the flush: in memory');
  const flushed = counting.flush();
  assert.is((await real.formStats.range(formId, DAY, DAY)).length, 1, 'the store has them (the window is open)');
  assert.is(await completions(store, counting, formId), 3, 'in the window: once (twice before the fix)');
  release();
  await flushed;
  assert.is(await completions(store, counting, formId), 3, 'after the write: once');
});

flush('a write refused before the store had its rows: they wait for the next flush, never lost', async () => {
  const { counting, formId, store, setMode, release } = await setup('refused-before');
  await counting.flush();
  assert.is(await completions(store, counting, formId), 3, 'kept in memory');
  assert.is((await real.formStats.range(formId, DAY, DAY)).length, 0);
  setMode('held');
  const flushed = counting.flush();
  release();
  await flushed;
  assert.is(await completions(store, counting, formId), 3, 'written by the next flush, once');
  assert.is((await real.formStats.range(formId, DAY, DAY))[0].n, 3);
});

flush('a write that failed after the store had its rows: not added again', async () => {
  const { counting, formId, store, release } = await setup('failed-after');
  const flushed = counting.flush();
  release();
  await flushed;
  assert.is(await completions(store, counting, formId), 3, 'once: in the store, not back in memory');
  await counting.flush();
  assert.is((await real.formStats.range(formId, DAY, DAY))[0].n, 3, 'the next flush adds nothing');
});

flush.run();
