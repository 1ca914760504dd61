import type { FieldTypeCore } from '../field-type.ts';

/** `checkbox` (spec 2.5): a boolean; required means ticked ("I accept the terms"). */
export const checkbox = {
  type: 'checkbox',
  check: (value, _o, m) => (typeof value === 'boolean' ? undefined : m.boolean()),
  fromText: 'boolean',
} as const satisfies FieldTypeCore;
