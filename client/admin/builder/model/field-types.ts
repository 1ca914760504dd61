// The built-in field types as the builder shows them: a plain name and an icon for each (spec 2.5),
// and what each can be given (options, a number range, a length range...).
import type { FormField } from '../../../../shared/definition/schema.ts';
import { fieldTypeCore } from '../../../../shared/fields/registry.ts';
import { slug } from './ids.ts';

/** One entry of the type picker. */
export interface FieldTypeInfo {
  type: string;
  name: string;
  /**
   * A short glyph shown beside the name (decorative; the name is the accessible text). Geometric
   * shapes and symbols common fonts have (DejaVu, Liberation), not emoji: without an emoji font a
   * calendar or power sign showed as an empty box.
   */
  icon: string;
  /** What a new field of the type starts with besides key, type and label (its label, if not the name). */
  start?: Partial<FormField>;
}

/** The first options of a new choice or ranking field. */
const startOptions = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ value: `option_${i + 1}`, label: `Option ${i + 1}` }));

/** The first rows or columns of a new matrix: three of each, so the grid reads as one at once. */
const startItems = (labels: readonly string[]) => labels.map((label) => ({ value: slug(label), label }));

/** The type picker, in the order people reach for them (Tally's order, roughly). */
export const fieldTypes: readonly FieldTypeInfo[] = [
  { type: 'text', name: 'Short answer', icon: 'Aa' },
  { type: 'textarea', name: 'Long answer', icon: '¶' },
  { type: 'email', name: 'Email', icon: '@' },
  { type: 'phone', name: 'Phone', icon: '☎' },
  { type: 'number', name: 'Number', icon: '#' },
  { type: 'password', name: 'Password', icon: '•••' },
  { type: 'radio', name: 'Multiple choice', icon: '◉' },
  { type: 'multiselect', name: 'Checkboxes', icon: '☑' },
  { type: 'select', name: 'Dropdown', icon: '▾' },
  { type: 'autocomplete', name: 'Autocomplete', icon: '⌕' },
  { type: 'checkbox', name: 'Checkbox', icon: '✓' },
  { type: 'switch', name: 'Switch', icon: '◑' },
  { type: 'date', name: 'Date', icon: '▦' },
  { type: 'datetime', name: 'Date and time', icon: '◷' },
  { type: 'file', name: 'File upload', icon: '⇪' },
  { type: 'url', name: 'Website address', icon: '⌘' },
  { type: 'hidden', name: 'Hidden field', icon: '◌' },
  // Wave 4: the questions surveys ask, by the names people know them by (Typeform, Tally, Formbricks).
  {
    type: 'nps',
    name: 'NPS',
    icon: '⑩',
    start: { label: 'How likely are you to recommend us to a friend or colleague?' },
  },
  { type: 'rating', name: 'Rating', icon: '★', start: { scale: { max: 5, icon: 'star' } } },
  { type: 'scale', name: 'Opinion scale', icon: '⋯', start: { scale: { min: 1, max: 5 } } },
  {
    type: 'matrix',
    name: 'Matrix',
    icon: '▤',
    start: {
      matrix: {
        rows: startItems(['Row 1', 'Row 2', 'Row 3']),
        columns: startItems(['Disagree', 'Neutral', 'Agree']),
      },
    },
  },
  { type: 'ranking', name: 'Ranking', icon: '⇅', start: { options: startOptions(3) } },
  { type: 'signature', name: 'Signature', icon: '✎' },
  { type: 'time', name: 'Time', icon: '◴' },
  // Each option a picture; a new one starts with two, waiting for their pictures (publishing asks for them).
  { type: 'picture', name: 'Picture choice', icon: '▣', start: { options: startOptions(2) } },
  { type: 'statement', name: 'Statement', icon: '❝', start: { label: 'A few words' } },
];

/** The picker entry of a type; a custom type shows its own name. */
export function typeInfo(type: string): FieldTypeInfo {
  return fieldTypes.find((t) => t.type === type) ?? { type, name: `Custom (${type})`, icon: '◇' };
}

/** Types that choose among options (a ranking puts them in order). */
export const hasOptions = (type: string) =>
  ['select', 'autocomplete', 'multiselect', 'radio', 'ranking', 'picture'].includes(type);
/** Types whose options may come from the embedding page's provider (a ranking or picture choice: static ones only). */
export const takesProvider = (type: string) => hasOptions(type) && type !== 'ranking' && type !== 'picture';
/** A picture choice that takes several of its options: its answer is a list, as Checkboxes' is. */
export const takesSeveral = (field: FormField) => field.type === 'picture' && field.multiple === true;
/** Types answered with one whole number from a fixed range of points. */
export const isScore = (type: string) => type === 'rating' || type === 'scale' || type === 'nps';
/** Types whose answer is a list, a file or answers by row: conditions only ask whether it is answered. */
export const answeredOnly = (type: string) => ['multiselect', 'file', 'signature', 'ranking', 'matrix'].includes(type);

/** The lowest and highest point of a rating, scale or nps field (the engine's defaults where unset). */
export function scoreRange(field: FormField): { min: number; max: number } {
  if (field.type === 'nps') return { min: 0, max: 10 };
  if (field.type === 'rating') return { min: 1, max: field.scale?.max ?? 5 };
  return { min: field.scale?.min ?? 1, max: field.scale?.max ?? 5 };
}
/** Types whose value is text, so length and pattern rules apply. */
export const isTextual = (type: string) =>
  ['text', 'email', 'phone', 'url', 'password', 'textarea', 'autocomplete', 'hidden'].includes(type);
/** Types with a number range. */
export const isNumeric = (type: string) => type === 'number';
/** Types whose value is true or false. */
export const isBoolean = (type: string) => type === 'checkbox' || type === 'switch';
/** Types that are shown and never answered (a statement): no rules, default, or conditions reading them. */
export const isNoAnswer = (type: string) => fieldTypeCore(type)?.noAnswer === true;
/** Types that take a placeholder. */
export const takesPlaceholder = (type: string) =>
  ['text', 'email', 'phone', 'url', 'number', 'password', 'textarea', 'autocomplete', 'select'].includes(type);

/**
 * The parts a field keeps when its type changes to `type` (options only where they mean something); a part
 * the new type starts with and the field lacks comes from its picker entry. A scale is started afresh (a
 * rating's icon or max would be refused on nps) keeping the words under its ends.
 */
export function retype(field: FormField, type: string): FormField {
  const next: FormField = { ...field, type };
  const start = fieldTypes.find((t) => t.type === type)?.start ?? {};
  if (!hasOptions(type)) delete next.options;
  else if (!next.options?.length && !next.optionsFrom) next.options = start.options ?? startOptions(2);
  if (!takesProvider(type)) {
    delete next.optionsFrom;
    delete next.optionsDependsOn;
  }
  if (isScore(type)) {
    const words = { minLabel: field.scale?.minLabel, maxLabel: field.scale?.maxLabel };
    const scale = { ...start.scale, ...(field.type === type ? field.scale : words) };
    for (const k of Object.keys(scale) as (keyof typeof scale)[]) if (scale[k] === undefined) delete scale[k];
    if (Object.keys(scale).length) next.scale = scale;
    else delete next.scale;
  } else delete next.scale;
  if (type !== 'matrix') delete next.matrix;
  else if (!next.matrix) next.matrix = start.matrix;
  // A statement has no answer: nothing that belongs to one goes with it; its text below goes elsewhere.
  if (type === 'statement') for (const part of ['validation', 'placeholder', 'helperText'] as const) delete next[part];
  else delete next.body;
  if (type !== 'textarea') delete next.rows;
  if (type !== 'file') delete next.accept;
  if (type !== 'radio') delete next.autoAdvance;
  // Only a picture choice takes several of its options (the field-level `multiple`).
  if (type !== 'picture') delete next.multiple;
  // A default of another kind would be refused; the person sets a new one.
  delete next.defaultValue;
  return next;
}
