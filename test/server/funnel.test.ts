// The funnel per question over the real bundle, on the embedded store and on PostgreSQL (issue 34): a routed
// survey whose people are sent down two branches. People a route sent elsewhere are never counted as lost on
// a question they never saw; quits on one question are counted on it; rates use only completions a page
// measured. The question events' body rules, each refusal counting nothing, and the key length at its edge.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EVENT_QUESTION_KEY_MAX } from '../../shared/api/limits.ts';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { funnelDefinition } from '../helpers/funnel-form.ts';
import { sharedDatabase } from '../helpers/pg-instances.ts';
import { startServer, tempDataDir, type RunningServer } from '../helpers/server.ts';

type Event = { type: string; key?: string };

/** What one person did: the events their page sent, and whether they sent the form (with the page's hint). */
interface Person {
  who: string;
  events: Event[];
  submits?: Record<string, unknown>;
}

const reached = (...keys: string[]) => keys.map((key) => ({ type: 'reached', key }));
const answered = (...keys: string[]) => keys.map((key) => ({ type: 'answered', key }));
const skipped = (...keys: string[]) => keys.map((key) => ({ type: 'skipped', key }));
const begin = [{ type: 'view' }, { type: 'start' }, ...reached('name', 'nps')];

/** The people of the table: 4 promoters, 4 detractors (2 say what went wrong), 2 quit on the NPS, 1 quits at once. */
const people: Person[] = [
  ...[1, 2, 3, 4].map((n) => ({
    who: `promoter-${n}`,
    events: [...begin, ...answered('name', 'nps'), ...reached('liked'), ...answered('liked')],
    submits: { name: `P${n}`, nps: 10, liked: 'Speed' },
  })),
  ...[1, 2].map((n) => ({
    who: `detractor-${n}`,
    events: [...begin, ...answered('name', 'nps'), ...reached('wrong'), ...answered('wrong')],
    submits: { name: `D${n}`, nps: 3, wrong: 'Slow' },
  })),
  ...[3, 4].map((n) => ({
    who: `detractor-${n}`,
    events: [...begin, ...answered('name', 'nps'), ...reached('wrong'), ...skipped('wrong')],
    submits: { name: `D${n}`, nps: 5 },
  })),
  ...[1, 2].map((n) => ({ who: `quit-on-nps-${n}`, events: [...begin, ...answered('name')] })),
  { who: 'quit-at-once', events: begin },
];

/** The expected funnel: reached, answered, skipped, stopped per question, in the definition's order. */
const expected = [
  { key: 'name', label: 'Your name', type: 'text', reached: 11, answered: 10, skipped: 0, stopped: 1 },
  {
    key: 'nps',
    label: 'How likely are you to recommend us?',
    type: 'nps',
    reached: 11,
    answered: 8,
    skipped: 0,
    stopped: 3,
  },
  { key: 'wrong', label: 'What went wrong?', type: 'textarea', reached: 4, answered: 2, skipped: 2, stopped: 0 },
  { key: 'liked', label: 'What did you like?', type: 'textarea', reached: 4, answered: 4, skipped: 0, stopped: 0 },
];

const session = (who: string) => `funnel-${who}`;

// Started before any suite is queued: uvu runs the queued suites while a top-level await waits.
const shared = await sharedDatabase();
// One data folder per suite, so a restart reads what the last run wrote.
const dataDirs = { sqljs: await tempDataDir(), postgres: await tempDataDir() };

for (const store of ['sqljs', 'postgres'] as const) {
  const env = store === 'postgres' ? shared.env : { FORMSTEAD_OWNER_KEY: OWNER_KEY };
  const dataDir = dataDirs[store];
  let server: RunningServer;
  const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);
  const events = (formId: string, body: unknown) =>
    api('POST', `/v1/f/${formId}/events`, {
      rawBody: JSON.stringify(body),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
  const stats = async (formId: string) => {
    const r = await api('GET', `/v1/forms/${formId}/stats`, { key: OWNER_KEY });
    assert.is(r.status, 200, r.text);
    return r.json;
  };
  const publish = async (definition: unknown) => {
    const r = await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition } });
    assert.is(r.status, 201, r.text);
    return r.json.form_id as string;
  };

  const test = suite(`funnel per question (${store})`);
  test.before(async () => {
    server = await startServer({ env, dataDir });
  });
  test.after(async () => {
    await server.stop();
  });

  test('a routed survey: routed people are not lost, quits are counted on their question', async () => {
    const id = await publish(funnelDefinition());
    for (const p of people) {
      const r = await events(id, { session: session(p.who), events: p.events, utm_source: 'mail' });
      assert.is(r.status, 204, r.text);
      if (!p.submits) continue;
      const sent = await api('POST', `/v1/f/${id}`, {
        body: { values: p.submits },
        headers: { 'formstead-visit': 'utm_source=mail&seconds=40' },
      });
      assert.is(sent.status, 201, sent.text);
    }
    // Two answers no page measured: by the API, without a visit.
    for (const name of ['Api 1', 'Api 2']) {
      const sent = await api('POST', `/v1/f/${id}`, { body: { values: { name, nps: 7 } } });
      assert.is(sent.status, 201, sent.text);
    }
    // A page sending its events again (a reload), and leaving a question twice: each counts once.
    assert.is((await events(id, { session: session('promoter-1'), events: people[0].events })).status, 204);
    assert.is((await events(id, { session: session('detractor-3'), events: answered('wrong') })).status, 204);
    const s = await stats(id);
    assert.equal(s.questions, expected);
    assert.is(s.starts, 11);
    assert.is(s.completions, 10);
    assert.is(s.completions_without_visit, 2);
    assert.is(s.completion_rate, Math.round((8 / 11) * 1000) / 1000, 'the 8 measured completions of 11 starts');
    assert.equal(s.sources, [{ source: 'mail', views: 11, completions: 8 }]);
    // Written at shutdown, read back from the store alone after a restart: the same.
    await server.stop();
    server = await startServer({ env, dataDir });
    assert.equal(await stats(id), s);
  });

  test('a question no one reached reads 0; a form without steps lists its questions too', async () => {
    const id = await publish({
      id: 'one',
      title: 'One',
      submit: { label: 'Send' },
      fields: [
        { key: 'email', type: 'email', label: 'Email' },
        { key: 'note', type: 'textarea', label: 'Note' },
      ],
    });
    await events(id, { session: session('solo'), events: [...reached('email', 'note'), ...answered('email')] });
    const s = await stats(id);
    assert.equal(
      s.questions.map((q: { key: string; reached: number; stopped: number }) => [q.key, q.reached, q.stopped]),
      [
        ['email', 1, 0],
        ['note', 1, 1],
      ],
    );
    assert.is(s.completion_rate, null, 'no start: no rate');
  });

  test('bad question events: 400 naming each, nothing counted', async () => {
    const id = await publish(funnelDefinition());
    const bad: [Event[], string][] = [
      [[{ type: 'reached', key: 'ref' }], 'events[1].key: this form has no question "ref"'],
      [[{ type: 'answered', key: 'intro' }], 'events[1].key: this form has no question "intro"'],
      [[{ type: 'skipped', key: 'nope' }], 'events[1].key: this form has no question "nope"'],
      [[{ type: 'reached' }], 'events[1].key:'],
      [[{ type: 'reached', key: '' }], 'events[1].key: must not be empty'],
      [[{ type: 'left', key: 'name' }], 'events[1].type:'],
    ];
    for (const [list, detail] of bad) {
      const r = await events(id, { session: session('bad'), events: [...reached('name'), ...list] });
      assert.is(r.status, 400, JSON.stringify(list));
      assert.ok(
        r.json.details.some((d: string) => d.startsWith(detail)),
        `${JSON.stringify(list)}: ${r.json.details}`,
      );
    }
    const s = await stats(id);
    assert.ok(
      s.questions.every((q: { reached: number }) => q.reached === 0),
      'the valid event beside a bad one was not counted',
    );
  });

  test(`a question key of ${EVENT_QUESTION_KEY_MAX} characters counts; one longer is refused`, async () => {
    const long = 'k'.repeat(EVENT_QUESTION_KEY_MAX);
    const id = await publish({
      id: 'long',
      title: 'Long',
      submit: { label: 'Send' },
      fields: [
        { key: long, type: 'text', label: 'At the edge' },
        { key: `${long}x`, type: 'text', label: 'Past it' },
      ],
    });
    assert.is((await events(id, { session: session('edge'), events: reached(long) })).status, 204);
    const past = await events(id, { session: session('edge'), events: reached(`${long}x`) });
    assert.is(past.status, 400);
    assert.equal(past.json.details, [`events[0].key: must be at most ${EVENT_QUESTION_KEY_MAX} characters`]);
    const s = await stats(id);
    assert.equal(
      s.questions.map((q: { reached: number }) => q.reached),
      [1, 0],
    );
  });

  test.run();
}
shared.stopLast();
