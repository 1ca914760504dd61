// The JSON view's text and the definition it holds. Text that does not parse is kept as typed (the
// person is mid-edit) with the parser's message; the visual view says so until it parses again.
import { parseJsonText } from '../../../../shared/definition/json-text.ts';
import type { FormDefinition } from '../../../../shared/definition/schema.ts';

/** The definition as the JSON view shows it. */
export const definitionText = (def: unknown) => JSON.stringify(def, null, 2);

/** Parsed text: the object it holds, or why it does not parse. */
export type ParsedText = { ok: true; value: FormDefinition } | { ok: false; error: string };

/** Parses the JSON view's text; anything but an object is refused (the visual view needs one). */
export function parseText(text: string): ParsedText {
  // The same reading as the server's, so the problem named here is the one publishing would answer.
  const parsed = parseJsonText(text);
  if ('problem' in parsed) return { ok: false, error: parsed.problem };
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, error: 'definition: expected object' };
  return { ok: true, value: value as FormDefinition };
}
