// Starting a snapshot worker thread (snapshot-worker-thread.ts) from the main thread. One thread per
// snapshot, ended after it, so its second copy of the database lives only while a snapshot is built
// (WebAssembly memory never shrinks; a thread that stayed would keep its peak for good).
import { Worker } from 'node:worker_threads';
import type { SnapshotBuildJob } from './snapshot-build.ts';
import { snapshotWorkerEntry } from './snapshot-worker-entry.ts';
import { loadSqlWasm } from './sql-wasm.ts';
import { StorageError, type StorageErrorCode } from '../storage-error.ts';

/** What the thread posts back. */
export type WorkerOutcome =
  | { ok: true; bytes: number; transactions: number }
  | { ok: false; message: string; code: StorageErrorCode };

/** A snapshot being built in a worker: `done` settles when the image is durably in place or the build failed. */
export interface RunningBuild {
  done: Promise<{ bytes: number; transactions: number }>;
  /** Ends the thread now (close() does not wait for a snapshot it is about to supersede); `done` rejects. */
  cancel(): void;
}

/** Builds the snapshot `job` describes in a new worker thread. */
export function buildSnapshotInWorker(job: SnapshotBuildJob): RunningBuild {
  let worker: Worker | undefined;
  let cancelled = false;
  const done = loadSqlWasm().then(
    (wasm) =>
      new Promise<{ bytes: number; transactions: number }>((resolve, reject) => {
        if (cancelled) return reject(new StorageError('closed', 'The snapshot was cancelled.'));
        worker = new Worker(snapshotWorkerEntry(), { eval: true, workerData: { job, wasm } });
        let outcome: WorkerOutcome | undefined;
        worker.once('message', (m: WorkerOutcome) => (outcome = m));
        worker.once('error', (err) => (outcome ??= { ok: false, message: err.message, code: 'snapshot_failed' }));
        worker.once('exit', (code) => {
          if (outcome?.ok) resolve(outcome);
          else if (outcome) reject(new StorageError(outcome.code, outcome.message));
          else if (cancelled) reject(new StorageError('closed', 'The snapshot was cancelled.'));
          else
            reject(
              new StorageError(
                'snapshot_failed',
                `The snapshot worker stopped (exit code ${code}) before it finished.`,
              ),
            );
        });
      }),
  );
  return {
    done,
    cancel: () => {
      cancelled = true;
      void worker?.terminate();
    },
  };
}
