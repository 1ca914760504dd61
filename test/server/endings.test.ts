// Endings (ARCHITECTURE.md "Endings"): the publish checks (each a 422 detail at its path, nothing stored), the
// engine's choice (the first ending whose conditions match, else none), and the real bundle: the 201 names the
// ending, a plain HTML post lands on the thank-you page with its piped message or follows its redirect_url, and
// an unclaimed form follows no ending's redirect.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkDefinition, chooseEnding, type FormDefinition } from '../../shared/engine/index.ts';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

/** A quiz: a score, and endings by it; the last ending has no conditions and catches the rest. */
const quiz = (endings: unknown[]) => ({
  id: 'quiz',
  title: 'Quiz',
  submit: { label: 'Send' },
  fields: [
    { key: 'name', type: 'text', label: 'Name' },
    { key: 'score', type: 'number', label: 'Score' },
  ],
  endings,
});
const endings = [
  { id: 'passed', message: 'You **passed**, {{name}}!', show: [{ field: 'score', in: [8, 9, 10] }] },
  {
    id: 'support',
    message: 'Sorry',
    redirect_url: 'https://support.example.com/help',
    show: [{ field: 'score', eq: 0 }],
  },
  { id: 'retry', message: 'Try again, {{name}}.' },
];

const checks = suite('endings: publish checks and the choice');

checks('a good definition passes; each bad ending is one problem at its path', () => {
  assert.ok('definition' in checkDefinition(quiz(endings)));
  const problems = (e: unknown[]) => {
    const r = checkDefinition(quiz(e));
    return 'problems' in r ? r.problems : [];
  };
  assert.equal(
    problems([
      { id: 'a', message: 'x' },
      { id: 'a', message: 'y' },
    ]),
    ['endings[1].id: duplicate ending id "a" (also endings[0])'],
  );
  assert.equal(problems([{ id: 'a', message: 'x', redirect_url: 'javascript:alert(1)' }]), [
    'endings[0].redirect_url: must be an http or https URL',
  ]);
  assert.equal(problems([{ id: 'a', message: 'x', show: [{ field: 'nope', eq: 1 }] }]), [
    'endings[0].show[0].field: no field or calculation has the key "nope"',
  ]);
  assert.equal(problems([{ id: 'a', message: 'Hi {{nope}}' }]), [
    'endings[0].message: {{nope}} names no field or calculation',
  ]);
  assert.equal(problems([{ id: 'a', message: 'x'.repeat(501) }]).length, 1);
  assert.equal(problems([{ id: 'a', message: 'x'.repeat(500) }]), []);
  assert.equal(problems(Array.from({ length: 21 }, (_, i) => ({ id: `e${i}`, message: '' }))).length, 1);
  assert.equal(problems([{ id: 'a', message: 'x', extra: 1 }]).length, 1, 'unknown properties are refused');
});

checks('the first ending whose conditions match; none when nothing matches', () => {
  const def = quiz(endings) as FormDefinition;
  assert.is(chooseEnding(def, { name: 'Ada', score: 9 })?.id, 'passed');
  assert.is(chooseEnding(def, { name: 'Ada', score: 0 })?.id, 'support');
  assert.is(chooseEnding(def, { name: 'Ada', score: 5 })?.id, 'retry');
  assert.is(chooseEnding(quiz(endings.slice(0, 2)) as FormDefinition, { score: 5 }), undefined);
  assert.is(chooseEnding(quiz([]) as FormDefinition, { score: 5 }), undefined);
});

let server: RunningServer;
const e2e = suite('endings: the real bundle');
e2e.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
});
e2e.after(async () => {
  await server.stop();
});

const publish = async (key?: string) => {
  const r = await call(server.url, 'POST', '/v1/forms', { key, body: { definition: quiz(endings) } });
  assert.is(r.status, 201, r.text);
  return r.json.form_id as string;
};

/** A browser's plain form post (urlencoded, asking for HTML), not followed. */
const browserPost = (id: string, fields: Record<string, string>) =>
  fetch(`${server.url}/v1/f/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

e2e('the 201 names the chosen ending; a bad ending is refused at publish and nothing is stored', async () => {
  const id = await publish(OWNER_KEY);
  const answer = async (score: number) =>
    (await call(server.url, 'POST', `/v1/f/${id}`, { body: { values: { name: 'Ada', score } } })).json.ending;
  assert.equal([await answer(10), await answer(0), await answer(4)], ['passed', 'support', 'retry']);
  const before = (await call(server.url, 'GET', '/v1/forms', { key: OWNER_KEY })).json;
  const bad = await call(server.url, 'POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: quiz([{ id: 'x', message: 'x', redirect_url: 'ftp://a.example' }]) },
  });
  assert.is(bad.status, 422);
  assert.equal(bad.json.details, ['definition.endings[0].redirect_url: must be an http or https URL']);
  assert.equal((await call(server.url, 'GET', '/v1/forms', { key: OWNER_KEY })).json, before);
});

e2e('a plain HTML post: the thank-you page shows the ending piped, or the post follows its redirect', async () => {
  const id = await publish(OWNER_KEY);
  const passed = await browserPost(id, { name: 'Ada <b>', score: '9' });
  assert.is(passed.status, 303);
  const location = passed.headers.get('location')!;
  assert.match(location, new RegExp(`^/f/${id}/thanks\\?e=passed&r=`));
  const page = await (await fetch(server.url + location)).text();
  // Markdown in the message, the piped answer as text.
  assert.match(page, /You <strong>passed<\/strong>, Ada &lt;b>!/);
  const support = await browserPost(id, { name: 'Bo', score: '0' });
  assert.is(support.status, 303);
  assert.is(support.headers.get('location'), 'https://support.example.com/help');
  // Naming an ending the form has not shows the success message.
  const plain = await (await fetch(`${server.url}/f/${id}/thanks?e=nope`)).text();
  assert.not.match(plain, /You passed|Try again/);
});

e2e('the hosted page without JavaScript shows the description in the Markdown subset, HTML as text', async () => {
  const definition = { ...quiz(endings), description: 'Read **this** [policy](https://example.com/p).\n\n<b>x</b>' };
  const id = (await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition } })).json.form_id;
  const page = await (await fetch(`${server.url}/f/${id}`)).text();
  assert.match(
    page,
    '<div class="fs-page-description"><p>Read <strong>this</strong> <a href="https://example.com/p" ' +
      'target="_blank" rel="noopener noreferrer">policy</a>.</p><p>&lt;b>x&lt;/b></p></div>',
  );
});

e2e('an unclaimed form follows no ending redirect: its thank-you page shows the message', async () => {
  const id = await publish();
  const res = await browserPost(id, { name: 'Bo', score: '0' });
  assert.is(res.status, 303);
  assert.match(res.headers.get('location')!, new RegExp(`^/f/${id}/thanks\\?e=support`));
  const page = await (await fetch(server.url + res.headers.get('location')!)).text();
  assert.match(page, /Sorry/);
});

checks.run();
e2e.run();
