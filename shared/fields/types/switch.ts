import type { FieldTypeCore } from '../field-type.ts';
import { checkbox } from './checkbox.ts';

/** `switch` (spec 2.5): a checkbox drawn as a switch; the same rules. */
export const switchType = { ...checkbox, type: 'switch' } as const satisfies FieldTypeCore;
