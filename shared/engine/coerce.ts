// Turns the strings of an HTML form post (urlencoded or multipart, parsed by the server into strings
// and, for repeated keys, lists of strings) into the values the rules expect. Only used when asked
// (evaluateSubmission's coerceFormStrings): a JSON client sends real numbers and booleans, and a
// string where a number belongs is then an error, not a guess.
//
// Decisions:
// - number: "42", " -1.5 ", "1e3" become numbers; "" (a cleared input) becomes null, an explicit "no
//   answer" that, unlike an absent key, does not bring the default back; anything else stays a
//   string and fails the number rule with a clear message.
// - checkbox/switch: "on" (the browser's default value) and "true" are true; "off", "false" and ""
//   are false; an absent key is false, because a browser leaves an unchecked box out of the post.
//   With a list (a hidden "false" input before the checkbox) the last value wins.
// - multiselect: one string becomes a one-item list; "" becomes [] (nothing chosen); lists stay lists.
// - matrix: the groups `<key>.<row>` become one object of answers by row; ranking: the position selects
//   `<key>.<option>` become the list of options in order (text-values.ts postedRows, postedPositions).
// - every other value is left as posted.
// Each type's conversion is its core's `fromText` tag (shared/fields/types/, text-values.ts).
import type { FormDefinition, FormField } from '../definition/schema.ts';
import { fieldTypeCore } from '../fields/registry.ts';
import type { Values } from './conditions.ts';
import { getPlan } from './plan.ts';
import { fieldTag, fromPost, postedPositions, postedRows } from './text-values.ts';

/**
 * A copy of form-post values with numbers, booleans and lists coerced per field type; unknown keys are kept as they
 * are.
 */
export function coerceFormValues(definition: FormDefinition, raw: Values): Record<string, unknown> {
  // Spread copies every own key as data, "__proto__" included, without touching any prototype.
  const out: Record<string, unknown> = { ...raw };
  for (const [key, f] of getPlan(definition).fieldsByKey) {
    const tag = fieldTag(fieldTypeCore(f.field.type)?.fromText, f.field);
    if (!tag || tag === 'text') continue;
    const value =
      tag === 'rows' || tag === 'positions'
        ? gather(out, key, f.field, tag)
        : fromPost[tag](Object.hasOwn(out, key) ? out[key] : undefined);
    if (value === undefined) delete out[key];
    else out[key] = value;
  }
  return out;
}

/**
 * A matrix's or ranking's value gathered from the post's `<key>.<row>` or `<key>.<option>` names, which are
 * taken out of the values (they are no fields); a value posted under the key itself wins (a JSON-minded client).
 */
function gather(out: Record<string, unknown>, key: string, field: FormField, tag: 'rows' | 'positions'): unknown {
  const name = (part: string) => `${key}.${part}`;
  const posted = (part: string) => (Object.hasOwn(out, name(part)) ? out[name(part)] : undefined);
  const parts = tag === 'rows' ? (field.matrix?.rows ?? []) : (field.options ?? []);
  const value =
    tag === 'rows'
      ? postedRows(
          parts.map((p) => p.value),
          posted,
          field.matrix?.multiple === true,
        )
      : postedPositions(
          parts.map((p) => p.value),
          posted,
        );
  for (const part of parts) delete out[name(part.value)];
  return Object.hasOwn(out, key) ? out[key] : value;
}
