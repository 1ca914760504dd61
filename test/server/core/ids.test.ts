// Submission ids are UUIDs version 7 (RFC 9562): the time in milliseconds first, so new rows land at
// the end of the id index; the rest stays random.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { looksLikeId, newTimeOrderedId } from '../../../server/core/ids.ts';

const shape = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The milliseconds a version 7 id carries (its first 48 bits). */
const millis = (id: string) => Number.parseInt(id.replace('-', '').slice(0, 12), 16);

test('a time-ordered id is a version 7 UUID of the RFC variant, and passes the check ids from outside get', () => {
  for (let i = 0; i < 1000; i++) {
    const id = newTimeOrderedId();
    assert.match(id, shape);
    assert.ok(looksLikeId(id));
  }
});

test('it carries the milliseconds it was made in, all 48 bits of them', () => {
  const now = Date.now();
  assert.is(millis(newTimeOrderedId(now)), now);
  // The largest time 48 bits hold (year 10889) and the smallest, so no bit of the high part is lost.
  assert.is(millis(newTimeOrderedId(2 ** 48 - 1)), 2 ** 48 - 1);
  assert.is(newTimeOrderedId(0).slice(0, 13), '00000000-0000');
  assert.is(newTimeOrderedId(Date.UTC(2026, 10, 27)).slice(0, 13), '01a21a4d-4000');
});

test('ids of later milliseconds sort after earlier ones as text; ids of one millisecond differ', () => {
  const t = Date.now();
  const ids = Array.from({ length: 5000 }, (_, i) => newTimeOrderedId(t + Math.floor(i / 1000)));
  for (let i = 1000; i < ids.length; i += 1000) assert.ok(ids[i - 1].slice(0, 13) < ids[i].slice(0, 13));
  assert.is(new Set(ids).size, ids.length);
  // 74 random bits each: across the pool's refills every id of one millisecond is new.
  const same = new Set(Array.from({ length: 2000 }, () => newTimeOrderedId(t)));
  assert.is(same.size, 2000);
});

test.run();
