// The built-in field type names (spec 2.5), kept apart from the zod schemas: the engine needs them at
// run time, and importing schema.ts would pull zod into the browser renderer's bundle.

/** The built-in field types of spec 2.5 plus `hidden` and `url`; any other string is a custom type. */
export const builtInFieldTypes = [
  'text',
  'email',
  'phone',
  'number',
  'password',
  'select',
  'autocomplete',
  'multiselect',
  'checkbox',
  'radio',
  'switch',
  'file',
  'date',
  'datetime',
  'textarea',
  // Wave 3 ("Answers that flow"): additive to spec 2.5.
  'hidden',
  'url',
] as const;

/** One of the built-in field type names. */
export type BuiltInFieldType = (typeof builtInFieldTypes)[number];

/** The built-in types that choose among `options` (spec 2.4), unless `optionsFrom` supplies them. */
export const optionFieldTypes: readonly string[] = ['select', 'autocomplete', 'multiselect', 'radio'];
