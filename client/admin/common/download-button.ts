// A download the panel fetches itself, so a slow export shows that it is working (UX.md "Honest states"): a spinner,
// how many submissions it holds and how much has arrived, then the browser saves the file under `filename`. The
// link stays a real link: opened in a new tab or without the script, the browser downloads it as usual.
import { useState } from 'preact/hooks';
import { formatSize } from '../../../shared/text/format-size.ts';
import { html } from '../../renderer/html.ts';
import { count } from './format.ts';

/** What went wrong, from the server's `{error, details}` or the status. */
async function failure(res: Response): Promise<string> {
  const body = (await res.json().catch(() => undefined)) as { details?: string[] } | undefined;
  if (res.status === 401) return 'Your session ended. Sign in again, then download.';
  return body?.details?.length
    ? `The download failed: ${body.details.join('; ')}`
    : `The download failed (${res.status}).`;
}

/** Hands bytes to the browser as a saved file. */
export function saveAs(parts: Uint8Array[], type: string, filename: string) {
  const url = URL.createObjectURL(new Blob(parts as BlobPart[], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started saving by now; the object URL only needs to outlive that.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A link styled as a button that downloads `href` as `filename`; `rows` is how many submissions it holds. */
export function DownloadButton({
  href,
  filename,
  label,
  rows,
}: {
  href: string;
  filename: string;
  label: string;
  rows?: number;
}) {
  const [bytes, setBytes] = useState<number | null>(null);
  const [error, setError] = useState('');
  const busy = bytes !== null;
  const start = async () => {
    setError('');
    setBytes(0);
    try {
      const res = await fetch(href, { credentials: 'same-origin' });
      if (!res.ok || !res.body) throw new Error(await failure(res));
      const reader = res.body.getReader();
      const parts: Uint8Array[] = [];
      let received = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        received += value.length;
        setBytes(received);
      }
      saveAs(parts, res.headers.get('content-type') ?? 'application/octet-stream', filename);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'The download failed. Check the connection.');
    } finally {
      setBytes(null);
    }
  };
  return html`<span class="download">
    <a class="button secondary" href=${href} download=${filename} aria-disabled=${busy ? 'true' : undefined}
      onClick=${(e: MouseEvent) => {
        e.preventDefault();
        if (!busy) start();
      }}>${label}</a>
    ${
      busy &&
      html`<span class="busy small" role="status"><span class="spinner" aria-hidden="true"></span>
        Preparing${rows === undefined ? '' : ` ${count(rows, 'submission')}`}… ${formatSize(bytes)}</span>`
    }
    ${error && html`<span class="bad small" role="alert">${error}</span>`}
  </span>`;
}
