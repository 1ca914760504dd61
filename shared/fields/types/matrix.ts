import { type Json, list, type Path, type Problem, record, text } from '../../definition/check-parts.ts';
import type { FieldTypeCore, TypeContext, TypeProblem } from '../field-type.ts';
import { distinctItems } from '../rules.ts';

/** Most rows a matrix may have. */
export const MATRIX_ROWS_MAX = 30;
/** Fewest and most columns a matrix may have. */
export const MATRIX_COLUMNS_MIN = 2;
export const MATRIX_COLUMNS_MAX = 12;

/** A row's answer that counts as none: absent, empty text or an empty list. */
const unanswered = (answer: unknown) =>
  answer === undefined || answer === null || answer === '' || (Array.isArray(answer) && answer.length === 0);

/** The values of a row or column list; tolerant, as publish checks also read defaults of unchecked fields. */
const itemValues = (items: unknown): Set<string> =>
  new Set(Array.isArray(items) ? items.map((item) => (item as { value?: string } | null)?.value ?? '') : []);

// A grid's row and column values, made once per definition (the engine's hot path checks every answer).
const grids = new WeakMap<object, { rowValues: Set<string>; columns: Set<string> }>();
const gridValues = (grid: { rows: unknown; columns: unknown }) => {
  const known = grids.get(grid);
  if (known) return known;
  const sets = { rowValues: itemValues(grid.rows), columns: itemValues(grid.columns) };
  grids.set(grid, sets);
  return sets;
};

/** The value as answers by row when it is a plain object, else undefined. */
const asRows = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

function matrixCheck(value: unknown, { field }: TypeContext, m: Parameters<FieldTypeCore['check']>[2]) {
  const rows = asRows(value);
  const grid = field?.matrix;
  if (!rows) return m.column();
  if (!grid) return undefined;
  const { rowValues, columns } = gridValues(grid);
  // for-in with hasOwn visits the own rows as Object.entries does, without making a pair per row.
  for (const row in rows) {
    if (!Object.hasOwn(rows, row)) continue;
    if (!rowValues.has(row)) return { part: row, message: m.row() } satisfies TypeProblem;
    const answer = rows[row];
    if (unanswered(answer)) continue;
    const fits = grid.multiple ? distinctItems(answer, columns) : typeof answer === 'string' && columns.has(answer);
    if (!fits) return { part: row, message: m.column() };
  }
  return undefined;
}

/**
 * `matrix` (wave 4): rows of one question each, answered from the same columns (a likert grid). The value
 * is an object from row value to a column value, or to a list of them when `matrix.multiple`; `required`
 * asks for every row. A post without JavaScript sends one group per row, named `<key>.<row>`.
 */
export const matrix = {
  type: 'matrix',
  check: matrixCheck,
  incomplete: (value, { field }, m) => {
    const rows = asRows(value) ?? {};
    const rowList = field?.matrix?.rows;
    const missing = (Array.isArray(rowList) ? rowList : []).find((r) =>
      unanswered(Object.hasOwn(rows, r.value) ? rows[r.value] : undefined),
    );
    return missing && { part: missing.value, message: m.everyRow() };
  },
  fromText: 'rows',
  rows: true,
} as const satisfies FieldTypeCore;

/** Publish rules: a matrix needs 1 to 30 rows and 2 to 12 columns, each list with unique values. */
export function matrixRules(field: Json, at: (...rest: PropertyKey[]) => Path): Problem[] {
  const grid = record(field.matrix);
  if (!grid) return [{ path: at('matrix'), message: 'a matrix field needs matrix.rows and matrix.columns' }];
  const problems: Problem[] = [];
  const items = (name: 'rows' | 'columns', min: number, max: number) => {
    const entries = list(grid[name]);
    if (Array.isArray(grid[name]) && (entries.length < min || entries.length > max))
      problems.push({ path: at('matrix', name), message: `a matrix has ${min} to ${max} ${name}` });
    const seen = new Set<string>();
    entries.forEach((item, i) => {
      const value = text(record(item)?.value);
      if (value === undefined) return;
      if (seen.has(value))
        problems.push({ path: at('matrix', name, i, 'value'), message: `duplicate value ${JSON.stringify(value)}` });
      seen.add(value);
    });
  };
  items('rows', 1, MATRIX_ROWS_MAX);
  items('columns', MATRIX_COLUMNS_MIN, MATRIX_COLUMNS_MAX);
  list(grid.rows).forEach((row, i) => {
    if (record(row)?.score !== undefined)
      problems.push({ path: at('matrix', 'rows', i, 'score'), message: 'only columns carry a score' });
  });
  return problems;
}
