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

/** "just now", "3 min ago", "5 h ago", "2 days ago"; older than a week: the date. */
export function relative(iso: string, now = Date.now()): string {
  const s = Math.round((now - new Date(iso).getTime()) / 1000);
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  if (s < 7 * 86400) return count(Math.floor(s / 86400), 'day') + ' ago';
  return when(iso);
}
