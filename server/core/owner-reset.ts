// The one-time link of `formstead admin-link` that lets an owner set a new password.
//
// The command writes the hash of a fresh token into the data folder; the server reads that file when the
// link is opened. A file rather than a store row because the command must work while the server runs:
// the server holds the folder's lock and the database lives in its memory, so no second process can
// write it. Whoever can write the data folder already controls the instance, so the file grants nothing
// new. Only the hash is kept: the printed link is the only copy of the token.
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { newToken } from './ids.ts';
import { hashSecret } from './keys.ts';

/** File name of the pending request inside the data folder. */
export const OWNER_RESET_FILE = 'admin-link.json';
/** A link is good for an hour: long enough to open it, short enough that a forgotten one expires. */
export const OWNER_RESET_TTL_MS = 3600_000;

/** Writes a new request (replacing any older one) and returns its token; the command prints the link. */
export async function writeOwnerResetRequest(dataDir: string, now = Date.now()): Promise<string> {
  const token = newToken();
  const file = path.join(dataDir, OWNER_RESET_FILE);
  const body = JSON.stringify({ tokenHash: hashSecret(token), expiresAt: new Date(now + OWNER_RESET_TTL_MS).toISOString() });
  await writeFile(`${file}.tmp`, body, { mode: 0o600 });
  await rename(`${file}.tmp`, file);
  return token;
}

/** The server's side: checks a link's token and uses it up. */
export class OwnerResetLinks {
  constructor(private readonly dataDir: string) {}

  private get file(): string {
    return path.join(this.dataDir, OWNER_RESET_FILE);
  }

  /** Whether `token` is the pending, unexpired request's. */
  async valid(token: string): Promise<boolean> {
    if (!token) return false;
    let request: { tokenHash?: unknown; expiresAt?: unknown };
    try {
      request = JSON.parse(await readFile(this.file, 'utf8'));
    } catch {
      return false; // none pending (or a torn write, which the next admin-link replaces)
    }
    return request.tokenHash === hashSecret(token) && typeof request.expiresAt === 'string' && request.expiresAt > new Date().toISOString();
  }

  /** Uses the request up; false when it was already gone. */
  async consume(): Promise<boolean> {
    try {
      await unlink(this.file);
      return true;
    } catch {
      return false;
    }
  }
}
