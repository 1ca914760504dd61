import type { FieldTypeCore } from '../field-type.ts';
import { textCheck } from '../rules.ts';

/** `phone` (spec 2.5): a telephone number as typed (any text). */
export const phone = { type: 'phone', check: textCheck, fromText: 'text' } as const satisfies FieldTypeCore;
