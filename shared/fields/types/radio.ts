import type { FieldTypeCore } from '../field-type.ts';
import { optionCheck } from '../rules.ts';

/** `radio` (spec 2.5): one of the options, from a group of radio buttons. */
export const radio = {
  type: 'radio',
  check: optionCheck,
  fromText: 'text',
  options: true,
} as const satisfies FieldTypeCore;
