// Adding a picture to a form (a field's picture in the builder, the logo in Settings › Look): drop a
// file on the zone or pick one with the file input (a real input, so the keyboard and screen readers
// reach it), see it, or remove it. The upload goes to POST /admin/forms/{id}/images, which checks the
// bytes, the 2 MB and the 100 pictures of a form (or to POST /admin/drafts/{id}/images for a form never
// published: the picture belongs to the id its first publish gives the form); its refusal is shown as the
// server words it. To replace a picture, remove it and add another.
import { useId, useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { currentWorkspace } from '../trpc.ts';

/** What an upload answers: the address to store in the definition or theme, and the size. */
export interface UploadedImage {
  url: string;
  width: number;
  height: number;
}

/** Whose picture it is: a form's, or a never-published form's draft's. */
export type ImageOwner = { form: string } | { draft: string };

/** Sends one file; resolves with the image, or rejects with the server's words. */
async function upload(owner: ImageOwner, file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append('image', file);
  const workspace = currentWorkspace();
  const query = workspace ? `?workspace=${encodeURIComponent(workspace)}` : '';
  const path =
    'form' in owner ? `forms/${encodeURIComponent(owner.form)}` : `drafts/${encodeURIComponent(owner.draft)}`;
  const res = await fetch(`/admin/${path}/images${query}`, { method: 'POST', body });
  const answer = await res.json().catch(() => undefined);
  if (!res.ok) {
    const details: string[] = answer?.details ?? [];
    // "image: is not a PNG…" reads better without the part's name.
    throw new Error(details.map((d) => d.replace(/^[\w.]+: /, '')).join('; ') || `Upload failed (${res.status}).`);
  }
  return answer as UploadedImage;
}

interface Props {
  owner: ImageOwner;
  /** The picture now (`/i/<id>`), if any. */
  value: string | undefined;
  /** What the picture is for, e.g. "Picture" or "Logo": names the controls. */
  label: string;
  onChange: (image: UploadedImage | undefined) => void;
  disabled?: boolean;
  /** Alt text of the preview (the picture's own description, or "" when a label beside it says it). */
  alt?: string;
}

/** A picture: its preview and Remove, or a drop zone with a file input. */
export function ImagePicker({ owner, value, label, onChange, disabled, alt }: Props) {
  const id = `img${useId().replace(/[^\w-]/g, '')}`;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [over, setOver] = useState(false);
  const take = async (file: File | undefined) => {
    if (!file || disabled) return;
    setBusy(true);
    setProblem(undefined);
    try {
      onChange(await upload(owner, file));
    } catch (err) {
      setProblem((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const status = html`<p class="hint" role="status">${busy ? 'Uploading…' : ''}</p>
    ${problem && html`<p class="field-problem" id=${`${id}-problem`}>${problem}</p>`}`;
  if (value)
    return html`<div class="image-picker">
      <img class="image-preview" src=${value} alt=${alt ?? ''} />
      <button type="button" class="secondary danger" disabled=${disabled}
        onClick=${() => onChange(undefined)}>Remove ${label.toLowerCase()}</button>
    </div>`;
  return html`<div
    class=${`image-picker image-drop${over ? ' over' : ''}`}
    onDragOver=${(e: DragEvent) => {
      e.preventDefault();
      setOver(true);
    }}
    onDragLeave=${() => setOver(false)}
    onDrop=${(e: DragEvent) => {
      e.preventDefault();
      setOver(false);
      void take(e.dataTransfer?.files[0]);
    }}
  >
    <label for=${id}>Add ${label.toLowerCase()}</label>
    <input id=${id} type="file" accept="image/png,image/jpeg,image/webp,image/gif" disabled=${disabled || busy}
      aria-describedby=${`${id}-hint${problem ? ` ${id}-problem` : ''}`}
      onChange=${(e: Event) => take((e.target as HTMLInputElement).files?.[0])} />
    <p class="hint" id=${`${id}-hint`}>Drop a PNG, JPEG, WebP or GIF here, or choose one; at most 2 MB.</p>
    ${status}
  </div>`;
}
