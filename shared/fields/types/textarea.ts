import type { FieldTypeCore } from '../field-type.ts';
import { textCheck } from '../rules.ts';

/** `textarea` (spec 2.5): text over several lines. */
export const textarea = {
  type: 'textarea',
  check: textCheck,
  fromText: 'text',
  summary: 'text',
} as const satisfies FieldTypeCore;
