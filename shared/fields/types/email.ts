import type { FieldTypeCore } from '../field-type.ts';
import { isEmailAddress } from '../rules.ts';

/** `email` (spec 2.5): an address by the rule browsers use for input type=email. */
export const email = {
  type: 'email',
  check: (value, _o, m) => (isEmailAddress(value) ? undefined : m.email()),
  fromText: 'text',
} as const satisfies FieldTypeCore;
