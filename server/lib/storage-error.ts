// The one error type of the storage layer: a code a caller can branch on and a message a person can act on;
// and the health a store reports from the errors it holds (both stores, sql.js and PostgreSQL).

/** Why opening or using the data folder failed. */
export type StorageErrorCode =
  | 'data_locked' // another process holds the folder
  | 'snapshot_corrupt' // formstead.db fails its header or checksum
  | 'journal_corrupt' // damage before the end of a journal, or a missing generation
  | 'replay_failed' // a journaled statement failed on replay: journal and snapshot disagree
  | 'migration_failed'
  | 'storage_failed' // a journal write or fsync failed; the journal's state is unknown: the process must restart
  // the disk was full: nothing of the refused write stayed in the journal; writes resume once there is room
  | 'storage_full'
  | 'snapshot_failed' // a background snapshot could not be made; nothing is lost, it is tried again
  | 'database_unavailable' // PostgreSQL cannot be reached now; nothing was written, a later call may work
  | 'closed';

/** An error from the durable store; `code` says which rule was broken, `message` names the file or folder. */
export class StorageError extends Error {
  readonly code: StorageErrorCode;

  constructor(code: StorageErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageError';
    this.code = code;
  }
}

/**
 * Whether the store takes writes. `full`: the disk was full and nothing of the refused writes stayed in
 * the journal; the next attempt (a write, or checkHealth) reloads the folder and writes resume once there
 * is room. `failed`: a write or fsync failed in a way that leaves the journal's state unknown; only a
 * restart (which replays the journal) is safe. `unreachable` (PostgreSQL only): the database server
 * cannot be reached; calls work again once it is back. `epoch` grows with each reload (or reconnect),
 * so caches above the store know to forget what they read before.
 */
export interface StorageHealth {
  state: 'ok' | 'full' | 'failed' | 'unreachable';
  epoch: number;
}

/** Whether a storage error means "cannot take writes now" (503 storage_unavailable), not a bug. */
export function storageUnavailable(err: unknown): err is StorageError {
  return (
    err instanceof StorageError &&
    (err.code === 'storage_full' ||
      err.code === 'storage_failed' ||
      err.code === 'database_unavailable' ||
      err.code === 'closed')
  );
}

/** Whether a file operation failed because the disk (or the user's quota) is full. */
export function diskFull(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}
