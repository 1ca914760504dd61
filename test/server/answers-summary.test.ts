// GET /v1/forms/{id}/summary over the real bundle (ARCHITECTURE.md "What owners do with answers" › Summary):
// each question type's figures from real answers, the stats' date rules, who may read it, and a piped label
// read without braces; on both stores (a second instance on the PostgreSQL one, so a count made by one is
// read by the other), with a deletion counted again exactly.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { summarySchema } from '../../shared/api/summary.ts';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { ownerWithKey, startWithPublicUrl } from '../helpers/files.ts';
import { sharedDatabase } from '../helpers/pg-instances.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { surveyDefinition } from '../helpers/survey-form.ts';

// Started before any suite runs: uvu runs the queued suites as soon as the module's first turn ends.
const shared = await sharedDatabase();

let server: RunningServer;
/** The second instance on the PostgreSQL store (the embedded store's own server again). */
let other: RunningServer;
let key: string;
let formId: string;
let agentKey: string;
let agentForm: string;

const definition = {
  ...surveyDefinition,
  fields: [
    ...surveyDefinition.fields.filter((f) => f.type !== 'signature'),
    {
      key: 'pick',
      type: 'radio',
      label: 'Thanks {{name}}, pick one',
      options: [
        { value: 'x', label: 'Ex' },
        { value: 'y', label: 'Why' },
      ],
    },
    { key: 'age', type: 'number', label: 'Age' },
  ],
};

/** Oldest first; the summary reads them newest first. */
const answers = [
  { name: 'Zoë', stars: 4, nps: 10, ease: 7, grid: { speed: 'good', taste: 'bad' }, order: ['b', 'c', 'a'], age: 30 },
  { name: 'Ada', stars: 2, nps: 8, grid: { speed: 'good', taste: 'ok' }, order: ['c', 'a'], age: 41 },
  { stars: 5, nps: 3, ease: 0, order: ['b', 'a', 'c'], pick: 'x', at: '07:15' },
  { name: 'Bo', nps: 9, pick: 'x' },
];

const today = () => new Date().toISOString().slice(0, 10);
const summary = (query = '', k = key, id = formId) =>
  call(server.url, 'GET', `/v1/forms/${id}/summary${query}`, { key: k });
const question = (body: any, k: string) => body.questions.find((q: any) => q.key === k);

/** The suites on one store: `start` starts its server(s) and answers an account key. */
function summarySuites(backend: string, start: () => Promise<{ servers: RunningServer[]; key: string }>) {
  const summarySuite = suite(`answers summary (${backend})`);
  summarySuite.before(async () => {
    const started = await start();
    [server, other = server] = started.servers;
    key = started.key;
    const published = await call(server.url, 'POST', '/v1/forms', { key, body: { definition } });
    assert.is(published.status, 201, published.text);
    formId = published.json.form_id;
    for (const values of answers) {
      const sent = await call(server.url, 'POST', `/v1/f/${formId}`, { body: { values } });
      assert.is(sent.status, 201, sent.text);
    }
    const keyless = await call(server.url, 'POST', '/v1/forms', { body: { definition } });
    [agentKey, agentForm] = [keyless.json.agent_key, keyless.json.form_id];
  });
  summarySuite.after(async () => {
    await server.stop();
    if (other !== server) await other.stop();
  });

  summarySuite(
    'rating, scale and nps: mean, median, min, max and every point in the distribution; the nps score',
    async () => {
      const r = await summary();
      assert.is(r.status, 200, `${r.text} ${server.output().slice(-3000)}`);
      // The OpenAPI document's schema names every field sent (it strips the ones it does not know).
      assert.equal(summarySchema.parse(r.json), r.json);
      assert.equal([r.json.from, r.json.to, r.json.total, r.json.sampled], [r.json.from, today(), 4, false]);
      assert.equal(question(r.json, 'stars'), {
        key: 'stars',
        label: 'Stars for @Name',
        type: 'rating',
        answered: 3,
        mean: 3.67,
        median: 4,
        min: 2,
        max: 5,
        distribution: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 1 },
      });
      const ease = question(r.json, 'ease');
      assert.equal([ease.answered, ease.mean, ease.median, ease.min, ease.max], [2, 3.5, 3.5, 0, 7]);
      assert.equal(Object.keys(ease.distribution), ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
      assert.equal([ease.distribution['0'], ease.distribution['7'], ease.distribution['5']], [1, 1, 0]);
      const nps = question(r.json, 'nps');
      assert.is(nps.answered, 4);
      // 10 and 9 promote, 8 is passive, 3 detracts: round(100 x (2 - 1) / 4) = 25.
      assert.equal(nps.nps, { score: 25, promoters: 2, passives: 1, detractors: 1 });
      const age = question(r.json, 'age');
      assert.equal(age.distribution, { 30: 1, 41: 1 }, 'a plain number lists only the values given');
    },
  );

  summarySuite('a matrix counts each row by column; a ranking gives each option its mean position', async () => {
    const r = await summary();
    assert.equal(question(r.json, 'grid'), {
      key: 'grid',
      label: 'Service',
      type: 'matrix',
      answered: 2,
      columns: [
        { value: 'bad', label: 'Bad' },
        { value: 'ok', label: 'Fine' },
        { value: 'good', label: 'Good' },
      ],
      rows: [
        { value: 'speed', label: 'Speed', columns: { bad: 0, ok: 0, good: 2 } },
        { value: 'taste', label: 'Taste', columns: { bad: 1, ok: 1, good: 0 } },
      ],
    });
    assert.equal(question(r.json, 'order').options, [
      { value: 'a', label: 'Apples', mean_position: 2.33, ranked: 3 },
      { value: 'b', label: 'Bananas', mean_position: 1, ranked: 2 },
      { value: 'c', label: 'Cherries', mean_position: 2, ranked: 3 },
    ]);
    assert.equal(question(r.json, 'name').latest, ['Bo', 'Ada', 'Zoë'], 'texts newest first');
    assert.equal(question(r.json, 'at'), { key: 'at', label: 'Arrival', type: 'time', answered: 1 });
  });

  summarySuite('a piped label reads "@Question" where it names an answer; choices count per option', async () => {
    const pick = question((await summary()).json, 'pick');
    assert.equal(pick, {
      key: 'pick',
      label: 'Thanks @Name, pick one',
      type: 'radio',
      answered: 2,
      options: [
        { value: 'x', label: 'Ex', count: 2 },
        { value: 'y', label: 'Why', count: 0 },
      ],
    });
  });

  summarySuite(
    'the stats date rules: a range without the answers counts none; a bad range is 400 naming it',
    async () => {
      const old = await summary('?from=2020-01-01&to=2020-01-31');
      assert.equal([old.status, old.json.from, old.json.to, old.json.total], [200, '2020-01-01', '2020-01-31', 0]);
      assert.equal(question(old.json, 'stars'), {
        key: 'stars',
        label: 'Stars for @Name',
        type: 'rating',
        answered: 0,
        mean: null,
        median: null,
        min: null,
        max: null,
        distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      });
      assert.equal(question(old.json, 'nps').nps, { score: null, promoters: 0, passives: 0, detractors: 0 });
      assert.is((await summary(`?from=${today()}`)).json.total, 4, 'today alone holds them');
      const bad = await summary('?from=2026-02-30&to=2025-01-01');
      assert.equal([bad.status, bad.json.details], [400, ['from: must be a date as YYYY-MM-DD, like 2026-11-24']]);
      const long = await summary('?from=2024-01-01&to=2025-12-31');
      assert.equal(
        [long.status, long.json.details],
        [400, ['to: the range is 731 days; at most 366 days are allowed']],
      );
    },
  );

  summarySuite('agent keys read their own forms, account keys theirs; no key 401, another form 404', async () => {
    assert.is((await summary('', agentKey, agentForm)).status, 200);
    assert.is((await summary('', agentKey, formId)).status, 404);
    assert.is((await fetch(`${server.url}/v1/forms/${formId}/summary`)).status, 401);
    assert.is((await summary('', key, 'nosuchform')).status, 404);
  });

  summarySuite('a deleted answer is counted out: the form counted again matches, on another instance too', async () => {
    const before = (await summary()).json;
    const page = await call(server.url, 'GET', `/v1/forms/${formId}/submissions`, { key });
    const bo = page.json.submissions.find((s: any) => s.values.name === 'Bo');
    const del = await call(server.url, 'DELETE', `/v1/forms/${formId}/submissions/${bo.id}`, { key });
    assert.is(del.status, 204, del.text);
    const after = await call(other.url, 'GET', `/v1/forms/${formId}/summary`, { key });
    assert.is(after.json.total, before.total - 1);
    assert.equal(question(after.json, 'nps').nps, { score: 0, promoters: 1, passives: 1, detractors: 1 });
    assert.equal(question(after.json, 'name').latest, ['Ada', 'Zoë']);
    assert.equal(question(after.json, 'pick').options[0].count, 1);
  });

  summarySuite.run();
}

summarySuites('embedded', async () => {
  const started = await startWithPublicUrl();
  return { servers: [started], key: (await ownerWithKey(started)).key };
});

summarySuites('PostgreSQL', async () => ({
  servers: [await startServer({ env: shared.env }), await startServer({ env: shared.env })],
  key: OWNER_KEY,
}));
shared.stopLast();
