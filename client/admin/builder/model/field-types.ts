// The built-in field types as the builder shows them: a plain name and an icon for each (spec 2.5),
// and what each can be given (options, a number range, a length range...).
import type { FormField } from '../../../../shared/definition/schema.ts';

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
}

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
];

/** The picker entry of a type; a custom type shows its own name. */
export function typeInfo(type: string): FieldTypeInfo {
  return fieldTypes.find((t) => t.type === type) ?? { type, name: `Custom (${type})`, icon: '◇' };
}

/** Types that choose among options. */
export const hasOptions = (type: string) => ['select', 'autocomplete', 'multiselect', 'radio'].includes(type);
/** Types whose value is text, so length and pattern rules apply. */
export const isTextual = (type: string) =>
  ['text', 'email', 'phone', 'url', 'password', 'textarea', 'autocomplete', 'hidden'].includes(type);
/** Types with a number range. */
export const isNumeric = (type: string) => type === 'number';
/** Types whose value is true or false. */
export const isBoolean = (type: string) => type === 'checkbox' || type === 'switch';
/** Types that take a placeholder. */
export const takesPlaceholder = (type: string) =>
  ['text', 'email', 'phone', 'url', 'number', 'password', 'textarea', 'autocomplete', 'select'].includes(type);

/** The parts a field keeps when its type changes to `type` (options only where they mean something). */
export function retype(field: FormField, type: string): FormField {
  const next: FormField = { ...field, type };
  if (!hasOptions(type)) delete next.options;
  else if (!next.options?.length && !next.optionsFrom)
    next.options = [
      { value: 'option_1', label: 'Option 1' },
      { value: 'option_2', label: 'Option 2' },
    ];
  if (type !== 'textarea') delete next.rows;
  if (type !== 'file') delete next.accept;
  if (type !== 'radio') delete next.autoAdvance;
  // A default of another kind would be refused; the person sets a new one.
  delete next.defaultValue;
  return next;
}
