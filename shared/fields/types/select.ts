import type { FieldTypeCore } from '../field-type.ts';
import { optionCheck } from '../rules.ts';

/** `select` (spec 2.5): one of the options, from a drop-down. */
export const select = {
  type: 'select',
  check: optionCheck,
  fromText: 'text',
  options: true,
} as const satisfies FieldTypeCore;
