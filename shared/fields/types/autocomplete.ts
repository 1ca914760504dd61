import type { FieldTypeCore } from '../field-type.ts';
import { optionCheck } from '../rules.ts';

/** `autocomplete` (spec 2.5): one of the options, found by typing. */
export const autocomplete = {
  type: 'autocomplete',
  check: optionCheck,
  fromText: 'text',
  options: true,
} as const satisfies FieldTypeCore;
