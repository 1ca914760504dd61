// The rows and columns of a matrix field: add, rename (the value follows the label while it is the one
// made from it), reorder, remove, a column's score, one answer or several per row, and a pasted list
// turned into items. Conditions that name a row (`<key>.<row>`) or compare a row with a column follow a
// renamed value.
import type { FieldMatrix, FormDefinition, FormField, ShowCondition } from '../../../../shared/definition/schema.ts';
import { fieldAt, updateField, type FieldAt } from './fields.ts';
import { followsText, slug, unique } from './ids.ts';
import { mapConditions } from './references.ts';

/** A row or column of a matrix. */
export type GridItem = FieldMatrix['columns'][number];

/** Which list of the grid: its questions (rows) or the answers every row offers (columns). */
export type MatrixPart = 'rows' | 'columns';

/** Most items one pasted list adds: the larger of the engine's limits (30 rows); the check names the rest. */
export const MATRIX_PASTE_MAX = 30;

const gridOf = (def: FormDefinition, at: FieldAt): FieldMatrix => fieldAt(def, at)?.matrix ?? { rows: [], columns: [] };

/** The stem of a new item's value and label. */
const stem = (part: MatrixPart) => (part === 'rows' ? 'row' : 'column');

function withItems(def: FormDefinition, at: FieldAt, part: MatrixPart, items: GridItem[]): FormDefinition {
  return updateField(def, at, { matrix: { ...gridOf(def, at), [part]: items } });
}

/** Adds "Row N" or "Column N" (or `label`) at the end; answers its index. */
export function addMatrixItem(
  def: FormDefinition,
  at: FieldAt,
  part: MatrixPart,
  label?: string,
): { definition: FormDefinition; index: number } {
  const items = [...gridOf(def, at)[part]];
  const name = stem(part);
  const text = label ?? `${name[0].toUpperCase()}${name.slice(1)} ${items.length + 1}`;
  items.push({ label: text, value: unique(slug(text, name), new Set(items.map((o) => o.value))) });
  return { definition: withItems(def, at, part, items), index: items.length - 1 };
}

/** Conditions with a row's name `<key>.<from>` made `<key>.<to>`. */
function renameRow(def: FormDefinition, key: string, from: string, to: string): FormDefinition {
  const name = `${key}.${from}`;
  return mapConditions(def, (c) => (c.field === name ? { ...c, field: `${key}.${to}` } : c));
}

/** Conditions on any row of the matrix that compare with column value `from`, made to compare with `to`. */
function renameColumn(def: FormDefinition, key: string, from: string, to: string): FormDefinition {
  const swap = <T>(v: T): T => (v === from ? (to as T) : v);
  return mapConditions(def, (c) => {
    if (!c.field.startsWith(`${key}.`)) return c;
    const next: ShowCondition = { ...c };
    if (next.eq !== undefined) next.eq = swap(next.eq);
    if (next.neq !== undefined) next.neq = swap(next.neq);
    for (const op of ['gt', 'gte', 'lt', 'lte'] as const) if (next[op] !== undefined) next[op] = swap(next[op]);
    if (next.in) next.in = next.in.map(swap);
    if (next.notIn) next.notIn = next.notIn.map(swap);
    return next;
  });
}

/** Keeps conditions in step with an item whose value changed. */
function renamed(def: FormDefinition, at: FieldAt, part: MatrixPart, from: string, to: string): FormDefinition {
  if (from === to) return def;
  const key = fieldAt(def, at)!.key;
  return part === 'rows' ? renameRow(def, key, from, to) : renameColumn(def, key, from, to);
}

/** Changes an item's label, and its value too while the value still follows the label. */
export function renameMatrixItem(
  def: FormDefinition,
  at: FieldAt,
  part: MatrixPart,
  index: number,
  label: string,
): FormDefinition {
  const items = [...gridOf(def, at)[part]];
  const old = items[index];
  if (!old) return def;
  const name = stem(part);
  const taken = new Set(items.filter((_, i) => i !== index).map((o) => o.value));
  const value = followsText(old.value, old.label, name) ? unique(slug(label, name), taken) : old.value;
  items[index] = { ...old, value, label };
  return renamed(withItems(def, at, part, items), at, part, old.value, value);
}

/** Moves an item up or down one place. */
export function moveMatrixItem(
  def: FormDefinition,
  at: FieldAt,
  part: MatrixPart,
  index: number,
  delta: -1 | 1,
): FormDefinition {
  const items = [...gridOf(def, at)[part]];
  const to = index + delta;
  if (!items[index] || to < 0 || to >= items.length) return def;
  [items[index], items[to]] = [items[to], items[index]];
  return withItems(def, at, part, items);
}

/** Removes an item (conditions that named a removed row are left for the problems list to point at). */
export function removeMatrixItem(def: FormDefinition, at: FieldAt, part: MatrixPart, index: number): FormDefinition {
  const items = [...gridOf(def, at)[part]];
  if (!items[index]) return def;
  items.splice(index, 1);
  return withItems(def, at, part, items);
}

/** Sets (a number) or clears (undefined) the points a column adds to score(key). */
export function setColumnScore(
  def: FormDefinition,
  at: FieldAt,
  index: number,
  score: number | undefined,
): FormDefinition {
  const columns = [...gridOf(def, at).columns];
  const old = columns[index];
  if (!old) return def;
  const next: GridItem = { ...old, score };
  if (score === undefined || !Number.isFinite(score)) delete next.score;
  columns[index] = next;
  return withItems(def, at, 'columns', columns);
}

/** One answer per row, or several (checkboxes); `multiple: false` is not written. */
export function setMatrixMultiple(def: FormDefinition, at: FieldAt, multiple: boolean): FormDefinition {
  const { multiple: _, ...grid } = gridOf(def, at);
  return updateField(def, at, { matrix: multiple ? { ...grid, multiple: true } : grid });
}

/** The non-empty lines of pasted text, trimmed, with list bullets and numbers ("- ", "1. ") taken off. */
export function pastedLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim())
    .filter((line) => line !== '')
    .slice(0, MATRIX_PASTE_MAX);
}

/**
 * The list becomes the pasted lines, in their order: a line that is the label of an item already there
 * keeps that item (its value, score and the conditions naming it), the others are new. Nothing pasted
 * changes nothing.
 */
export function pasteMatrixItems(def: FormDefinition, at: FieldAt, part: MatrixPart, text: string): FormDefinition {
  const lines = pastedLines(text);
  if (!lines.length) return def;
  const old = gridOf(def, at)[part];
  const kept = new Set<GridItem>();
  const taken = new Set<string>();
  const items = lines.map((label) => {
    const same = old.find((o) => o.label === label && !kept.has(o));
    if (same) {
      kept.add(same);
      taken.add(same.value);
      return same;
    }
    return { label } as GridItem;
  });
  for (const item of items) {
    if (item.value !== undefined) continue;
    // A value no kept item has (a new line may take a dropped item's value, and its conditions with it).
    item.value = unique(slug(item.label, stem(part)), taken);
    taken.add(item.value);
  }
  return withItems(def, at, part, items);
}

/** The labels of a field's list, one a line: what the paste box starts from. */
export const itemLines = (field: FormField, part: MatrixPart): string =>
  (field.matrix?.[part] ?? []).map((o) => o.label).join('\n');
