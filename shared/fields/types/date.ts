import type { FieldTypeCore } from '../field-type.ts';
import { isCalendarDate } from '../rules.ts';

/** `date` (spec 2.5): a real calendar date `YYYY-MM-DD`; a date cell in xlsx. */
export const date = {
  type: 'date',
  check: (value, _o, m) => (isCalendarDate(value) ? undefined : m.date()),
  fromText: 'text',
  compare: 'text',
  cellFormat: 'yyyy-mm-dd',
} as const satisfies FieldTypeCore;
