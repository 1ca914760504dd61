// How the panel names a form's answers: one entry per field key across every version (the CSV's
// column order, spec 4.3), with the label and type of the newest version that has the key and the
// labels of its static options, so people read "Designer" where the stored value is "design". A
// version's calculations come after its fields, typed `calculation` and named by their label.
import { allFields, type FormDefinition } from '../../shared/engine/index.ts';

/** One answer column: its key (for the CSV and the API), its label and type, option labels by value. */
export interface FieldColumn {
  key: string;
  label: string;
  type: string;
  /** Static options' labels by value (every version's, the newest label winning); absent without options. */
  options?: Record<string, string>;
}

/** Columns of the versions given newest first: the latest version's keys, then keys only older versions had. */
export function fieldColumns(versionsNewestFirst: FormDefinition[]): FieldColumn[] {
  const columns = new Map<string, FieldColumn>();
  for (const def of versionsNewestFirst) {
    for (const field of allFields(def)) {
      let column = columns.get(field.key);
      if (!column) {
        column = { key: field.key, label: field.label.trim() || field.key, type: field.type };
        columns.set(field.key, column);
      }
      for (const option of field.options ?? []) {
        column.options ??= {};
        // An older version's label only fills a value the newer ones no longer offer.
        if (!(option.value in column.options)) column.options[option.value] = option.label;
      }
    }
    for (const calc of def.calculations ?? []) {
      if (!columns.has(calc.key))
        columns.set(calc.key, { key: calc.key, label: calc.label?.trim() || calc.key, type: 'calculation' });
    }
  }
  return [...columns.values()];
}
