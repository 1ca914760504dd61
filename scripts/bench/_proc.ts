// What Linux's /proc says about a benchmarked process: its CPU time and its memory, read the same way
// by every bench that reports CPU per request or peak memory.
import { readFileSync } from 'node:fs';

/** CPU time (user + system) a process has used so far, in µs; 0 for one that is gone. */
export function cpuMicros(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
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
