// What Linux's /proc says about a benchmarked process: its CPU time and its memory, read the same way
// by every bench that reports CPU per request or peak memory.
import { readdirSync, readFileSync } from 'node:fs';

/** CPU time (user + system) a process has used so far, in µs; 0 for one that is gone. */
export function cpuMicros(pid: number): number {
  return statMicros(`/proc/${pid}/stat`);
}

/**
 * CPU time of a process's main thread alone, in µs: for Node, the event loop (JavaScript, the sockets);
 * the rest of cpuMicros is its other threads (V8's compiler and GC helpers, libuv's pool).
 */
export function mainThreadMicros(pid: number): number {
  return statMicros(`/proc/${pid}/task/${pid}/stat`);
}

function statMicros(file: string): number {
  try {
    const stat = readFileSync(file, 'utf8').split(') ')[1].split(' ');
    return ((Number(stat[11]) + Number(stat[12])) * 1e6) / 100; // utime, stime in clock ticks (100/s on Linux)
  } catch {
    return 0;
  }
}

/** A memory line of /proc/PID/status (`VmRSS`, `VmHWM`, …) in MB. */
export function procStatusMb(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
}

/** A process and every process it forked (PostgreSQL's backends, WAL writer, checkpointer), by /proc's ppid. */
export function withChildren(parent: number): number[] {
  const pids = [parent];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (ppid === parent) pids.push(Number(name));
    } catch {
      /* exited meanwhile */
    }
  }
  return pids;
}

/** CPU µs of a set of processes, per pid, to take a delta from. */
export const cpuSnapshot = (pids: number[]) => new Map(pids.map((p) => [p, cpuMicros(p)]));

/** CPU µs `pids` used since `before` (a pid missing there, forked since, counts from 0). */
export function cpuSince(before: Map<number, number>, pids: number[]): number {
  let sum = 0;
  for (const p of pids) sum += cpuMicros(p) - (before.get(p) ?? 0);
  return sum;
}
