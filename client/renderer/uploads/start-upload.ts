// Starting an upload from the file field. The sending code (upload-file.ts) is a bundle of its own,
// fetched when a person first chooses a file: most forms have no file field, and a form that has one
// renders it before any upload starts, so nobody waits for it at the first paint.
import type { UploadHandle } from './upload-file.ts';

/** Said when the upload fails for a reason the person cannot fix by choosing another file. */
const GENERIC = 'The file could not be sent. Try again.';

/** Like upload-file.ts's uploadFile, with its code loaded first; `done` rejects with a respondent's message. */
export function startUpload(url: string, file: File, onProgress: (percent: number) => void): UploadHandle {
  let running: UploadHandle | undefined;
  let cancelled = false;
  const done = import('./upload-file.ts').then(
    (m) => {
      if (cancelled) throw new m.UploadError('', true);
      running = m.uploadFile(url, file, onProgress);
      return running.done.catch((err: unknown) => {
        throw err instanceof m.UploadError ? err : new m.UploadError(GENERIC);
      });
    },
    // The code could not be fetched (offline, say): the same words as a failed send.
    () => {
      throw new Error(GENERIC);
    },
  );
  return {
    done,
    cancel() {
      cancelled = true;
      running?.cancel();
    },
  };
}
