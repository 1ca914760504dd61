// How text from an HTML form post (coerce.ts) or a prefill (prefill.ts) becomes a field's value, by its
// type's `fromText` tag (shared/fields/field-type.ts). Kept out of the type modules: the browser page
// neither coerces posts nor reads prefills, so it carries none of this.
import type { TextValue } from '../fields/field-type.ts';

const numeric = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** Posted number text as a number: "" (a cleared input) is null, text that is no number stays text. */
function postedNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return null;
  return numeric.test(text) ? Number(text) : value;
}

/** A posted checkbox: "on"/"true" true, "off"/"false"/"" and absence false; of a list, the last wins. */
function postedBoolean(value: unknown): unknown {
  if (value === undefined) return false;
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  if (last === 'on' || last === 'true') return true;
  if (last === 'off' || last === 'false' || last === '') return false;
  return last;
}

/** A post's value by tag: one string is a one-item list and "" none; a `text` value is kept as posted. */
export const fromPost: Record<TextValue, (posted: unknown) => unknown> = {
  text: (posted) => posted,
  number: postedNumber,
  boolean: postedBoolean,
  list: (posted) => (posted === '' ? [] : typeof posted === 'string' ? [posted] : posted),
};

/**
 * A prefill's text by tag, `before` the repeats of the key so far: a list adds comma-separated values to
 * them, the others take the last repeat; text that does not fit is kept (its error shows later).
 */
export const fromQuery: Record<TextValue, (raw: string, before: unknown) => unknown> = {
  text: (raw) => raw,
  number: (raw) => (numeric.test(raw.trim()) ? Number(raw) : raw),
  boolean: (raw) => (raw === 'true' ? true : raw === 'false' ? false : raw),
  list: (raw, before) => [
    ...((before as string[] | undefined) ?? []),
    ...(raw === '' ? [] : raw.split(',').map((s) => s.trim())),
  ],
};
