// Counting on two real bundles sharing one real PostgreSQL database: each instance counts its events and
// completions in memory and adds them to the same daily rows (additions, so none is lost); a read shows
// the stored rows plus the reading instance's own unwritten counts.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { sharedDatabase } from '../helpers/pg-instances.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

const { env, stopLast } = await sharedDatabase();

let a: RunningServer;
let b: RunningServer;

const view = (server: RunningServer, formId: string, n: number, utm: string) =>
  call(server.url, 'POST', `/v1/f/${formId}/events`, {
    rawBody: JSON.stringify({
      session: `session-${n}-abc`,
      events: [{ type: 'view' }, { type: 'start' }],
      utm_source: utm,
    }),
    headers: { 'content-type': 'text/plain' },
  });
const submit = (server: RunningServer, formId: string, utm: string) =>
  call(server.url, 'POST', `/v1/f/${formId}`, {
    body: { values: { name: 'Ada', email: 'ada@example.com' } },
    headers: { 'formstead-visit': `utm_source=${utm}&seconds=40` },
  });
const stats = async (server: RunningServer, formId: string) =>
  (await call(server.url, 'GET', `/v1/forms/${formId}/stats`, { key: OWNER_KEY })).json;

const two = suite('counting on two bundles sharing PostgreSQL');
two.before(async () => {
  [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
});
two.after(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

two('both instances add to the same counters; a read includes its own unwritten counts', async () => {
  const formId = (await call(a.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
    .json.form_id as string;
  for (let n = 0; n < 5; n++) assert.is((await view(a, formId, n, 'mail')).status, 204);
  for (let n = 5; n < 8; n++) assert.is((await view(b, formId, n, n === 7 ? 'blog' : 'mail')).status, 204);
  assert.is((await submit(a, formId, 'mail')).status, 201);
  assert.is((await submit(b, formId, 'blog')).status, 201);
  // Before any flush, each instance sees its own counts.
  assert.is((await stats(a, formId)).views, 5);
  assert.is((await stats(b, formId)).views, 3);
  // B writes its counts as it shuts down; A reads them with its own unwritten ones.
  await b.stop();
  const s = await stats(a, formId);
  // Two times of 40 s, both in the 30-45 s bucket: the median reads as the middle of the bucket's lower half.
  assert.equal([s.views, s.starts, s.completions, s.median_seconds], [8, 8, 2, 38]);
  assert.equal(s.sources, [
    { source: 'mail', views: 7, completions: 1 },
    { source: 'blog', views: 1, completions: 1 },
  ]);
  // A writes at shutdown too: after a restart the rows alone say the same.
  await a.stop();
  a = await startServer({ env });
  assert.equal(await stats(a, formId), s);
});

two.run();
stopLast();
