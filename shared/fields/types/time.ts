import type { FieldTypeCore } from '../field-type.ts';
import { isClockTime } from '../rules.ts';

/** `time` (wave 4): a 24-hour time `HH:MM`, 00:00 to 23:59; compares as its text, which orders it in time. */
export const time = {
  type: 'time',
  check: (value, _c, m) => (isClockTime(value) ? undefined : m.time()),
  fromText: 'text',
  compare: 'text',
} as const satisfies FieldTypeCore;
