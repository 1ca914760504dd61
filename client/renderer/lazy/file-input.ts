// A file picker. With an upload target (the hosted page, the embed) the file is sent as soon as it is
// chosen, with a progress bar and Cancel, and the field's value becomes the upload id the submission
// carries. Without one (the renderer used on its own) the value is the file's name. An on-demand module
// (fields/file-field.ts loads it for forms with a file field), with its own English words.
import type { Catalogue } from '../../../shared/engine/i18n/catalogue.ts';
import { formatSize } from '../../../shared/text/format-size.ts';
import { html } from '../html.ts';
import type { ControlProps } from '../types.ts';
import { type UploadFailure, type UploadHandle, uploadFile } from '../uploads/upload-file.ts';
import { controlAria, UploadContext, useContext, useRef, useState, useWords } from './parts.ts';

export { giveParts } from './parts.ts';

/** The file field's words in English; the page's catalogue has them in its language (shared/engine/i18n). */
export const fileWords: Catalogue = {
  lang: 'en',
  messages: {
    fileTooLarge: 'This file is too large ({size}): the most is {max}.',
    uploading: 'Uploading… {percent}%',
    uploadProgress: 'Upload progress',
    uploaded: 'Uploaded: {file}',
    chosen: 'Chosen: {file}',
    uploadFailed: 'The file could not be sent. Try again.',
    uploadOffline: 'The file could not be sent: the connection failed. Try again.',
    uploadRefused: 'This file is too large.',
    uploadBusy: 'Too many files just now. Wait a moment and try again.',
    uploadPaused: 'This form is paused and is not accepting files right now.',
  },
};

/** The words of each way an upload can fail (the server's own detail for a 413 or 422 that gives one). */
const failureWords: Record<
  UploadFailure['reason'],
  'uploadFailed' | 'uploadOffline' | 'uploadRefused' | 'uploadBusy' | 'uploadPaused'
> = {
  failed: 'uploadFailed',
  connection: 'uploadOffline',
  too_large: 'uploadRefused',
  too_many: 'uploadBusy',
  paused: 'uploadPaused',
  cancelled: 'uploadFailed',
};

/** Names and sizes of this page's uploads, so a step shown again still says which file was sent. */
const sent = new Map<string, { name: string; size: number }>();

/** A native file input honouring `accept`; uploads when the host gave an upload target. */
export function FileInput(p: ControlProps) {
  const { target, busy } = useContext(UploadContext);
  const t = useWords(fileWords);
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
      return fail(t('fileTooLarge', { size: formatSize(file.size), max: formatSize(target.maxBytes) }));
    }
    const handle = uploadFile(target.url(p.field.key), file, setProgress);
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
        const failure = err as UploadFailure;
        fail(failure.detail ?? t(failureWords[failure.reason] ?? 'uploadFailed'));
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
            aria-label=${t('uploadProgress')}>${progress}%</progress>
          <span class="fs-upload-text">${t('uploading', { percent: progress })}</span>
          <button type="button" class="fs-btn fs-btn-text fs-upload-cancel" onClick=${cancel}>${t('cancel')}</button>
        </div>`
        : null
    }
    ${
      target && progress === undefined && value && upload && pickedHere
        ? html`<p class="fs-help fs-upload-done"
            role="status">${t('uploaded', { file: `${upload.name} (${formatSize(upload.size)})` })}</p>`
        : null
    }
    ${earlier ? html`<p class="fs-help">${t('chosen', { file: earlier })}</p>` : null}
    ${problem ? html`<p class="fs-upload-problem" role="alert">${problem}</p>` : null}
  </div>`;
}
