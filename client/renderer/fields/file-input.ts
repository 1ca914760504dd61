// A file picker. With an upload target (the hosted page, the embed) the file is sent as soon as it is
// chosen, with a progress bar and Cancel, and the field's value becomes the upload id the submission
// carries. Without one (the renderer used on its own) the value is the file's name.
import { useContext, useRef, useState } from 'preact/hooks';
import { html } from '../html.ts';
import type { ControlProps } from '../types.ts';
import { UploadContext } from '../uploads/upload-context.ts';
import { startUpload } from '../uploads/start-upload.ts';
import type { UploadHandle } from '../uploads/upload-file.ts';
import { controlAria } from './aria.ts';
import { formatSize } from '../../../shared/text/format-size.ts';

/** Names and sizes of this page's uploads, so a step shown again still says which file was sent. */
const sent = new Map<string, { name: string; size: number }>();

/** A native file input honouring `accept`; uploads when the host gave an upload target. */
export function FileInput(p: ControlProps) {
  const { target, busy } = useContext(UploadContext);
  // A file input cannot be given a value, so after Back/Continue the choice is shown as text instead.
  const [pickedHere, setPickedHere] = useState(false);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [problem, setProblem] = useState('');
  const running = useRef<UploadHandle | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const settle = () => {
    running.current = undefined;
    busy.delete(p.field.key);
  };

  const choose = (file: File | undefined) => {
    setPickedHere(true);
    setProblem('');
    running.current?.cancel();
    settle();
    if (!target) return p.onChange(file?.name ?? '');
    p.onChange('');
    if (!file) return;
    if (target.maxBytes !== undefined && file.size > target.maxBytes) {
      return fail(`This file is too large (${formatSize(file.size)}): the most is ${formatSize(target.maxBytes)}.`);
    }
    const handle = startUpload(target.url(p.field.key), file, setProgress);
    running.current = handle;
    busy.add(p.field.key);
    setProgress(0);
    handle.done.then(
      (u) => {
        if (running.current !== handle) return;
        settle();
        setProgress(undefined);
        sent.set(u.upload_id, { name: u.name, size: u.size });
        p.onChange(u.upload_id);
      },
      (err: unknown) => {
        if (running.current !== handle) return;
        settle();
        // start-upload.ts words every failure for the respondent.
        fail((err as Error).message);
      },
    );
  };
  const fail = (message: string) => {
    setProgress(undefined);
    setProblem(message);
    // Cleared so the same file can be chosen again after a failure.
    if (input.current) input.current.value = '';
  };
  const cancel = () => {
    running.current?.cancel();
    settle();
    setProgress(undefined);
    if (input.current) input.current.value = '';
  };

  const value = typeof p.value === 'string' ? p.value : '';
  const upload = target ? sent.get(value) : undefined;
  const earlier =
    !pickedHere && value ? (target ? (upload ? `${upload.name} (${formatSize(upload.size)})` : '') : value) : '';
  return html`<div class="fs-file">
    <input
      class="fs-input"
      id=${p.id}
      name=${p.name}
      type="file"
      accept=${p.field.accept}
      ref=${input}
      ...${controlAria(p)}
      onChange=${(e: Event) => choose((e.currentTarget as HTMLInputElement).files?.[0])}
    />
    ${
      progress !== undefined
        ? html`<div class="fs-upload">
          <progress class="fs-upload-bar" max="100" value=${progress}
            aria-label="Upload progress">${progress}%</progress>
          <span class="fs-upload-text">Uploading… ${progress}%</span>
          <button type="button" class="fs-btn fs-btn-text fs-upload-cancel" onClick=${cancel}>Cancel</button>
        </div>`
        : null
    }
    ${
      target && progress === undefined && value && upload && pickedHere
        ? html`<p class="fs-help fs-upload-done"
            role="status">Uploaded: ${upload.name} (${formatSize(upload.size)})</p>`
        : null
    }
    ${earlier ? html`<p class="fs-help">Chosen: ${earlier}</p>` : null}
    ${problem ? html`<p class="fs-upload-problem" role="alert">${problem}</p>` : null}
  </div>`;
}
