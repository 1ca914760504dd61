import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isoTime } from '../../../server/lib/iso-time.ts';

const iso = suite('iso-time: the text of Date#toISOString');

/** Asserts isoTime(ms) is Date's text for every time in the list, called in that order. */
function same(times: number[]) {
  for (const ms of times) assert.is(isoTime(ms), new Date(ms).toISOString(), String(ms));
}

iso('every millisecond across a second boundary, called in order and out of order', () => {
  const start = Date.UTC(2026, 10, 29, 15, 4, 58, 990);
  const times = Array.from({ length: 2030 }, (_, i) => start + i);
  same(times);
  same([...times].reverse());
  // Alternating between two seconds makes the cached second change on every call.
  same(times.flatMap((t) => [t, t - 1500]));
});

iso('milliseconds 0, 9, 10, 99, 100 and 999 are written with three digits', () => {
  const second = Date.UTC(2026, 0, 1, 0, 0, 0);
  same([0, 9, 10, 99, 100, 999].map((m) => second + m));
  assert.is(isoTime(second + 7), '2026-01-01T00:00:00.007Z');
});

iso('times before 1970, years past 9999 and the ends of the range', () => {
  same([-1, -999, -1000, -1001, -86_400_001, 0, Date.UTC(-1, 5, 1, 2, 3, 4, 5)]);
  same([Date.UTC(10000, 0, 1), Date.UTC(275760, 8, 13), -8.64e15]);
});

iso('a fraction of a millisecond is cut off as Date does; NaN and times out of range throw RangeError', () => {
  same([1.5, 999.9, -0.5, -1.5, 1764428645123.75]);
  assert.throws(() => isoTime(Number.NaN), RangeError);
  assert.throws(() => isoTime(8.64e15 + 1), RangeError);
});

iso.run();
