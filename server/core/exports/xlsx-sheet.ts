// The export's columns as a typed sheet: numbers as numbers, dates and the submission time as dates, Yes/No for
// booleans, files as links named by the file, lists joined with "; " as in the CSV. No apostrophe before a leading
// "=": an xlsx text cell is never read as a formula (spec 4.3's escaping is for CSV, where a cell has no type).
import { fieldTypeCore } from '../../../shared/fields/registry.ts';
import { cellText } from '../../lib/csv.ts';
import type { XlsxCell, XlsxColumn } from '../../lib/xlsx-writer.ts';
import type { SubmissionRecord } from '../store/types.ts';
import type { ExportColumn } from './export-columns.ts';
import type { ExportOptions } from './export-options.ts';
import { exportCell, optionLabel, typedCell, yesNo } from './export-values.ts';
import { isFileAnswer } from './file-answer.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

/** Each column's number format: the submission time in full (UTC), a date field's day, a date-time to the minute. */
function formatOf(column: ExportColumn): string | undefined {
  if (column.key === 'created_at' && !column.field) return 'yyyy-mm-dd hh:mm:ss';
  return column.field && fieldTypeCore(column.field.type)?.cellFormat;
}

/** Roughly what a column's answers need, in characters: wide for long text, narrow for numbers and dates. */
const typeWidth: Record<string, number> = {
  number: 12,
  date: 12,
  datetime: 17,
  checkbox: 8,
  switch: 8,
  email: 28,
  url: 32,
  textarea: 50,
  file: 28,
  signature: 28,
  rating: 10,
  scale: 10,
  nps: 10,
  time: 8,
  ranking: 40,
};

/** The sheet's columns: headers as the export names them, widths from the header and the answer type (8 to 50). */
export function xlsxColumns(columns: ExportColumn[], extraKeys: readonly string[] = []): XlsxColumn[] {
  // The inputs HTML posts kept beside the fields (accept_undeclared) come last, as text, headed `extra.<name>`.
  const extra = extraKeys.map((k) => ({ header: `extra.${k}`, width: Math.min(50, Math.max(12, k.length + 8)) }));
  return [...fieldColumnsOf(columns), ...extra];
}

function fieldColumnsOf(columns: ExportColumn[]): XlsxColumn[] {
  return columns.map((c) => {
    const natural = c.field ? (typeWidth[c.field.type] ?? 22) : c.key === 'id' ? 37 : 20;
    return { header: c.header, width: Math.min(50, Math.max(8, natural, c.header.length + 2)), format: formatOf(c) };
  });
}

/** One answer as a typed cell; with `labels`, option values read as their labels. */
export function xlsxCell(column: ExportColumn, value: unknown, labels: boolean): XlsxCell {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'boolean') return yesNo(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (isFileAnswer(value)) return { text: value.name, link: value.url };
  if (Array.isArray(value)) return value.map((v) => cellText(labels ? optionLabel(column.field, v) : v)).join('; ');
  if (typeof value !== 'string') return cellText(value);
  const type = column.field?.type;
  // A date answer is a day, not an instant: read as UTC so the sheet shows the day that was typed.
  if ((type === 'date' && DATE.test(value)) || (type === 'datetime' && DATE_TIME.test(value))) {
    const at = new Date(`${value}${type === 'date' ? 'T00:00:00' : ''}Z`);
    if (!Number.isNaN(at.getTime())) return at;
  }
  return String(labels ? optionLabel(column.field, value) : value);
}

/** Every submission as a row of typed cells, in the columns' order. */
export async function* xlsxRows(
  columns: ExportColumn[],
  submissions: AsyncIterable<SubmissionRecord>,
  options: ExportOptions,
  extraKeys: readonly string[] = [],
): AsyncGenerator<XlsxCell[]> {
  const labels = options.values === 'labels';
  for await (const sub of submissions) {
    const row: XlsxCell[] = [sub.id, new Date(sub.createdAt)];
    for (let i = 2; i < columns.length; i++) {
      const column = columns[i];
      // A type's own cell (a matrix row's, a ranking's) is already what people read: typed, never relabelled.
      if (typedCell(column)) row.push(xlsxCell(column, exportCell(column, sub.values, labels), false));
      else row.push(xlsxCell(column, sub.values[column.key], labels));
    }
    for (const k of extraKeys) row.push(sub.extra?.[k] ?? '');
    yield row;
  }
}
