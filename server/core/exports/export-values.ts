// An answer as an export cell: as stored (spec 4.3), or as people read it (values=labels): option labels instead
// of option values, Yes/No for booleans, a file by its name and link.
import { answerOutput } from '../answer-types/registry.ts';
import type { FieldColumn } from '../submission-fields.ts';
import { type ExportColumn, isEnvelopeColumn } from './export-columns.ts';
import { storedEnvelope } from '../../../shared/crypto/envelope-shape.ts';
import { isFileAnswer } from './file-answer.ts';

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

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * One column's cell of a submission's values, as stored or (`labels`) as people read it: a part's (a matrix row's)
 * own cell, a type's own cell (a ranking's values joined), else the value (with labels, labelledValue).
 */
export function exportCell(column: ExportColumn, values: Record<string, unknown>, labels: boolean): unknown {
  if (isEnvelopeColumn(column)) {
    const envelope = storedEnvelope(values);
    return envelope && JSON.stringify(envelope);
  }
  const value = values[column.key];
  const output = column.field && answerOutput(column.field.type);
  if (column.part)
    return empty(value) ? undefined : output?.partCell?.(column.field!, value, column.part.value, labels);
  if (!empty(value) && output?.cell) return output.cell(column.field!, value, labels);
  return labels ? labelledValue(column.field, value) : value;
}

/** Whether a column's cell is computed by its type (it is then final: no further labels). */
export const typedCell = (column: ExportColumn) =>
  !!column.part || !!(column.field && answerOutput(column.field.type)?.cell) || isEnvelopeColumn(column);
