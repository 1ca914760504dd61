import type { FieldTypeCore } from '../field-type.ts';
import { textCheck } from '../rules.ts';

/** `text` (spec 2.5): one line of text. */
export const text = {
  type: 'text',
  check: textCheck,
  fromText: 'text',
  summary: 'text',
} as const satisfies FieldTypeCore;
