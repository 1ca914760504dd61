// Times as ISO 8601 text on hot paths. V8's Date#toISOString took ~0.7 µs a call here (~2 µs in a profile
// under load), and a submission made two (its acceptance check, its row's time): ~3 µs of a request
// (docs/performance.md, "The write path, session 6"). Text up to the second changes once a second, so it
// is made by toISOString once a second and the milliseconds are appended.

/** The largest time a Date holds, either side of 1970 (ECMAScript's TimeClip): 100,000,000 days in ms. */
const MAX_TIME = 8.64e15;

let second = Number.NaN;
let prefix = '';

/** `new Date(ms).toISOString()`, the same text: "2026-11-29T15:04:05.123Z". */
export function isoTime(time: number): string {
  // As Date does: a fraction of a millisecond is cut off (toward zero); NaN and times out of range throw.
  const ms = Math.trunc(time);
  if (!(Math.abs(ms) <= MAX_TIME)) throw new RangeError('Invalid time value');
  const s = Math.floor(ms / 1000);
  if (s !== second) {
    const iso = new Date(s * 1000).toISOString();
    // Everything before the milliseconds, the dot included (the year may have more than four digits).
    prefix = iso.slice(0, -4);
    second = s;
  }
  const milli = ms - s * 1000;
  return `${prefix}${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
}

/** The time now as ISO 8601 text (isoTime of Date.now()). */
export const isoNow = (): string => isoTime(Date.now());
