// How the panel names a form's answers: one entry per field key across every version (the CSV's
// column order, spec 4.3), with the label and type of the newest version that has the key and the
// labels of its static options, so people read "Designer" where the stored value is "design". A
// version's calculations come after its fields, typed `calculation` and named by their label. A rating,
// scale or nps carries its points (the newest version's); a matrix its rows and columns, every version's
// (the newest label winning), so an export has a column for each row any answer may hold. A question
// without an answer (a statement) has no column; a label that pipes an answer reads "@" and the question it names.
import { allFields, type FormDefinition, type FormField, replacePiped } from '../../shared/engine/index.ts';
import { fieldTypeCore } from '../../shared/fields/registry.ts';

/** One answer column: its key (for the CSV and the API), its label and type, option labels by value. */
export interface FieldColumn {
  key: string;
  label: string;
  type: string;
  /** Static options' labels by value (every version's, the newest label winning); absent without options. */
  options?: Record<string, string>;
  /** A rating's, scale's or nps's lowest and highest point (Wave 4), as the newest version has them. */
  scale?: { min?: number; max?: number };
  /** A matrix's rows and columns in the newest version's order, then older versions' (Wave 4). */
  matrix?: { rows: LabelledValue[]; columns: LabelledValue[]; multiple?: boolean };
}

/** A value with the label people read (a matrix row or column). */
export interface LabelledValue {
  value: string;
  label: string;
}

/**
 * A label as read across people (exports, the summary, the panel), where each person's answer would differ:
 * each `{{key}}` reads "@" and the question it names ("Thanks @Name, why did you give @Recommend us?"), or the
 * key where that question's own label pipes or no field has the key (a calculation).
 */
export function labelForAll(definition: FormDefinition, label: string): string {
  return replacePiped(label, (key) => {
    const named = allFields(definition).find((f) => f.key === key)?.label;
    return `@${named && !named.includes('{{') ? named : key}`;
  });
}

/** Adds labels by value to `into`; a value already there (a newer version's) keeps its label. */
function addLabels(into: Record<string, string>, items: LabelledValue[]) {
  for (const item of items) if (!Object.hasOwn(into, item.value)) into[item.value] = item.label;
}

/** Adds the items whose value `into` lacks, in their order (a list keeps the order a record of "1", "2" loses). */
function addItems(into: LabelledValue[], items: LabelledValue[]) {
  for (const { value, label } of items) if (!into.some((i) => i.value === value)) into.push({ value, label });
}

/**
 * Adds one version's field to its column (a new column when `column` is undefined): the first (newest) version
 * gives the label, type and points; every version adds the option, row and column labels the newer ones lack.
 */
function addField(column: FieldColumn | undefined, field: FormField, definition?: FormDefinition): FieldColumn {
  if (!column) {
    const label = definition ? labelForAll(definition, field.label) : field.label;
    column = { key: field.key, label: label.trim() || field.key, type: field.type };
    if (field.scale) column.scale = { min: field.scale.min, max: field.scale.max };
  }
  if (field.options) {
    column.options ??= {};
    addLabels(column.options, field.options);
  }
  if (field.matrix) {
    column.matrix ??= { rows: [], columns: [], multiple: field.matrix.multiple };
    addItems(column.matrix.rows, field.matrix.rows);
    addItems(column.matrix.columns, field.matrix.columns);
  }
  return column;
}

/** One field of one version as a column (what a mail of an answer to that version reads it by). */
export const fieldColumn = (field: FormField): FieldColumn => addField(undefined, field);

/** Columns of the versions given newest first: the latest version's keys, then keys only older versions had. */
export function fieldColumns(versionsNewestFirst: FormDefinition[]): FieldColumn[] {
  const columns = new Map<string, FieldColumn>();
  for (const def of versionsNewestFirst) {
    for (const field of allFields(def))
      if (!fieldTypeCore(field.type)?.noAnswer) columns.set(field.key, addField(columns.get(field.key), field, def));
    for (const calc of def.calculations ?? []) {
      if (!columns.has(calc.key))
        columns.set(calc.key, { key: calc.key, label: calc.label?.trim() || calc.key, type: 'calculation' });
    }
  }
  return [...columns.values()];
}
