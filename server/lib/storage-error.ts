// The one error type of the storage layer: a code a caller can branch on and a message a person can act on.

/** Why opening or using the data folder failed. */
export type StorageErrorCode =
  | 'data_locked' // another process holds the folder
  | 'snapshot_corrupt' // formstead.db fails its header or checksum
  | 'journal_corrupt' // damage before the end of a journal, or a missing generation
  | 'replay_failed' // a journaled statement failed on replay: journal and snapshot disagree
  | 'migration_failed'
  | 'storage_failed' // a journal write or fsync failed; the journal's state is unknown: the process must restart
  | 'storage_full' // the disk was full: nothing of the refused write stayed in the journal; writes resume once there is room
  | 'snapshot_failed' // a background snapshot could not be made; nothing is lost, it is tried again
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

/** Whether a storage error means "cannot take writes now" (503 storage_unavailable), not a bug. */
export function storageUnavailable(err: unknown): err is StorageError {
  return err instanceof StorageError && (err.code === 'storage_full' || err.code === 'storage_failed' || err.code === 'closed');
}
