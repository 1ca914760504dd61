// The rows of an import (POST /v1/forms/{id}/submissions/import, docs/api.md "Importing answers"): JSON
// lines, or CSV with a column-to-field mapping. A problem of the whole file (its CSV cannot be read, a
// column maps to no field, too many rows) is a 4xx and nothing is stored; a bad row is refused on its own.
import { isDateTime } from '../../../shared/api/forms.ts';
import { allFields, type FormDefinition } from '../../../shared/engine/index.ts';
import { ApiError, badRequest, invalid } from '../../lib/api-error.ts';
import { parseCsv } from '../../lib/csv-parse.ts';

/** An import body larger than this is refused with 413 (nothing stored). */
export const IMPORT_MAX_BYTES = 16 * 1024 * 1024;
/** An import of more rows than this is refused with 413 (nothing stored): split the file. */
export const IMPORT_MAX_ROWS = 10_000;
/** A row id is 1 to this many characters (as an Idempotency-Key). */
export const IMPORT_ID_MAX = 128;

/**
 * One row as read: its number, what to store, and the problems found so far (the engine adds its own when
 * `values` could be read, so a refused row names every problem at once).
 */
export interface ImportRow {
  row: number;
  id: string;
  values?: Record<string, unknown>;
  createdAt?: string;
  /** Values are CSV text, read as an HTML form post's ("42" → 42). */
  csv: boolean;
  problems: string[];
}

/** How a CSV file's columns are read (the query of the request). */
export interface CsvMapping {
  idColumn: string | null;
  createdAtColumn: string | null;
  /** Column header → field key, for columns not headed by their field's key. */
  map: string | null;
}

const tooManyRows = () =>
  new ApiError(413, 'payload_too_large', [`body: more than ${IMPORT_MAX_ROWS} rows; split the file`]);

/** Rows of JSON lines: each non-empty line `{"id", "values", "created_at"?}` is one; `row` is its line number. */
export function jsonLineRows(text: string, now: number): ImportRow[] {
  const rows: ImportRow[] = [];
  const lines = text.split('\n');
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n].trim();
    if (line === '') continue;
    if (rows.length === IMPORT_MAX_ROWS) throw tooManyRows();
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      rows.push({ row: n + 1, id: '', csv: false, problems: ['line: not valid JSON'] });
      continue;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      rows.push({ row: n + 1, id: '', csv: false, problems: ['line: must be a JSON object with id and values'] });
      continue;
    }
    const { id, values, created_at, ...rest } = parsed as Record<string, unknown>;
    const problems = Object.keys(rest).map((k) => `${k}: unknown field`);
    const base = checkedBase(id, created_at, now, problems);
    const readable = typeof values === 'object' && values !== null && !Array.isArray(values);
    if (!readable) problems.push('values: must be an object of answers by field key');
    rows.push({
      row: n + 1,
      ...base,
      values: readable ? (values as Record<string, unknown>) : undefined,
      csv: false,
      problems,
    });
  }
  return rows;
}

/**
 * Rows of a CSV file: the first record is the header. `idColumn` names the row id's column (required),
 * `createdAtColumn` the time's (optional); every other column is a field, by its header or by `map`
 * (a JSON object header → field key). A column that maps to no field of the definition is a 422 of the
 * whole file, as is a mapping naming a column the file does not have. Empty cells are unanswered.
 */
export function csvRows(text: string, mapping: CsvMapping, definition: FormDefinition, now: number): ImportRow[] {
  const parsed = parseCsv(text, IMPORT_MAX_ROWS + 1);
  if ('problem' in parsed) throw invalid([`body: ${parsed.problem}`]);
  const [header, ...records] = parsed.records;
  if (!header) throw invalid(['body: the CSV file is empty; its first line must name the columns']);
  if (records.length > IMPORT_MAX_ROWS) throw tooManyRows();
  const columns = csvColumns(header, mapping, definition);
  return records.map((record, r): ImportRow => {
    const row = r + 1;
    const problems: string[] = [];
    if (record.length !== header.length)
      problems.push(`row: has ${record.length} cells; the header names ${header.length} columns`);
    const cell = (i: number | undefined) => (i === undefined ? undefined : (record[i] ?? ''));
    const createdAt = cell(columns.createdAt);
    const base = checkedBase(cell(columns.id), createdAt === '' ? undefined : createdAt, now, problems);
    const values: Record<string, unknown> = {};
    for (const [i, key] of columns.fields) if (record[i] !== undefined && record[i] !== '') values[key] = record[i];
    return { row, ...base, values, csv: true, problems };
  });
}

/** Where the id, the time and each field are among the header's columns; 422 naming every problem. */
function csvColumns(header: string[], mapping: CsvMapping, definition: FormDefinition) {
  const problems: string[] = [];
  const map = mapping.map === null ? {} : jsonObject(mapping.map);
  if (!map) problems.push('map: must be a JSON object of column header to field key');
  const keys = new Set(allFields(definition).map((f) => f.key));
  const at = (name: string | null) => (name === null ? undefined : header.indexOf(name));
  if (mapping.idColumn === null) problems.push('id_column: required: the header of the column holding row ids');
  const id = at(mapping.idColumn);
  if (id === -1) problems.push(`id_column: the file has no column "${mapping.idColumn}"`);
  const createdAt = at(mapping.createdAtColumn);
  if (createdAt === -1) problems.push(`created_at_column: the file has no column "${mapping.createdAtColumn}"`);
  for (const [column, key] of Object.entries(map ?? {})) {
    if (!header.includes(column)) problems.push(`map.${column}: the file has no such column`);
    else if (typeof key !== 'string' || !keys.has(key))
      problems.push(`map.${column}: must name a field of the form's current version`);
  }
  const fields: [number, string][] = [];
  const seen = new Set<string>();
  header.forEach((name, i) => {
    if (seen.has(name)) problems.push(`columns: "${name}" is named twice`);
    seen.add(name);
    if (i === id || i === createdAt) return;
    const mapped = map !== undefined && Object.hasOwn(map, name);
    const key = mapped ? map[name] : name;
    if (typeof key === 'string' && keys.has(key)) fields.push([i, key]);
    else if (!mapped)
      problems.push(`columns: "${name}" maps to no field; name a field in map, or leave the column out`);
  });
  if (problems.length) throw invalid(problems);
  return { id: id!, createdAt, fields };
}

/** `text` read as a JSON object, or undefined when it is not one. */
function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The row id and the time it carries, checked; problems are added to `problems` (the row is then refused). */
function checkedBase(id: unknown, createdAt: unknown, now: number, problems: string[]) {
  if (typeof id !== 'string' || id.length < 1 || id.length > IMPORT_ID_MAX)
    problems.push(`id: must be a row id of 1 to ${IMPORT_ID_MAX} characters`);
  let at: string | undefined;
  if (createdAt !== undefined) {
    if (typeof createdAt !== 'string' || !isDateTime(createdAt))
      problems.push('created_at: must be a date and time with a time zone, like 2026-01-31T18:00:00Z');
    else if (Date.parse(createdAt) > now) problems.push('created_at: must not be in the future');
    else at = new Date(createdAt).toISOString();
  }
  return { id: typeof id === 'string' ? id : '', createdAt: at };
}

/** 400 unless the body is JSON lines or CSV, by its Content-Type. */
export function importFormat(contentType: string | undefined): 'jsonl' | 'csv' {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/x-ndjson' || type === 'application/jsonl' || type === 'application/json-lines')
    return 'jsonl';
  if (type === 'text/csv') return 'csv';
  throw badRequest('invalid_content_type', [
    'content-type: must be application/x-ndjson (JSON lines) or text/csv (with id_column and map)',
  ]);
}
