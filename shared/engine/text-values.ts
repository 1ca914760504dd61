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

/** The tags whose text is one value under the field's own key (rows and positions gather several names). */
export type OneTextValue = Exclude<TextValue, 'rows' | 'positions' | 'choices'>;

/** A field's tag with `choices` settled: a list for a `multiple` field, else text. */
export const fieldTag = (tag: TextValue | undefined, field: { multiple?: boolean }) =>
  tag === 'choices' ? (field.multiple === true ? 'list' : 'text') : tag;

/** A post's value by tag: one string is a one-item list and "" none; a `text` value is kept as posted. */
export const fromPost: Record<OneTextValue, (posted: unknown) => unknown> = {
  text: (posted) => posted,
  number: postedNumber,
  boolean: postedBoolean,
  list: (posted) => (posted === '' ? [] : typeof posted === 'string' ? [posted] : posted),
};

/**
 * A prefill's text by tag, `before` the repeats of the key so far: a list adds comma-separated values to
 * them, the others take the last repeat; text that does not fit is kept (its error shows later).
 */
export const fromQuery: Record<OneTextValue, (raw: string, before: unknown) => unknown> = {
  text: (raw) => raw,
  number: (raw) => (numeric.test(raw.trim()) ? Number(raw) : raw),
  boolean: (raw) => (raw === 'true' ? true : raw === 'false' ? false : raw),
  list: (raw, before) => [
    ...((before as string[] | undefined) ?? []),
    ...(raw === '' ? [] : raw.split(',').map((s) => s.trim())),
  ],
};

/**
 * A matrix's rows from a post's `<key>.<row>` groups: each row's text as posted (a list when a checkbox
 * group sent several), "" as unanswered; undefined when no row was posted.
 */
export function postedRows(rows: readonly string[], posted: (name: string) => unknown, multiple: boolean): unknown {
  const out: Record<string, unknown> = {};
  for (const row of rows) {
    const value = posted(row);
    if (value === undefined) continue;
    out[row] = multiple ? fromPost.list(value) : value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * A ranking from a post's position selects (`<key>.<option>` = "1".."n", "" for unranked): the options in
 * the order of their positions. Two options at one position, or a position that is no whole number, keep
 * the positions as posted, which the ranking's check refuses ("each once").
 */
export function postedPositions(options: readonly string[], posted: (name: string) => unknown): unknown {
  const placed: [number, string][] = [];
  const raw: Record<string, unknown> = {};
  let bad = false;
  for (const option of options) {
    const value = posted(option);
    if (value === undefined || value === '') continue;
    raw[option] = value;
    const position = typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
    if (!(position >= 1) || placed.some(([p]) => p === position)) bad = true;
    placed.push([position, option]);
  }
  if (placed.length === 0) return undefined;
  if (bad) return raw;
  return placed.sort((a, b) => a[0] - b[0]).map(([, option]) => option);
}
