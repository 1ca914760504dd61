// What a snapshot worker thread runs (started by snapshot-worker.ts): build the snapshot named in
// workerData, post the outcome, end. In the bundle this file is compiled on its own into a script the
// server carries in memory (scripts/build.mjs), so a snapshot never depends on the bundle file on disk
// (a deploy may be replacing it) and the thread does not load the whole server. The sql.js binary comes
// in workerData from the main thread rather than being embedded twice.
import { parentPort, workerData } from 'node:worker_threads';
import { buildSnapshot, type SnapshotBuildJob } from './snapshot-build.ts';
import { sqlJsFromBinary } from './sql-js-binary.ts';
import { StorageError } from '../storage-error.ts';
import { setWasmTierUpBudget } from './wasm-tiering.ts';
import type { WorkerOutcome } from './snapshot-worker.ts';

const { job, wasm } = workerData as { job: SnapshotBuildJob; wasm: Uint8Array };
const post = (outcome: WorkerOutcome) => parentPort!.postMessage(outcome);

// Before the instance is made (its tier-up budget is read then): V8's own under load, the start's when quiet.
setWasmTierUpBudget(job.underLoad === true);
sqlJsFromBinary(wasm)
  .then((SQL) => buildSnapshot(SQL, job))
  .then(
    (r) => post({ ok: true, ...r }),
    // Errors cross the thread as data; one that is not a storage verdict becomes snapshot_failed.
    (err: Error) =>
      post({ ok: false, message: err.message, code: err instanceof StorageError ? err.code : 'snapshot_failed' }),
  );
