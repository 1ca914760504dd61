import type { FieldTypeCore } from '../field-type.ts';
import { isWebAddress } from '../rules.ts';

/** `url` (wave 3): an absolute http(s) address. */
export const url = {
  type: 'url',
  check: (value, _o, m) => (isWebAddress(value) ? undefined : m.url()),
  fromText: 'text',
} as const satisfies FieldTypeCore;
