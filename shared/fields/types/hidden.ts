import type { FieldTypeCore } from '../field-type.ts';
import { textCheck } from '../rules.ts';

/** `hidden` (wave 3): text from the page's address or the default, never shown to the respondent. */
export const hidden = { type: 'hidden', check: textCheck, fromText: 'text' } as const satisfies FieldTypeCore;
