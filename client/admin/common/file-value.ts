// A file a respondent sent, as the panel shows it: the name as a download link, then size and type.
// No thumbnail, even for images (docs/decisions.md, 2026-11-24): showing one means the panel's page
// decoding a stranger's file, and files are only ever served as attachments.
import { html } from '../../renderer/html.ts';
import { formatSize } from '../../../shared/text/format-size.ts';
import { valueText } from './format.ts';

/** A file field's stored value (`{file_id, name, size, type, url}`). */
export interface FileValueData {
  file_id: string;
  name: string;
  size: number;
  type: string;
  url: string;
}

/** Whether a stored value is a file object. */
export function isFileValue(value: unknown): value is FileValueData {
  const v = value as FileValueData | null;
  return (
    !!v &&
    typeof v === 'object' &&
    typeof v.file_id === 'string' &&
    /^[0-9a-f-]{36}$/.test(v.file_id) &&
    typeof v.name === 'string' &&
    typeof v.size === 'number'
  );
}

/**
 * The link is relative: the panel may be open on another address than the public URL, and the session
 * cookie of this address is what lets the download through.
 */
export function FileValue({ file }: { file: FileValueData }) {
  return html`<span class="file-value">
    <a href=${`/v1/files/${file.file_id}`} download=${file.name} title=${`Download ${file.name}`}>${file.name}</a>
    <span class="muted">${formatSize(file.size)} · ${file.type}</span>
  </span>`;
}

/** Any stored value: a file as FileValue, everything else as plain text. */
export function CellValue({ value }: { value: unknown }) {
  return isFileValue(value) ? html`<${FileValue} file=${value} />` : valueText(value);
}
