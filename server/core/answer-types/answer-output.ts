// What one built-in type does to its answers outside the form, where the plain rules (option labels, Yes/No,
// files by name, lists joined) do not fit: how people read it (mail, Slack and Discord, the PDF, exports with
// labels), its export cells and columns, and what the PDF draws. One module per type beside this one, listed
// once in registry.ts; a type without one reads by the plain rules.
import type { FieldColumn, LabelledValue } from '../submission-fields.ts';

/** What the PDF of one answer shows for it: a line of text, a two-column table, a numbered list, an image. */
export type PdfAnswer =
  | { kind: 'text'; text: string }
  | { kind: 'table'; rows: [string, string][] }
  | { kind: 'list'; items: string[] }
  | { kind: 'image'; fileId: string; text: string };

/** One built-in type's outputs; every function takes a stored, non-empty value of any shape (older data). */
export interface AnswerOutput {
  /** The answer as one line people read (a rating "4 / 5", a matrix "Row: Column; Row: Column"); absent: plain. */
  text?(field: FieldColumn, value: unknown): string;
  /** Its export cell as stored (`labels` false) or as people read it; absent: the plain rules. */
  cell?(field: FieldColumn, value: unknown, labels: boolean): unknown;
  /** The export columns it takes instead of one, `<key>.<part>` headed "Label: Part" (a matrix's rows). */
  parts?(field: FieldColumn): LabelledValue[];
  /** The cell of one of its parts. */
  partCell?(field: FieldColumn, value: unknown, part: string, labels: boolean): unknown;
  /** What the PDF draws; absent: its text. */
  pdf?(field: FieldColumn, value: unknown): PdfAnswer;
  /** How the answers summary tallies it (stats/answer-tally.ts); absent: by its core (choices, numbers, texts). */
  readonly summary?: 'number' | 'matrix' | 'ranking';
}

/** The label of `value` among labelled values, else the value itself (one removed since, or unknown). */
export const labelOf = (items: LabelledValue[] | undefined, value: unknown): string =>
  items?.find((i) => i.value === value)?.label ?? String(value);

/** A field's static options as labelled values, in their order. */
export const optionItems = (field: FieldColumn): LabelledValue[] =>
  Object.entries(field.options ?? {}).map(([value, label]) => ({ value, label }));
