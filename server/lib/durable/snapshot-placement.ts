// Where a background snapshot is made. In a worker thread (snapshot-build.ts) requests never wait for an
// export, but the worker replays the journal since the last snapshot, which costs about ten times the CPU
// of an export (3 s against 0.23 s for 26 MB of journal), and holds about twice the database image in
// memory while it runs. On the main thread, export() pauses every request for ~1 ms per MB but needs the
// image only once and little CPU. So the worker is used only where it runs beside the server rather than
// instead of it (a second CPU core this process may use) and where the memory is there for it, so that a
// small machine that could afford the old pause is neither slowed down nor pushed into the OOM killer.
import { readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * 'worker' or 'main': always there; 'auto': the worker when the process may use a second core and memoryHeadroom() can
 * hold it.
 */
export type SnapshotPlacement = 'auto' | 'worker' | 'main';

// What a worker adds, measured by `npm run bench store`: ~2x the image (the rebuilt database and its
// export) plus ~60 MB for the thread and sql.js. The factor leaves a margin for the
// main thread, whose own memory keeps growing while the worker runs.
const WORKER_IMAGE_FACTOR = 3;
const WORKER_BASE_BYTES = 128 * 1024 * 1024;

/** What the placement depends on: free memory and the CPU cores this process may use. */
export interface HostResources {
  headroomBytes: number;
  cores: number;
}

/** Whether a snapshot of about `imageBytes` goes to a worker thread. */
export function snapshotInWorker(placement: SnapshotPlacement, imageBytes: number, host: HostResources): boolean {
  if (placement !== 'auto') return placement === 'worker';
  return host.cores >= 2 && host.headroomBytes >= WORKER_BASE_BYTES + WORKER_IMAGE_FACTOR * imageBytes;
}

/** The resources of this host now, as far as this process may use them. */
export function hostResources(): HostResources {
  // availableParallelism() honours the CPU affinity mask (taskset, a container's cpuset) but, with Node
  // 20's libuv, not a CPU quota (docker --cpus, a Kubernetes CPU limit): that is read from the cgroup.
  return { headroomBytes: memoryHeadroom(), cores: Math.min(os.availableParallelism(), Math.floor(cgroupCpuLimit())) };
}

/** Cores a cgroup CPU quota allows this process (v2 cpu.max, or v1 cfs quota/period); Infinity without one. */
export function cgroupCpuLimit(): number {
  let membership = '';
  try {
    membership = readFileSync('/proc/self/cgroup', 'utf8');
  } catch {
    return Infinity; // not Linux, or no /proc
  }
  const v2 = /^0::(\S*)$/m.exec(membership)?.[1];
  const v1 = /^\d+:[^:]*\bcpu\b[^:]*:(\S*)$/m.exec(membership)?.[1];
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  };
  const cpuMax = v2 !== undefined ? read(`/sys/fs/cgroup${v2 === '/' ? '' : v2}/cpu.max`) : undefined;
  if (cpuMax !== undefined) return coresFromCpuMax(cpuMax);
  if (v1 === undefined) return Infinity;
  const dir = `/sys/fs/cgroup/cpu${v1 === '/' ? '' : v1}`;
  return coresFromCfs(read(`${dir}/cpu.cfs_quota_us`), read(`${dir}/cpu.cfs_period_us`));
}

/** Cores in a cgroup v2 `cpu.max` ("max 100000" or "150000 100000"). */
export function coresFromCpuMax(text: string): number {
  const [quota, period] = text.trim().split(/\s+/);
  return quota === 'max' || !(Number(period) > 0) || !(Number(quota) > 0) ? Infinity : Number(quota) / Number(period);
}

/** Cores in cgroup v1 `cpu.cfs_quota_us` / `cpu.cfs_period_us` (a quota of -1 is none). */
export function coresFromCfs(quota: string | undefined, period: string | undefined): number {
  const q = Number(quota?.trim());
  const p = Number(period?.trim());
  return quota === undefined || period === undefined || !(q > 0) || !(p > 0) ? Infinity : q / p;
}

/** Memory this process can still take: free memory of the host, capped by its cgroup limit if it has one. */
export function memoryHeadroom(): number {
  const free = os.freemem();
  // Node reports no cgroup limit as 0 or as a huge number; only a limit below the host's memory counts.
  const limit = process.constrainedMemory?.() ?? 0;
  if (limit <= 0 || limit >= os.totalmem()) return free;
  return Math.min(free, Math.max(0, limit - process.memoryUsage.rss()));
}
