// The shape checks field types share (spec 2.6): text, email, web address, calendar date, date-time and time,
// the one choice among options, lists of distinct options and the points of a scale.
import type { EngineMessages } from '../engine/i18n/engine-messages.ts';
import type { TypeContext } from './field-type.ts';

// The address rule of the HTML standard for input type=email (a "valid email address").
// One label of the domain: letters, digits and inner hyphens, at most 63 characters.
const emailLabel = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';
const emailAddress = new RegExp(`^[a-zA-Z0-9.!#$%&'*+/=?^_\`{|}~-]+@${emailLabel}(?:\\.${emailLabel})*$`);
/** The longest address SMTP carries; checked first, which also keeps the regex on short input. */
const EMAIL_MAX = 254;
const dateShape = /^(\d{4})-(\d{2})-(\d{2})$/;
// A 24-hour time as input type=time sends it without seconds: 00:00 to 23:59 (24:00 is refused).
const clockTime = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const dateTimeShape = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))?$/;
// An absolute http(s) address: the scheme and `//` written out, a host, no spaces. The rest is left to
// the URL parser, which browsers and Node share (WHATWG URL), so both sides accept the same addresses.
const webAddressShape = /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i;

/** Whether text is an email address by the rule browsers use for input type=email. */
export const isEmailAddress = (value: unknown): boolean =>
  typeof value === 'string' && value.length <= EMAIL_MAX && emailAddress.test(value);

/** Whether text is a real calendar date `YYYY-MM-DD`. */
export function isCalendarDate(text: unknown): boolean {
  const m = typeof text === 'string' ? dateShape.exec(text) : null;
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/** Whether text is `YYYY-MM-DDTHH:MM` with optional seconds, fraction and `Z`/`+HH:MM`. */
export function isDateTime(text: unknown): boolean {
  const m = typeof text === 'string' ? dateTimeShape.exec(text) : null;
  if (!m || !isCalendarDate(m[1])) return false;
  const under = (part: string | undefined, limit: number) => part === undefined || Number(part) < limit;
  return under(m[2], 24) && under(m[3], 60) && under(m[4], 60) && under(m[5], 24) && under(m[6], 60);
}

/** Whether text is a 24-hour time `HH:MM` from 00:00 to 23:59. */
export const isClockTime = (text: unknown): boolean => typeof text === 'string' && clockTime.test(text);

/** Whether text is an absolute http or https URL with a host. */
export function isWebAddress(text: unknown): boolean {
  if (typeof text !== 'string' || !webAddressShape.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The check of the text-like types: any string. */
export const textCheck = (value: unknown, _o: unknown, m: EngineMessages): string | undefined =>
  typeof value === 'string' ? undefined : m.text();

/** The check of one choice among the options (any string when they come from `optionsFrom`). */
export const optionCheck = (value: unknown, { optionValues }: TypeContext, m: EngineMessages) =>
  typeof value === 'string' && (!optionValues || optionValues.has(value)) ? undefined : m.option();

/** Whether a value is a list of distinct strings, each one of `allowed` when it is given. */
export const distinctItems = (value: unknown, allowed: ReadonlySet<string> | undefined): value is string[] =>
  Array.isArray(value) &&
  value.every((v) => typeof v === 'string' && (!allowed || allowed.has(v))) &&
  new Set(value).size === value.length;

/** A whole number from `min` to `max`: the points of a rating, scale or nps. */
export const pointCheck = (value: unknown, min: number, max: number, m: EngineMessages) =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? undefined : m.point({ min, max });
