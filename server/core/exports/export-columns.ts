// The columns of a submissions export (spec 4.3 order: id, created_at, the latest version's keys, then keys only
// older versions had), headed by key or by label. Labels are the newest version's that has the key, so a renamed
// question (the blank form's `answer` now called "Name") is headed by what the form asks today. A type with parts
// (a matrix's rows, answer-types/) takes one column per part: `<key>.<part>`, headed "Label: Part" by label.
import { answerOutput } from '../answer-types/registry.ts';
import type { FieldColumn } from '../submission-fields.ts';
import type { ExportOptions } from './export-options.ts';

/** One column of an export: the answer's key (absent for the id and time columns), its header and its field. */
export interface ExportColumn {
  header: string;
  /** `id`, `created_at`, or a field key. */
  key: string;
  field?: FieldColumn;
  /** The part of the answer this column holds (a matrix's row value) and its label. */
  part?: { value: string; label: string };
}

/** A field's columns: one, or one per part of a type that has parts. */
function columnsOf(field: FieldColumn): ExportColumn[] {
  const parts = answerOutput(field.type)?.parts?.(field) ?? [];
  if (!parts.length) return [{ key: field.key, header: field.key, field }];
  return parts.map((part) => ({ key: field.key, header: `${field.key}.${part.value}`, field, part }));
}

/** The last column of an encrypted form's export: each encrypted answer's envelope as JSON. */
export const ENCRYPTED_KEY = 'encrypted';

/** Whether a column is the envelope's (it has no field: a field keyed "encrypted" keeps its own column). */
export const isEnvelopeColumn = (column: ExportColumn) => column.key === ENCRYPTED_KEY && !column.field;

/** What the fixed columns read as when headed by label. */
const FIXED_LABELS: Record<string, string> = {
  id: 'ID',
  created_at: 'Submitted at (UTC)',
  [ENCRYPTED_KEY]: 'Encrypted answer',
};

/** A header on one line: spreadsheets show a line break in a header as a tall first row. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The export's columns (with `encrypted`, the envelope's column last). Headed by label, two columns that read the
 * same (case aside) are told apart by a number, "Name", "Name (2)", so every header names one column; a blank label
 * falls back to the key.
 */
export function exportColumns(
  fields: FieldColumn[],
  headers: ExportOptions['headers'],
  encrypted = false,
): ExportColumn[] {
  const columns: ExportColumn[] = [
    { key: 'id', header: 'id' },
    { key: 'created_at', header: 'created_at' },
    ...fields.flatMap(columnsOf),
    // An encrypted form's answers are envelopes: one column holds each (answers from before stay in theirs).
    ...(encrypted ? [{ key: ENCRYPTED_KEY, header: ENCRYPTED_KEY }] : []),
  ];
  if (headers === 'keys') return columns;
  const taken = new Set<string>();
  for (const column of columns) {
    const label = column.field ? oneLine(column.field.label) || column.key : FIXED_LABELS[column.key];
    const base = column.part ? `${label}: ${oneLine(column.part.label) || column.part.value}` : label;
    let header = base;
    for (let n = 2; taken.has(header.toLowerCase()); n++) header = `${base} (${n})`;
    taken.add(header.toLowerCase());
    column.header = header;
  }
  return columns;
}
