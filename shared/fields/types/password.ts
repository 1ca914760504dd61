import type { FieldTypeCore } from '../field-type.ts';
import { textCheck } from '../rules.ts';

/** `password` (spec 2.5): text never prefilled, piped or shown to people who read answers. */
export const password = { type: 'password', check: textCheck, secret: true } as const satisfies FieldTypeCore;
