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
// - every other value is left as posted.
// Each type's conversion is its core's `fromText` tag (shared/fields/types/, text-values.ts).
import type { FormDefinition } from '../definition/schema.ts';
import { fieldTypeCore } from '../fields/registry.ts';
import type { Values } from './conditions.ts';
import { getPlan } from './plan.ts';
import { fromPost } from './text-values.ts';

/**
 * A copy of form-post values with numbers, booleans and lists coerced per field type; unknown keys are kept as they
 * are.
 */
export function coerceFormValues(definition: FormDefinition, raw: Values): Record<string, unknown> {
  // Spread copies every own key as data, "__proto__" included, without touching any prototype.
  const out: Record<string, unknown> = { ...raw };
  for (const [key, f] of getPlan(definition).fieldsByKey) {
    const posted = Object.hasOwn(out, key) ? out[key] : undefined;
    const tag = fieldTypeCore(f.field.type)?.fromText;
    if (!tag || tag === 'text') continue;
    const value = fromPost[tag](posted);
    if (value === undefined) delete out[key];
    else out[key] = value;
  }
  return out;
}
