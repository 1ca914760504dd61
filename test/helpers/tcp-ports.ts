// Which TCP connections a process holds, read from Linux's /proc: lets a receiver tell which of several
// processes sent a request (by the request's remote port) without asking the processes anything.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Local ports of the TCP connections process `pid` has open to `remotePort` (any address). */
export function localPortsTo(pid: number, remotePort: number): Set<number> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]);
    } catch {
      // Closed between the listing and the read.
    }
  }
  const ports = new Set<number>();
  for (const table of ['tcp', 'tcp6']) {
    // Lines: sl local_address rem_address st ... inode (10th field); addresses are HEXIP:HEXPORT.
    for (const line of readFileSync(`/proc/${pid}/net/${table}`, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10 || !inodes.has(f[9])) continue;
      if (parseInt(f[2].split(':')[1], 16) === remotePort) ports.add(parseInt(f[1].split(':')[1], 16));
    }
  }
  return ports;
}
