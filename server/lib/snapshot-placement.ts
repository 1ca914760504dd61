// Where a background snapshot is made. In a worker thread (snapshot-build.ts) requests never wait for it,
// but the worker holds about twice the database image while it runs; on the main thread, export() pauses
// every request for ~1 ms per MB but needs the image only once. The worker is used when the memory is
// there for it, so a small machine that could afford the old pause is not pushed into the OOM killer.
import os from 'node:os';

/** 'worker' or 'main': always there; 'auto': the worker when memoryHeadroom() can hold it. */
export type SnapshotPlacement = 'auto' | 'worker' | 'main';

// What a worker adds, measured by `npm run bench store`: ~2x the image (the rebuilt database and its
// export) plus ~60 MB for the thread, sql.js and the bundle's code. The factor leaves a margin for the
// main thread, whose own memory keeps growing while the worker runs.
const WORKER_IMAGE_FACTOR = 3;
const WORKER_BASE_BYTES = 128 * 1024 * 1024;

/** Whether a snapshot of about `imageBytes` goes to a worker, given `headroomBytes` of free memory. */
export function snapshotInWorker(placement: SnapshotPlacement, imageBytes: number, headroomBytes: number): boolean {
  if (placement !== 'auto') return placement === 'worker';
  return headroomBytes >= WORKER_BASE_BYTES + WORKER_IMAGE_FACTOR * imageBytes;
}

/** Memory this process can still take: free memory of the host, capped by its cgroup limit if it has one. */
export function memoryHeadroom(): number {
  const free = os.freemem();
  // Node reports no cgroup limit as 0 or as a huge number; only a limit below the host's memory counts.
  const limit = process.constrainedMemory?.() ?? 0;
  if (limit <= 0 || limit >= os.totalmem()) return free;
  return Math.min(free, Math.max(0, limit - process.memoryUsage.rss()));
}
