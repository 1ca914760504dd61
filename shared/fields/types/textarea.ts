import { fieldType } from '../field-type.ts';
import { textCheck } from '../rules.ts';

/** `textarea` (spec 2.5): text over several lines. */
export const textarea = fieldType({ type: 'textarea', check: textCheck, fromText: 'text', summary: 'text' });
