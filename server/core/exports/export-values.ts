// An answer as an export cell: as stored (spec 4.3), or as people read it (values=labels): option labels instead
// of option values, Yes/No for booleans, a file by its name and link.
import type { FieldColumn } from '../submission-fields.ts';

/** A stored file answer (`{file_id, name, size, type, url}`, docs/api.md "Files"), as far as an export needs it. */
export interface FileAnswer {
  name: string;
  url: string;
  size?: number;
}

/** Whether a stored value is a file object. */
export function isFileAnswer(value: unknown): value is FileAnswer {
  const v = value as Partial<FileAnswer> & { file_id?: unknown };
  return (
    !!v &&
    typeof v === 'object' &&
    typeof v.file_id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.url === 'string'
  );
}

/** Yes or No, as the panel and the mails say it. */
export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** One option value's label: the newest label any version gave it, else the value itself (an option since removed). */
export function optionLabel(field: FieldColumn | undefined, value: unknown): unknown {
  if (typeof value !== 'string' || !field?.options) return value;
  return Object.hasOwn(field.options, value) ? field.options[value] : value;
}

/**
 * An answer with labels in place of stored values (lists item by item); other values stay as they are. A file reads
 * as "name (link)" in text.
 */
export function labelledValue(field: FieldColumn | undefined, value: unknown): unknown {
  if (typeof value === 'boolean') return yesNo(value);
  if (Array.isArray(value)) return value.map((v) => labelledValue(field, v));
  if (isFileAnswer(value)) return `${value.name} (${value.url})`;
  return optionLabel(field, value);
}
