// The days GET /v1/forms/{id}/stats reads: `from` and `to` as UTC dates, both included; by default
// the last STATS_DEFAULT_DAYS days up to today. Every refusal names its parameter.
import { STATS_DEFAULT_DAYS, STATS_MAX_DAYS } from '../../../shared/api/limits.ts';
import { badRequest } from '../../lib/api-error.ts';

const DAY_MS = 86_400_000;

/** A range of UTC days, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

/** `day` moved by `days` (negative: back). */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Every day of a range, oldest first. */
export function daysOf(range: DayRange): string[] {
  const out: string[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The asked range with its defaults filled in; 400 invalid_query naming `from` or `to` when it cannot be read. */
export function statsRange(from: string | null | undefined, to: string | null | undefined, now = Date.now()): DayRange {
  const problems = [...dateProblem('from', from), ...dateProblem('to', to)];
  if (problems.length) throw badRequest('invalid_query', problems);
  const today = new Date(now).toISOString().slice(0, 10);
  const end = to ?? (from ? maxDay(from, today) : today);
  const start = from ?? addDays(end, -(STATS_DEFAULT_DAYS - 1));
  if (start > end) throw badRequest('invalid_query', [`from: must not be after to (${end})`]);
  const days = (Date.parse(end) - Date.parse(start)) / DAY_MS + 1;
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
  return ok ? [] : [`${name}: must be a date as YYYY-MM-DD, like 2026-11-24`];
}
