// The stats range never loops without end (issue 38): days are counted as numbers and bounded before any
// loop. Unit rows at and past each edge, then the real bundle: a far-future `to` (REST, with the agent key
// a keyless publish gives) is answered while /healthz keeps answering.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { daysOf, statsRange } from '../../server/core/stats/stats-range.ts';
import { STATS_MAX_DAYS } from '../../shared/api/limits.ts';
import { call, contactDefinition } from '../helpers/api.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

const NOW = Date.parse('2026-11-29T12:00:00Z');

/** The details of the 400 a range throws, or the range it gives. */
function rangeOf(from?: string, to?: string) {
  try {
    const range = statsRange(from, to, NOW);
    return { range, days: daysOf(range) };
  } catch (err) {
    return { details: (err as { details?: string[] }).details };
  }
}

const unit = suite('stats range: edges');

unit('the last day of 9999 as `to` gives the default 30 days ending there', () => {
  const r = rangeOf(undefined, '9999-12-31');
  assert.equal(r.range, { from: '9999-12-02', to: '9999-12-31' });
  assert.is(r.days?.length, 30);
  assert.is(r.days?.at(-1), '9999-12-31');
});

unit('`from` alone on the last day of 9999 is that one day', () => {
  const r = rangeOf('9999-12-31');
  assert.equal(r.days, ['9999-12-31']);
});

unit('a day past 9999 or before 1970 is refused, naming its parameter', () => {
  assert.equal(rangeOf(undefined, '10000-01-01').details, ['to: must be a date as YYYY-MM-DD, like 2026-11-24']);
  assert.equal(rangeOf('1969-12-31').details, ['from: must be a day from 1970-01-01 to 9999-12-31']);
  assert.equal(rangeOf('0000-01-01', '0000-01-05').details, [
    'from: must be a day from 1970-01-01 to 9999-12-31',
    'to: must be a day from 1970-01-01 to 9999-12-31',
  ]);
});

unit('`to` near the first day: the default start stops at 1970-01-01', () => {
  const r = rangeOf(undefined, '1970-01-05');
  assert.equal(r.range, { from: '1970-01-01', to: '1970-01-05' });
  assert.is(r.days?.length, 5);
});

unit(`${STATS_MAX_DAYS} days are allowed, one more is refused`, () => {
  const at = rangeOf('2025-01-01', '2026-01-01');
  assert.is(at.days?.length, STATS_MAX_DAYS);
  assert.is(at.days?.[0], '2025-01-01');
  assert.is(at.days?.at(-1), '2026-01-01');
  const past = rangeOf('2025-01-01', '2026-01-02');
  assert.equal(past.details, [
    `to: the range is ${STATS_MAX_DAYS + 1} days; at most ${STATS_MAX_DAYS} days are allowed`,
  ]);
});

unit('a year of days crosses month and leap-day ends one day at a time', () => {
  const days = rangeOf('2028-02-27', '2028-03-01').days;
  assert.equal(days, ['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
});

let server: RunningServer;
const e2e = suite('stats range: the real bundle keeps answering');
e2e.before(async () => {
  server = await startServer();
});
e2e.after(async () => {
  await server.stop();
});

/** A request that fails the test after 20 s instead of hanging it (the bug made it never answer). */
async function get(path: string, key?: string) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${path}: no answer in 20 s`)), 20_000);
  });
  try {
    return await Promise.race([call(server.url, 'GET', path, { key }), late]);
  } finally {
    clearTimeout(timer);
  }
}

e2e('far-future and out-of-calendar ranges are answered; /healthz answers between them', async () => {
  const published = await call(server.url, 'POST', '/v1/forms', { body: { definition: contactDefinition() } });
  assert.is(published.status, 201, published.text);
  const { form_id: id, agent_key: key } = published.json;
  const farTo = await get(`/v1/forms/${id}/stats?to=9999-12-31`, key);
  assert.is(farTo.status, 200, farTo.text);
  assert.is(farTo.json.daily.length, 30);
  assert.is((await get('/healthz')).status, 200);
  const farFrom = await get(`/v1/forms/${id}/stats?from=9999-12-31`, key);
  assert.is(farFrom.status, 200, farFrom.text);
  assert.equal(
    farFrom.json.daily.map((d: { date: string }) => d.date),
    ['9999-12-31'],
  );
  const past = await get(`/v1/forms/${id}/stats?to=10000-01-01`, key);
  assert.is(past.status, 400);
  assert.is(past.json.error, 'invalid_query');
  assert.is((await get('/healthz')).status, 200);
});

unit.run();
e2e.run();
