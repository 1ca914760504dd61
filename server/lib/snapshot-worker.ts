// The snapshot worker: a thread that runs buildSnapshot (snapshot-build.ts) and ends, so its second copy of
// the database lives only while a snapshot is built (WebAssembly memory never shrinks; a thread that stays
// would keep its peak for good).
//
// The same module is both sides. On the main thread it exports buildSnapshotInWorker. Loaded in a worker
// whose workerData names this role, it builds, posts the outcome and lets the thread end. How the thread
// finds this code (from source, or inside the one-file bundle) is snapshot-worker-entry.ts's business.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { buildSnapshot, type SnapshotBuildJob } from './snapshot-build.ts';
import { snapshotWorkerEntry } from './snapshot-worker-entry.ts';
import { StorageError, type StorageErrorCode } from './storage-error.ts';

/** The workerData role that makes a thread loading this module build a snapshot. */
const SNAPSHOT_WORKER_ROLE = 'formstead-snapshot';

type Outcome = { ok: true; bytes: number; transactions: number } | { ok: false; message: string; code?: StorageErrorCode };

/** Builds the snapshot in a new worker thread; resolves with the file size once it is durably in place. */
export function buildSnapshotInWorker(job: SnapshotBuildJob): Promise<{ bytes: number; transactions: number }> {
  return new Promise((resolve, reject) => {
    const { url, eval: evalCode } = snapshotWorkerEntry();
    const worker = new Worker(url ?? evalCode!, { eval: evalCode !== undefined, workerData: { role: SNAPSHOT_WORKER_ROLE, job } });
    let outcome: Outcome | undefined;
    // Settle on the outcome and end the thread: in the bundle, modules loaded beside the worker's code may
    // hold handles that would keep it alive.
    worker.once('message', (m: Outcome) => {
      outcome = m;
      void worker.terminate();
    });
    worker.once('error', (err) => (outcome ??= { ok: false, message: err.message }));
    worker.once('exit', (code) => {
      if (outcome?.ok) resolve(outcome);
      else if (outcome) reject(new StorageError(outcome.code ?? 'storage_failed', outcome.message));
      else reject(new StorageError('storage_failed', `The snapshot worker stopped (exit code ${code}) before it finished.`));
    });
  });
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === SNAPSHOT_WORKER_ROLE) {
  const { job } = workerData as { job: SnapshotBuildJob };
  buildSnapshot(job).then(
    (r) => parentPort!.postMessage({ ok: true, ...r } satisfies Outcome),
    // Errors cross the thread as data; a file system error keeps its message and becomes storage_failed.
    (err: Error) => parentPort!.postMessage({ ok: false, message: err.message, code: err instanceof StorageError ? err.code : undefined } satisfies Outcome),
  );
}
