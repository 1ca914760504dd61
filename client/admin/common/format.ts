// Showing dates and respondent values as text (never as HTML: values are untrusted).

/** A timestamp in the reader's locale, to the minute. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A submitted value as one line of text: arrays joined with "; " as in the CSV (spec 4.3). */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(valueText).join('; ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** "1 submission", "2 submissions". */
export const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
