// The one-time link of `formstead admin-link` that lets an owner set a new password.
//
// The command writes the hash of a fresh token into the data folder; the server reads that file when the
// link is opened. A file rather than a store row because the command must work while the server runs:
// the server holds the folder's lock and the database lives in its memory, so no second process can
// write it. Whoever can write the data folder already controls the instance, so the file grants nothing
// new. Only the hash is kept: the printed link is the only copy of the token.
//
// On PostgreSQL the database is reachable by any process, and the instances share no folder: the
// request is a meta row instead (writeOwnerResetRow, OwnerResetLinks with a store).
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { newToken } from './ids.ts';
import { hashSecret } from './keys.ts';
import type { Store } from './store/types.ts';

/** The meta key of the pending request on PostgreSQL ('' when none). */
export const OWNER_RESET_META = 'owner_reset_request';

/** File name of the pending request inside the data folder. */
export const OWNER_RESET_FILE = 'admin-link.json';
/** A link is good for an hour: long enough to open it, short enough that a forgotten one expires. */
export const OWNER_RESET_TTL_MS = 3600_000;

/** Writes a new request (replacing any older one) and returns its token; the command prints the link. */
export async function writeOwnerResetRequest(dataDir: string, now = Date.now()): Promise<string> {
  const token = newToken();
  const file = path.join(dataDir, OWNER_RESET_FILE);
  const body = requestBody(token, now);
  await writeFile(`${file}.tmp`, body, { mode: 0o600 });
  await rename(`${file}.tmp`, file);
  return token;
}

/** writeOwnerResetRequest for PostgreSQL: the request goes into the store's meta, which every instance reads. */
export async function writeOwnerResetRow(store: Store, now = Date.now()): Promise<string> {
  const token = newToken();
  await store.meta.set(OWNER_RESET_META, requestBody(token, now));
  return token;
}

const requestBody = (token: string, now: number) =>
  JSON.stringify({ tokenHash: hashSecret(token), expiresAt: new Date(now + OWNER_RESET_TTL_MS).toISOString() });

/**
 * The server's side: checks a link's token and uses it up (from the data folder, or from the store's meta when given
 * one).
 */
export class OwnerResetLinks {
  constructor(
    private readonly dataDir: string,
    private readonly store?: Store,
  ) {}

  private get file(): string {
    return path.join(this.dataDir, OWNER_RESET_FILE);
  }

  private async read(): Promise<string> {
    return this.store ? ((await this.store.meta.get(OWNER_RESET_META)) ?? '') : readFile(this.file, 'utf8');
  }

  /** Whether `token` is the pending, unexpired request's. */
  async valid(token: string): Promise<boolean> {
    if (!token) return false;
    let request: { tokenHash?: unknown; expiresAt?: unknown };
    try {
      request = JSON.parse(await this.read());
    } catch {
      return false; // none pending (or a torn write, which the next admin-link replaces)
    }
    return (
      request.tokenHash === hashSecret(token) &&
      typeof request.expiresAt === 'string' &&
      request.expiresAt > new Date().toISOString()
    );
  }

  /** Uses the request up; false when it was already gone. */
  async consume(): Promise<boolean> {
    if (this.store) {
      // Read and cleared in one turn across instances, so one link is used once.
      const store = this.store;
      let used = false;
      await store.jobs.exclusive('owner-reset', async () => {
        if (!(await store.meta.get(OWNER_RESET_META))) return;
        await store.meta.set(OWNER_RESET_META, '');
        used = true;
      });
      return used;
    }
    try {
      await unlink(this.file);
      return true;
    } catch {
      return false;
    }
  }
}
