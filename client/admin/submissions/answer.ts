// One answer as people read it: option labels instead of stored values, Yes/No for switches, files by
// name, passwords masked until revealed. Always text, never markup (answers are untrusted).
import { html } from '../../renderer/html.ts';
import { valueText } from '../common/format.ts';
import type { FieldColumn } from '../types.ts';
import { MaskedValue } from './masked-value.ts';

/** A stored file value (ARCHITECTURE.md "Files"): `{file_id, name, size, type, url}`. */
interface FileValue {
  name: string;
  size?: number;
  url?: string;
}

const isFile = (v: unknown): v is FileValue => typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as FileValue).name === 'string';

/** "12 KB", "3.4 MB". */
const bytes = (n: number) => (n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${Math.round(n / 1024)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

/**
 * A file link of this server, made relative: it names the public URL, but the panel may be open at
 * another address of the same server, where the session cookie is (cookies are per host).
 */
function sameServer(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname.startsWith('/v1/files/') ? u.pathname + u.search : url;
  } catch {
    return url;
  }
}

/** An answer as one line of text, with option labels and Yes/No. */
export function answerText(field: FieldColumn | undefined, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((v) => answerText(field, v)).join('; ');
  if (typeof value === 'string') return field?.options?.[value] ?? value;
  if (isFile(value)) return value.size === undefined ? value.name : `${value.name} (${bytes(value.size)})`;
  return valueText(value);
}

/** An answer for the table or the detail view; a password is masked with a Reveal button. */
export function Answer({ field, value }: { field?: FieldColumn; value: unknown }) {
  if (field?.type === 'password' && typeof value === 'string' && value !== '') return html`<${MaskedValue} value=${value} label=${field.label} />`;
  if (isFile(value) && value.url) return html`<a href=${sameServer(value.url)} download>${answerText(field, value)}</a>`;
  const text = answerText(field, value);
  return text === '' ? html`<span class="muted">—</span>` : html`<span class="answer">${text}</span>`;
}
