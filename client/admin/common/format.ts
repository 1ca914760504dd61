// Showing dates and respondent values as text (never as HTML: values are untrusted).

/** A timestamp in the reader's locale, to the minute. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A timestamp in full, to the second, for hover text and the detail view. */
export function fullTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'medium' });
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "3 min ago", "5 h ago", "yesterday", "4 days ago"; older than a week: the date. */
export function relative(iso: string, now = Date.now()): string {
  const age = now - Date.parse(iso);
  if (age < MINUTE) return 'just now';
  if (age < HOUR) return `${Math.floor(age / MINUTE)} min ago`;
  if (age < DAY) return `${Math.floor(age / HOUR)} h ago`;
  if (age < 2 * DAY) return 'yesterday';
  if (age < 7 * DAY) return `${Math.floor(age / DAY)} days ago`;
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** A submitted value as one line of text: arrays joined with "; " as in the CSV (spec 4.3). */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(valueText).join('; ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** "1 submission", "2 submissions". */
export const count = (n: number, noun: string) => `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;
