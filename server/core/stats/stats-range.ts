// The days GET /v1/forms/{id}/stats reads: `from` and `to` as UTC dates, both included; by default
// the last STATS_DEFAULT_DAYS days up to today. Every refusal names its parameter.
import { STATS_DEFAULT_DAYS, STATS_MAX_DAYS } from '../../../shared/api/limits.ts';
import { badRequest } from '../../lib/api-error.ts';

const DAY_MS = 86_400_000;
// The calendar stats can name. Days are counted as numbers, never by comparing date strings: past
// 9999-12-31 toISOString writes "+010000-…", which sorts before "9999-…" and made a loop endless.
const FIRST_DAY = '1970-01-01';
const LAST_DAY = '9999-12-31';

/** A range of UTC days, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

/** `day` moved by `days` (negative: back). */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** How many days a range holds, both ends included. */
export const dayCount = (range: DayRange) => (Date.parse(range.to) - Date.parse(range.from)) / DAY_MS + 1;

/** Every day of a range, oldest first; the range must have passed statsRange (at most STATS_MAX_DAYS). */
export function daysOf(range: DayRange): string[] {
  const count = Math.min(dayCount(range), STATS_MAX_DAYS);
  return Array.from({ length: Math.max(count, 0) }, (_, i) => addDays(range.from, i));
}

/** The asked range with its defaults filled in; 400 invalid_query naming `from` or `to` when it cannot be read. */
export function statsRange(from: string | null | undefined, to: string | null | undefined, now = Date.now()): DayRange {
  const problems = [...dateProblem('from', from), ...dateProblem('to', to)];
  if (problems.length) throw badRequest('invalid_query', problems);
  const today = new Date(now).toISOString().slice(0, 10);
  const end = to ?? (from ? maxDay(from, today) : today);
  const start = from ?? maxDay(addDays(end, -(STATS_DEFAULT_DAYS - 1)), FIRST_DAY);
  if (start > end) throw badRequest('invalid_query', [`from: must not be after to (${end})`]);
  const days = dayCount({ from: start, to: end });
  if (days > STATS_MAX_DAYS)
    throw badRequest('invalid_query', [`to: the range is ${days} days; at most ${STATS_MAX_DAYS} days are allowed`]);
  return { from: start, to: end };
}

/** With only `from` given: up to today, or to `from` itself when it is later (then it is one day). */
const maxDay = (a: string, b: string) => (a > b ? a : b);

function dateProblem(name: string, value: string | null | undefined): string[] {
  if (value === null || value === undefined) return [];
  // A real calendar day: 2026-02-30 reads as a date but is not one.
  const ms = Date.parse(`${value}T00:00:00Z`);
  const ok = /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(value);
  if (!ok) return [`${name}: must be a date as YYYY-MM-DD, like 2026-11-24`];
  return value < FIRST_DAY || value > LAST_DAY ? [`${name}: must be a day from ${FIRST_DAY} to ${LAST_DAY}`] : [];
}
