import type { FieldTypeCore } from '../field-type.ts';

/** `number` (spec 2.5): a finite number; posted and prefilled text becomes one. */
export const number = {
  type: 'number',
  check: (value, _o, m) => (typeof value === 'number' && Number.isFinite(value) ? undefined : m.number()),
  fromText: 'number',
  summary: 'number',
  compare: 'number',
} as const satisfies FieldTypeCore;
