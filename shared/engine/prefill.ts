// Prefill (docs/engine.md "Prefill"): `?<key>=<value>` on the hosted page's address, an embed's
// `data-prefill` object or its host page's query give fields their first values. One function for the
// server-rendered page, the hosted page's script and the embed, so all three start from the same values.
//
// Rules:
// - only fields of these types take a value: text, email, phone, url, number, textarea, date, select,
//   radio, autocomplete, checkbox, switch, multiselect and hidden (never password, file, datetime or a
//   custom type, and never a calculation: the engine computes those);
// - number: numeric text becomes a number; checkbox/switch: `true`/`false` become booleans; multiselect:
//   comma-separated values (and every repeat of the key) become a list;
// - a value that does not fit (`?age=lots`) is kept as given: the engine's own check shows it as the
//   field's error on Continue or submit, never as a crash. For the other types the last repeat wins;
// - keys naming no field (utm_source, embed) are ignored. Whether a field is shown still decides
//   whether its value is kept (the engine clears hidden fields).
import type { FormDefinition } from '../definition/schema.ts';
import { getPlan } from './plan.ts';

export { prefillPairs } from './prefill-pairs.ts';

const prefillTypes = new Set([
  'text',
  'email',
  'phone',
  'url',
  'number',
  'textarea',
  'date',
  'select',
  'radio',
  'autocomplete',
  'checkbox',
  'switch',
  'multiselect',
  'hidden',
]);

const numeric = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

/** Query pairs (URLSearchParams, or [key, value] entries) as initial values of the definition's fields. */
export function prefillValues(
  definition: FormDefinition,
  pairs: Iterable<readonly [string, string]>,
): Record<string, unknown> {
  const fields = getPlan(definition).fieldsByKey;
  const out: Record<string, unknown> = {};
  for (const [key, raw] of pairs) {
    const f = fields.get(key);
    if (!f || !prefillTypes.has(f.field.type) || typeof raw !== 'string') continue;
    switch (f.field.type) {
      case 'number':
        out[key] = numeric.test(raw) ? Number(raw) : raw;
        break;
      case 'checkbox':
      case 'switch':
        out[key] = raw === 'true' ? true : raw === 'false' ? false : raw;
        break;
      case 'multiselect': {
        const items = raw === '' ? [] : raw.split(',').map((s) => s.trim());
        const before = Object.hasOwn(out, key) ? (out[key] as string[]) : [];
        out[key] = [...before, ...items];
        break;
      }
      default:
        out[key] = raw;
    }
  }
  return out;
}
