import type { FieldTypeCore } from '../field-type.ts';
import { isDateTime } from '../rules.ts';

/** `datetime` (spec 2.5): `YYYY-MM-DDTHH:MM`, optional seconds and offset; never prefilled. */
export const datetime = {
  type: 'datetime',
  check: (value, _o, m) => (isDateTime(value) ? undefined : m.datetime()),
  compare: 'text',
  cellFormat: 'yyyy-mm-dd hh:mm',
} as const satisfies FieldTypeCore;
