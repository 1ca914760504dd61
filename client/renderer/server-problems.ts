// Server problems (spec 7: `details` lines `<path>: <message>`) back onto the fields they name; a matrix row's
// problem (`values.<key>.<row>`) lands on its matrix, with the row's label so the person knows which one; a
// hidden field's problem is a line of the alert. Both pages use these (the renderer and client/hosted/light/).
import { type FormDefinition, getPlan } from './engine.ts';

/** Field messages by key, and the lines that name no field of the form. */
export interface MappedProblems {
  errors: Record<string, string>;
  general: string[];
}

/** A matrix row's label by field key and row value (undefined when the field has no such row). */
export type RowLabel = (key: string, row: string) => string | undefined;

// `values.email: ...` or, for keys that are not plain names, `values["first name"]: ...` (engine problems.ts),
// then the same for the part of the value a problem is about: `values.grid.food: ...`, `values.grid["a b"]: ...`.
const name = String.raw`(?:\.([A-Za-z_$][\w$-]*)|\[("(?:[^"\\]|\\.)*")\])`;
const valueLine = new RegExp(`^values${name}${name}?: (.*)$`, 's');

/** A plain or quoted path segment as written by the engine; undefined when the quoting is broken. */
const segment = (plain: string | undefined, quoted: string | undefined): string | undefined => {
  if (plain !== undefined) return plain;
  try {
    return quoted === undefined ? undefined : (JSON.parse(quoted) as string);
  } catch {
    return undefined;
  }
};

/**
 * Splits problem lines into per-field messages (first one per field wins) and the rest; a line about a row of
 * a field goes to the field as "<row label>: <message>" (the row's value when `rowLabel` knows no label).
 */
export function mapServerProblems(
  problems: readonly string[],
  fieldKeys: ReadonlySet<string>,
  rowLabel?: RowLabel,
): MappedProblems {
  const errors: Record<string, string> = {};
  const general: string[] = [];
  for (const line of problems) {
    const m = valueLine.exec(line);
    const key = m ? segment(m[1], m[2]) : undefined;
    const row = m && (m[3] !== undefined || m[4] !== undefined) ? segment(m[3], m[4]) : undefined;
    const rowBroken = m && (m[3] !== undefined || m[4] !== undefined) && row === undefined;
    if (key !== undefined && !rowBroken && fieldKeys.has(key)) {
      const message = row === undefined ? m![5] : `${rowLabel?.(key, row) ?? row}: ${m![5]}`;
      if (!(key in errors)) errors[key] = message;
    } else general.push(line.replace(/^values: /, ''));
  }
  return { errors, general };
}

/** Labels of the `hidden` fields by key: nothing on the page shows them, so their problems go in the alert. */
export function hiddenLabels(definition: FormDefinition): Map<string, string> {
  const hidden = [...getPlan(definition).fieldsByKey.values()].filter((f) => f.field.type === 'hidden');
  return new Map(hidden.map((f) => [f.key, f.field.label || f.key]));
}

/** Messages of fields the page shows, and lines naming the hidden fields' problems by label. */
export function splitHidden(errors: Record<string, string>, hidden: Map<string, string>) {
  const shown: Record<string, string> = {};
  const lines: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    const label = hidden.get(key);
    if (label === undefined) shown[key] = message;
    else lines.push(`${label}: ${message}`);
  }
  return { shown, lines };
}

/** A matrix row's label by field key and row value, to name the row a problem at `values.<key>.<row>` is about. */
export const matrixRowLabel =
  (definition: FormDefinition): RowLabel =>
  (key, row) =>
    getPlan(definition)
      .fieldsByKey.get(key)
      ?.field.matrix?.rows.find((r) => r.value === row)?.label;
