// Where a background snapshot is made: the worker when a second core and the memory for it are there,
// else the main thread.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import {
  cgroupCpuLimit,
  coresFromCfs,
  coresFromCpuMax,
  hostResources,
  memoryHeadroom,
  snapshotInWorker,
  type SnapshotPlacement,
} from '../../../../server/lib/durable/snapshot-placement.ts';

const placement = suite('snapshot placement');
const MB = 1024 * 1024;

placement(
  'auto takes the worker only with a second core and 128 MB + 3x the image free; worker and main are fixed',
  () => {
    const rows: [SnapshotPlacement, number, number, number, boolean][] = [
      ['auto', 100 * MB, 428 * MB, 2, true], // exactly 128 + 3 x 100
      ['auto', 100 * MB, 428 * MB - 1, 2, false],
      ['auto', 0, 128 * MB, 2, true],
      ['auto', 0, 127 * MB, 2, false],
      ['auto', 620 * MB, 24 * 1024 * MB, 2, true],
      ['auto', 620 * MB, 24 * 1024 * MB, 1, false], // one core: the replay would run instead of the server
      ['auto', 620 * MB, 1024 * MB, 8, false],
      ['worker', 620 * MB, 0, 1, true],
      ['main', 0, 24 * 1024 * MB, 8, false],
    ];
    for (const [where, image, headroomBytes, cores, expected] of rows) {
      assert.is(
        snapshotInWorker(where, image, { headroomBytes, cores }),
        expected,
        `${where} ${image / MB} MB image, ${headroomBytes / MB} MB free, ${cores} cores`,
      );
    }
  },
);

placement('cgroup CPU quotas: v2 cpu.max and v1 cfs quota/period, none as Infinity', () => {
  const v2: [string, number][] = [
    ['max 100000\n', Infinity],
    ['100000 100000\n', 1],
    ['150000 100000', 1.5],
    ['400000 100000', 4],
    ['garbage', Infinity],
  ];
  for (const [text, cores] of v2) assert.is(coresFromCpuMax(text), cores, text);
  const v1: [string | undefined, string | undefined, number][] = [
    ['-1\n', '100000\n', Infinity],
    ['50000\n', '100000\n', 0.5],
    ['200000', '100000', 2],
    [undefined, '100000', Infinity],
  ];
  for (const [quota, period, cores] of v1) assert.is(coresFromCfs(quota, period), cores, `${quota}/${period}`);
  // This machine's own answer is a positive number (Infinity without a quota), and caps hostResources().
  assert.ok(cgroupCpuLimit() > 0);
  assert.ok(hostResources().cores <= Math.max(1, cgroupCpuLimit()));
});

placement('this host: the headroom is positive and at most its memory; the cores honour the affinity mask', () => {
  const headroom = memoryHeadroom();
  assert.ok(headroom > 0, String(headroom));
  assert.ok(headroom <= os.totalmem(), String(headroom));
  assert.is(hostResources().cores, Math.min(os.availableParallelism(), Math.floor(cgroupCpuLimit())));
  const pinned = spawnSync(
    'taskset',
    [
      '-c',
      '0',
      process.execPath,
      '--import',
      'tsx',
      '-e',
      "import('./server/lib/durable/snapshot-placement.ts').then((m) => console.log(m.hostResources().cores))",
    ],
    { encoding: 'utf8' },
  );
  if (pinned.error) return; // no taskset on this machine: nothing more to check
  assert.is(pinned.stdout.trim(), '1', pinned.stderr);
});

placement.run();
