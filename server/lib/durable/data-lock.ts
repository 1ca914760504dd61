// One process per data folder: a `lock` file naming the holder, created atomically, and refreshed (mtime)
// every 10 s while held. A lock is stale, and taken over, when its process is gone: on this host, a pid
// that is not running; from another host (a recreated container gets a new hostname) or a pid that now
// belongs to some other program, a lock nobody has refreshed for 30 s.
import { link, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fsyncDir, PRIVATE_FILE_MODE } from './durable-fs.ts';
import { StorageError } from '../storage-error.ts';

/** File name of the lock inside the data folder. */
export const LOCK_FILE = 'lock';
const HEARTBEAT_MS = 10_000;
/** A lock not refreshed for this long has no live holder (three missed heartbeats). */
export const LOCK_STALE_MS = 30_000;

interface LockOwner {
  pid: number;
  host: string;
  since: string;
}
type Found = { owner: LockOwner | undefined; ageMs: number } | 'gone';

/** A held lock on a data folder. */
export interface DataLock {
  release(): Promise<void>;
}

// Folders this process holds. A pid check cannot see these: the pid in the file is our own.
const heldHere = new Set<string>();

/** Takes the data folder's lock or throws StorageError('data_locked') naming the folder and the holder. */
export async function acquireDataLock(dir: string, log: (line: string) => void): Promise<DataLock> {
  const folder = path.resolve(dir);
  if (heldHere.has(folder)) {
    throw new StorageError('data_locked', `The data folder ${folder} is already open in this process; close it first.`);
  }
  heldHere.add(folder);
  try {
    await takeLock(folder, log);
  } catch (err) {
    heldHere.delete(folder);
    throw err;
  }
  const lockFile = path.join(folder, LOCK_FILE);
  const heartbeat = setInterval(() => {
    const now = new Date();
    utimes(lockFile, now, now).catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      await unlink(lockFile).catch(() => undefined);
      heldHere.delete(folder);
    },
  };
}

async function takeLock(folder: string, log: (line: string) => void): Promise<void> {
  const lockFile = path.join(folder, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
  // Write our claim to a private file, then link() it into place: link fails if `lock` exists, so the
  // lock appears atomically and never half-written.
  const mine = path.join(folder, `${LOCK_FILE}.${process.pid}.${Date.now()}`);
  await writeFile(mine, JSON.stringify(me), { mode: PRIVATE_FILE_MODE });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await publish(mine, lockFile, me);
        await fsyncDir(folder);
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const found = await readLock(lockFile);
      if (found === 'gone') continue;
      const why = staleReason(found);
      if (!why) {
        const o = found.owner!;
        throw locked(folder, `process ${o.pid} on ${o.host} has held it since ${o.since}`);
      }
      await takeOver(folder, lockFile, found, why, log);
    }
    throw locked(folder, 'the lock kept changing hands');
  } finally {
    await unlink(mine).catch(() => undefined);
  }
}

/** Creates `lockFile` with our claim, failing with EEXIST if it exists. */
async function publish(mine: string, lockFile: string, me: LockOwner): Promise<void> {
  try {
    await link(mine, lockFile);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // Some file systems (FAT, some network and FUSE mounts) have no hard links: exclusive create instead.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw err;
    await writeFile(lockFile, JSON.stringify(me), { flag: 'wx', mode: PRIVATE_FILE_MODE });
  }
}

/** Why the lock has no live holder, or undefined if it may have one. */
function staleReason({ owner, ageMs }: { owner: LockOwner | undefined; ageMs: number }): string | undefined {
  // link() only ever publishes a complete file: unreadable content is a lock a power loss emptied.
  if (!owner) return 'its lock file is unreadable';
  const sameHost = owner.host === os.hostname();
  // Our own pid in a lock we do not hold (see heldHere): a previous run in a container, where the
  // server is always pid 1.
  if (sameHost && owner.pid === process.pid) return `process ${owner.pid} was an earlier run of this one`;
  if (sameHost && !isRunning(owner.pid)) return `process ${owner.pid} is no longer running`;
  if (ageMs > LOCK_STALE_MS) return `nothing has refreshed it for ${Math.round(ageMs / 1000)} s`;
  return undefined;
}

/**
 * Moves a stale lock aside. If another starting process replaced it in the meantime we moved *its* fresh
 * lock: put it back and let the loop find it held.
 */
async function takeOver(
  folder: string,
  lockFile: string,
  judged: Exclude<Found, 'gone'>,
  why: string,
  log: (line: string) => void,
) {
  const aside = path.join(folder, `${LOCK_FILE}.stale.${process.pid}`);
  try {
    await rename(lockFile, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const moved = await readLock(aside);
  const same = moved !== 'gone' && JSON.stringify(moved.owner) === JSON.stringify(judged.owner);
  if (!same && moved !== 'gone' && !staleReason(moved)) await link(aside, lockFile).catch(() => undefined);
  else log(`took over the stale lock of ${folder}: ${why}`);
  await unlink(aside).catch(() => undefined);
}

async function readLock(file: string): Promise<Found> {
  try {
    const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    const ageMs = Date.now() - info.mtimeMs;
    try {
      const owner = JSON.parse(text) as LockOwner;
      const ok = typeof owner.pid === 'number' && typeof owner.host === 'string' && typeof owner.since === 'string';
      return { owner: ok ? owner : undefined, ageMs };
    } catch {
      return { owner: undefined, ageMs };
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw err;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by another user
  }
}

function locked(folder: string, why: string): StorageError {
  return new StorageError(
    'data_locked',
    `The data folder ${folder} is in use (${why}). Only one Formstead process may use a data folder: stop ` +
      `the other one. If none is running, delete ${path.join(folder, LOCK_FILE)} or wait ${LOCK_STALE_MS / 1000} s.`,
  );
}
