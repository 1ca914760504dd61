// The bounds of counting, at and past each edge: the session set holds at most its maximum and forgets a
// key exactly at its lifetime; a form's day keeps 20 sources and counts the rest as "other"; the duration
// buckets and the median read from them; the report's sources cut at 20 plus "other".
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SeenOnce } from '../../../server/lib/seen-once.ts';
import { durationBucket, medianSeconds } from '../../../server/core/stats/duration-buckets.ts';
import {
  OTHER_SOURCE,
  PendingCounts,
  SOURCE_ROWS_PER_FORM_DAY,
  SOURCES_PER_FORM_DAY,
} from '../../../server/core/stats/pending-counts.ts';
import { statsReport } from '../../../server/core/stats/stats-report.ts';
import { sourceLabel } from '../../../server/core/stats/visit-source.ts';
import type { DailyCount } from '../../../server/core/store/types.ts';
import type { FormDefinition } from '../../../shared/definition/schema.ts';

const bounds = suite('counting: bounds');

bounds('SeenOnce: first true, then false while remembered; forgotten exactly at its lifetime', () => {
  const seen = new SeenOnce(10, 1000);
  assert.is(seen.first('a', 0), true);
  assert.is(seen.first('a', 999), false, '1 ms before the end of its life');
  assert.is(seen.first('a', 1000), true, 'at its lifetime: new again');
  assert.is(seen.size, 1);
});

bounds('SeenOnce: never more than its maximum; the oldest key goes first', () => {
  const seen = new SeenOnce(3, 60_000);
  for (const k of ['a', 'b', 'c']) seen.first(k, 0);
  assert.is(seen.size, 3, 'at the maximum');
  assert.is(seen.first('d', 1), true);
  assert.is(seen.size, 3, 'one past: still the maximum');
  assert.is(seen.first('b', 2), false, 'a newer key is kept');
  assert.is(seen.first('a', 3), true, 'the oldest was pushed out');
  for (let i = 0; i < 10_000; i++) seen.first(`flood-${i}`, 4);
  assert.is(seen.size, 3, 'a flood of new keys does not grow it');
});

bounds('PendingCounts.admit: 20 sources a form and day, then "other"; another form or day has its own', () => {
  const pending = new PendingCounts();
  const day = '2026-11-24';
  for (let i = 0; i < SOURCES_PER_FORM_DAY; i++) assert.is(pending.admit('f', day, `s${i}`), `s${i}`);
  assert.is(pending.admit('f', day, 's0'), 's0', 'an admitted source stays itself');
  assert.is(pending.admit('f', day, 's20'), OTHER_SOURCE, 'the 21st source');
  assert.is(pending.admit('g', day, 's20'), 's20', 'another form');
  assert.is(pending.admit('f', '2026-11-25', 's20'), 's20', 'the next day');
});

bounds('PendingCounts.admit: a flood of one-visit sources cannot keep a source that brings more out', () => {
  const pending = new PendingCounts();
  const day = '2026-11-24';
  for (let i = 0; i < 25; i++) pending.admit('f', day, `flood${i}`);
  assert.is(pending.admit('f', day, 'news.example'), OTHER_SOURCE, 'its first visit: the slots are taken');
  assert.is(pending.admit('f', day, 'news.example'), 'news.example', 'its second: more than the least visited');
  assert.is(pending.admit('f', day, 'news.example'), 'news.example', 'and from then on');
  // Promotions stop at SOURCE_ROWS_PER_FORM_DAY rows: each later source needs more visits than the least.
  for (let i = 0; i < 100; i++) for (let v = 0; v < 3; v++) pending.admit('f', day, `busy${i}`);
  const named = new Set<string>();
  for (let i = 0; i < 100; i++) named.add(pending.admit('f', day, `busy${i}`));
  named.delete(OTHER_SOURCE);
  assert.ok(named.size > 0 && named.size < SOURCE_ROWS_PER_FORM_DAY, `${named.size} later sources got a row`);
  let rows = 0;
  for (let i = 0; i < 25; i++) if (pending.admit('f', day, `flood${i}`) !== OTHER_SOURCE) rows++;
  rows += named.size + 1;
  assert.ok(rows <= SOURCE_ROWS_PER_FORM_DAY, `${rows} rows at most ${SOURCE_ROWS_PER_FORM_DAY}`);
});

bounds('durationBucket: each edge belongs to the next bucket; a negative or over-a-day time is not counted', () => {
  const cases: [number, string | undefined][] = [
    [0, '10'],
    [9.99, '10'],
    [10, '20'],
    [86399, '86400'],
    [86400, undefined],
    [-1, undefined],
    [Number.NaN, undefined],
  ];
  for (const [seconds, bucket] of cases) assert.is(durationBucket(seconds), bucket, `${seconds} s`);
});

bounds('medianSeconds: interpolated inside the bucket of the middle time; null without times', () => {
  assert.is(medianSeconds(new Map()), null);
  assert.is(medianSeconds(new Map([['90', 1]])), 75, 'one time in 60-90 s: the middle of the bucket');
  assert.is(
    medianSeconds(
      new Map([
        ['10', 3],
        ['20', 1],
      ]),
    ),
    7,
    'middle of 4 times lies in 0-10 s',
  );
  assert.is(
    medianSeconds(
      new Map([
        ['10', 1],
        ['600', 1],
      ]),
    ),
    10,
    'two times: between them, at the edge',
  );
});

bounds('sourceLabel: utm parts joined and cut at 40, else the host without www., else direct', () => {
  assert.is(sourceLabel({ utm_source: ' Mail ', utm_campaign: 'Spring' }), 'mail / spring');
  assert.is(sourceLabel({ utm_source: 'x'.repeat(50) }), 'x'.repeat(40));
  assert.is(sourceLabel({ referrer: 'WWW.Example.com:8080' }), 'example.com:8080');
  assert.is(sourceLabel({ utm_medium: 'email' }), 'direct', 'a medium without a source is no source');
});

bounds('statsReport: at most 20 sources, the rest (and any stored "other") summed into one "other" row', () => {
  const row = (source: string, n: number): DailyCount => ({
    formId: 'f',
    day: '2026-11-24',
    kind: 'view',
    step: '',
    source,
    n,
  });
  const rows = [...Array.from({ length: 25 }, (_, i) => row(`s${i}`, 100 - i)), row(OTHER_SOURCE, 7)];
  const definition = { id: 'x', title: 'x', fields: [] } as unknown as FormDefinition;
  const r = statsReport(rows, definition, { from: '2026-11-24', to: '2026-11-24' });
  assert.is(r.sources.length, 21);
  assert.equal(r.sources[19], { source: 's19', views: 81, completions: 0 });
  // s20..s24 hold 80+79+78+77+76 = 390 views, plus the 7 counted as other already.
  assert.equal(r.sources[20], { source: OTHER_SOURCE, views: 397, completions: 0 });
  assert.is(r.views, 100 * 25 - (24 * 25) / 2 + 7);
});

bounds.run();
