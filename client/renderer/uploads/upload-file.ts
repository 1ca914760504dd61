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

/** Raised for every failed upload; `message` is written for the respondent. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly cancelled = false,
  ) {
    super(message);
  }
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
      reject(new UploadError(problemText(xhr.status, body)));
    };
    xhr.onerror = () => reject(new UploadError('The file could not be sent: the connection failed. Try again.'));
    xhr.onabort = () => reject(new UploadError('Upload cancelled.', true));
    xhr.open('POST', url);
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('x-file-name', encodeURIComponent(file.name));
    xhr.setRequestHeader('accept', 'application/json');
    xhr.send(file);
  });
  return { done, cancel: () => xhr.abort() };
}

/** The server's refusal in plain words; a 422's own detail (without its `values.key:` path) when it has one. */
function problemText(status: number, body: { details?: string[] } | undefined): string {
  const detail = body?.details?.[0]?.replace(/^[^:]*:\s*/, '');
  if (status === 413) return detail ? capitalise(detail) : 'This file is too large.';
  if (status === 429) return 'Too many files just now. Wait a moment and try again.';
  if (status === 422 && detail) return capitalise(detail);
  if (status === 409) return 'This form is paused and is not accepting files right now.';
  return 'The file could not be sent. Try again.';
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1) + (/[.!?]$/.test(s) ? '' : '.');
