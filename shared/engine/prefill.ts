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
// Each type's conversion is its core's `fromText` tag (shared/fields/types/, text-values.ts); a type
// without one takes none.
import type { FormDefinition } from '../definition/schema.ts';
import { fieldTypeCore } from '../fields/registry.ts';
import { getPlan } from './plan.ts';
import { fieldTag, fromQuery } from './text-values.ts';

export { prefillPairs } from './prefill-pairs.ts';

/** Query pairs (URLSearchParams, or [key, value] entries) as initial values of the definition's fields. */
export function prefillValues(
  definition: FormDefinition,
  pairs: Iterable<readonly [string, string]>,
): Record<string, unknown> {
  const fields = getPlan(definition).fieldsByKey;
  const out: Record<string, unknown> = {};
  for (const [key, raw] of pairs) {
    const f = fields.get(key);
    const tag = f && fieldTag(fieldTypeCore(f.field.type)?.fromText, f.field);
    if (!tag || tag === 'rows' || tag === 'positions' || typeof raw !== 'string') continue;
    out[key] = fromQuery[tag](raw, Object.hasOwn(out, key) ? out[key] : undefined);
  }
  return out;
}
