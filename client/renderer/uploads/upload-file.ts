// Sends one file to the uploads endpoint with XMLHttpRequest (fetch cannot report upload progress):
// the raw bytes, the type as Content-Type and the name percent-encoded in X-File-Name.

/** What the server answers with 201. */
export interface Uploaded {
  upload_id: string;
  name: string;
  size: number;
  type: string;
}

/** A running upload: its outcome, and a cancel. */
export interface UploadHandle {
  done: Promise<Uploaded>;
  cancel(): void;
}

/**
 * Why an upload failed, for the file field to say in the page's language; `detail` is the server's own
 * words for a refused file (a 413 or 422 that gives one), shown as they are.
 */
export interface UploadFailure {
  reason: 'failed' | 'connection' | 'too_large' | 'too_many' | 'paused' | 'cancelled';
  detail?: string;
}

/** Starts an upload; `onProgress` gets whole percents. */
export function uploadFile(url: string, file: File, onProgress: (percent: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<Uploaded>((resolve, reject) => {
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.floor((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: (Partial<Uploaded> & { details?: string[] }) | undefined;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status === 201 && body?.upload_id) return resolve(body as Uploaded);
      reject(failure(xhr.status, body));
    };
    xhr.onerror = () => reject({ reason: 'connection' } satisfies UploadFailure);
    xhr.onabort = () => reject({ reason: 'cancelled' } satisfies UploadFailure);
    xhr.open('POST', url);
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('x-file-name', encodeURIComponent(file.name));
    xhr.setRequestHeader('accept', 'application/json');
    xhr.send(file);
  });
  return { done, cancel: () => xhr.abort() };
}

/** The server's refusal: a 413's or 422's own detail (without its `values.key:` path) when it has one. */
function failure(status: number, body: { details?: string[] } | undefined): UploadFailure {
  const given = body?.details?.[0]?.replace(/^[^:]*:\s*/, '');
  const detail = given && (status === 413 || status === 422) ? capitalise(given) : undefined;
  if (status === 413) return { reason: 'too_large', detail };
  if (status === 429) return { reason: 'too_many' };
  if (status === 409) return { reason: 'paused' };
  return { reason: 'failed', detail };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1) + (/[.!?]$/.test(s) ? '' : '.');
