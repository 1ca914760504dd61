// Where a background snapshot is made: the worker when free memory can hold it, else the main thread.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import os from 'node:os';
import { memoryHeadroom, snapshotInWorker, type SnapshotPlacement } from '../../../server/lib/snapshot-placement.ts';

const placement = suite('snapshot placement');
const MB = 1024 * 1024;

placement('auto takes the worker only with 128 MB + 3x the image free; worker and main are fixed', () => {
  const rows: [SnapshotPlacement, number, number, boolean][] = [
    ['auto', 100 * MB, 428 * MB, true], // exactly 128 + 3 x 100
    ['auto', 100 * MB, 428 * MB - 1, false],
    ['auto', 0, 128 * MB, true],
    ['auto', 0, 127 * MB, false],
    ['auto', 620 * MB, 24 * 1024 * MB, true],
    ['auto', 620 * MB, 1024 * MB, false],
    ['worker', 620 * MB, 0, true],
    ['main', 0, 24 * 1024 * MB, false],
  ];
  for (const [where, image, headroom, expected] of rows) {
    assert.is(snapshotInWorker(where, image, headroom), expected, `${where} ${image / MB} MB image, ${headroom / MB} MB free`);
  }
});

placement('the headroom is positive and never more than the host\'s memory', () => {
  const headroom = memoryHeadroom();
  assert.ok(headroom > 0, String(headroom));
  assert.ok(headroom <= os.totalmem(), String(headroom));
});

placement.run();
