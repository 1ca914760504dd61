// One process per data folder: a `lock` file naming the holder, created atomically, taken over only when
// the process it names is gone (the previous run was killed and could not remove it).
import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fsyncDir } from './durable-fs.ts';
import { StorageError } from './storage-error.ts';

/** File name of the lock inside the data folder. */
export const LOCK_FILE = 'lock';

interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

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
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await unlink(path.join(folder, LOCK_FILE)).catch(() => undefined);
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
  await writeFile(mine, JSON.stringify(me));
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await publish(mine, lockFile, me);
        await fsyncDir(folder);
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const owner = await readOwner(lockFile);
      if (owner === 'gone') continue;
      if (owner && isAlive(owner)) {
        throw locked(folder, `process ${owner.pid} on ${owner.host} has held it since ${owner.since}`);
      }
      // Dead holder, or content we cannot read: link() only ever publishes a complete file, so an
      // unreadable lock is one a power loss emptied. Both are stale.
      await takeOver(folder, lockFile, owner, log);
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
    await writeFile(lockFile, JSON.stringify(me), { flag: 'wx' });
  }
}

/**
 * Moves a stale lock aside. If another starting process replaced it in the meantime, we moved *its* live
 * lock: put it back and let the loop find it held.
 */
async function takeOver(folder: string, lockFile: string, stale: LockOwner | undefined, log: (line: string) => void) {
  const aside = path.join(folder, `${LOCK_FILE}.stale.${process.pid}`);
  try {
    await rename(lockFile, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const moved = await readOwner(aside);
  const same = moved === stale || (moved && moved !== 'gone' && stale && moved.pid === stale.pid && moved.since === stale.since);
  if (!same && moved && moved !== 'gone' && isAlive(moved)) {
    await link(aside, lockFile).catch(() => undefined);
  } else {
    log(`took over the stale lock of ${folder} (${stale ? `process ${stale.pid} is no longer running` : 'unreadable lock file'})`);
  }
  await unlink(aside).catch(() => undefined);
}

async function readOwner(file: string): Promise<LockOwner | undefined | 'gone'> {
  try {
    const owner = JSON.parse(await readFile(file, 'utf8')) as LockOwner;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' ? owner : undefined;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : undefined;
  }
}

/** Whether the lock's process may still run. Another host's pid cannot be checked: assume it does. */
function isAlive(owner: LockOwner): boolean {
  if (owner.host !== os.hostname()) return true;
  // Our own pid in a lock we do not hold (see heldHere) is a previous run in a container where the
  // server is always pid 1: stale.
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by another user
  }
}

function locked(folder: string, why: string): StorageError {
  return new StorageError(
    'data_locked',
    `The data folder ${folder} is in use (${why}). Only one Formstead process may use a data folder; stop ` +
      `the other one, or if none is running, delete ${path.join(folder, LOCK_FILE)}.`,
  );
}
