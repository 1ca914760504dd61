// `matrix` (Wave 4): an object from row value to a column value (a list of them when `multiple`). People
// read "Row: Column; Row: Column" as piping shows it, the PDF a table of rows and the chosen column; an
// export gives each row its own column `<key>.<row>` ("Label: Row" when headed by label).
import type { FieldColumn } from '../submission-fields.ts';
import { type AnswerOutput, labelOf } from './answer-output.ts';

/** What separates rows in one line, and a row's columns when it takes several. */
const ROW_JOIN = '; ';
const COLUMN_JOIN = ', ';

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const answeredRow = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && !v.length);

/** One row's chosen column(s) as labels (or values), a list joined. */
function chosen(field: FieldColumn, v: unknown, labels: boolean): string {
  const list = Array.isArray(v) ? v : [v];
  return list.map((c) => (labels ? labelOf(field.matrix?.columns, c) : String(c))).join(COLUMN_JOIN);
}

/** The answered rows as [row label, chosen columns]: the field's rows in order, then rows it no longer has. */
function answeredRows(field: FieldColumn, value: unknown): [string, string][] {
  const answer = asObject(value);
  const rows = field.matrix?.rows ?? [];
  const known = rows.filter((r) => Object.hasOwn(answer, r.value)).map((r) => r.value);
  const unknown = Object.keys(answer).filter((k) => !rows.some((r) => r.value === k));
  return [...known, ...unknown]
    .filter((row) => answeredRow(answer[row]))
    .map((row) => [labelOf(rows, row), chosen(field, answer[row], true)]);
}

/** The answers of a matrix. */
export const matrix: AnswerOutput = {
  summary: 'matrix',
  text: (field, value) =>
    typeof value === 'object' && value !== null
      ? answeredRows(field, value)
          .map(([row, columns]) => `${row}: ${columns}`)
          .join(ROW_JOIN)
      : String(value),
  parts: (field) => field.matrix?.rows ?? [],
  partCell: (field, value, part, labels) => {
    const v = asObject(value)[part];
    if (!answeredRow(v)) return undefined;
    return Array.isArray(v) ? v.map((c) => (labels ? labelOf(field.matrix?.columns, c) : c)) : chosen(field, v, labels);
  },
  pdf: (field, value) => ({ kind: 'table', rows: answeredRows(field, value) }),
};
