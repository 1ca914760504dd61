import type { FieldTypeCore } from '../field-type.ts';
import { distinctItems } from '../rules.ts';

/**
 * `multiselect` (spec 2.5): a list of distinct option values. A post's one string is a one-item list and
 * "" none; a prefill's comma-separated values (and every repeat of the key) add up to one list.
 */
export const multiselect = {
  type: 'multiselect',
  check: (value, { optionValues }, m) => (distinctItems(value, optionValues) ? undefined : m.options()),
  fromText: 'list',
  options: true,
} as const satisfies FieldTypeCore;
