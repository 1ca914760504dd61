// A form that closes itself and has its own address (ARCHITECTURE.md "Respondents who finish"):
// close_at, response_limit, closed_message and slug over the real bundle, with the link preview meta.
import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RESERVED_SLUGS, SLUG_PATTERN } from '../../server/core/slugs.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);
const ada = { name: 'Ada', email: 'ada@example.com' };
const newForm = async () =>
  (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } })).json
    .form_id as string;
const patch = (id: string, body: Record<string, unknown>) => api('PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body });
const answer = (idOrSlug: string) => api('POST', `/v1/f/${idOrSlug}`, { body: { values: ada } });

const test = suite('closing and addresses');
test.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
});
test.after(async () => {
  await server.stop();
});

test('every bad closing setting is named in one 422, and nothing changes', async () => {
  const id = await newForm();
  const rows: [string, unknown, RegExp][] = [
    ['close_at', 'next friday', /close_at: must be a date and time with a time zone/],
    ['close_at', '2027-02-30T12:00:00Z', /close_at: must be a date and time/],
    ['close_at', '2027-01-31T12:00:00', /close_at: must be a date and time with a time zone/],
    ['response_limit', 0, /response_limit: must be at least 1/],
    ['response_limit', 2.5, /response_limit: must be a whole number/],
    ['closed_message', 'x'.repeat(501), /closed_message: must be at most 500 characters/],
    ['slug', 'ab', /slug: must be 3 to 64 lowercase/],
    ['slug', 'a'.repeat(65), /slug: must be 3 to 64 lowercase/],
    ['slug', 'Spring', /slug: must be 3 to 64 lowercase/],
    ['slug', 'admin', /slug: "admin" is reserved/],
  ];
  for (const [field, value, problem] of rows) {
    const r = await patch(id, { [field]: value, success_message: 'changed' });
    assert.is(r.status, 422, `${field}=${JSON.stringify(value)}: ${r.text}`);
    assert.ok(
      r.json.details.some((d: string) => problem.test(d)),
      `${field}: ${JSON.stringify(r.json.details)}`,
    );
  }
  const all = await patch(id, { close_at: 'soon', response_limit: 0, closed_message: 'x'.repeat(501), slug: 'v1' });
  assert.equal(all.json.details.map((d: string) => d.split(':')[0]).sort(), [
    'close_at',
    'closed_message',
    'response_limit',
    'slug',
  ]);
  const settings = await patch(id, {});
  assert.equal(
    [settings.json.success_message, settings.json.close_at, settings.json.response_limit, settings.json.slug],
    ['', '', null, ''],
    'nothing changed',
  );
});

test('the edges that pass: 500 characters, a limit of 1, 3 and 64 character slugs, an offset time', async () => {
  const id = await newForm();
  const r = await patch(id, {
    closed_message: 'x'.repeat(500),
    response_limit: 1,
    close_at: '2099-01-31T19:00+01:00',
    slug: 'abc',
  });
  assert.is(r.status, 200, r.text);
  assert.is(r.json.close_at, '2099-01-31T18:00:00.000Z', 'stored as UTC');
  assert.is((await patch(id, { slug: 'a'.repeat(64) })).json.slug, 'a'.repeat(64));
});

test('response_limit: the Nth answer is taken, the next one is 409 closed with the message', async () => {
  const id = await newForm();
  await patch(id, { response_limit: 3, closed_message: 'We are full, thank you!' });
  for (let i = 0; i < 3; i++) assert.is((await answer(id)).status, 201);
  const over = await answer(id);
  assert.is(over.status, 409, over.text);
  assert.is(over.json.error, 'closed');
  assert.is(over.json.closed_message, 'We are full, thank you!');
  assert.match(over.json.details[0], /limit of 3 responses/);
  const view = await api('GET', `/v1/f/${id}/definition`);
  assert.is(view.json.state, 'closed');
  assert.is(view.json.closed_message, 'We are full, thank you!');
  assert.is((await patch(id, { response_limit: null })).status, 200);
  assert.is((await answer(id)).status, 201, 'no limit: open again');
});

test('response_limit holds under concurrent answers: exactly the limit is stored', async () => {
  const id = await newForm();
  await patch(id, { response_limit: 5 });
  const results = await Promise.all(Array.from({ length: 14 }, () => answer(id)));
  assert.is(results.filter((r) => r.status === 201).length, 5);
  assert.ok(results.every((r) => r.status === 201 || (r.status === 409 && r.json.error === 'closed')));
  const list = await api('GET', `/v1/forms/${id}/submissions`, { key: OWNER_KEY });
  assert.is(list.json.submissions.length, 5);
});

test('close_at in the past closes the form: 409, and the hosted page shows the message', async () => {
  const id = await newForm();
  await patch(id, { close_at: '2020-01-01T00:00:00Z' });
  const r = await answer(id);
  assert.is(r.status, 409);
  assert.is(r.json.error, 'closed');
  assert.is(r.json.closed_message, 'This form is closed and no longer accepts responses.');
  const page = await fetch(`${server.url}/f/${id}`);
  const html = await page.text();
  assert.is(page.status, 200);
  assert.match(html, /class="fs-notice fs-closed" role="status">This form is closed and no longer accepts/);
  assert.not.match(html, /<form/, 'no form to fill');
  await patch(id, { close_at: '', closed_message: '<b>Closed</b> for the season' });
  assert.is((await answer(id)).status, 201, 'reopened');
  await patch(id, { close_at: '2020-01-01T00:00:00Z' });
  const escaped = await (await fetch(`${server.url}/f/${id}`)).text();
  assert.match(escaped, /&lt;b&gt;Closed&lt;\/b&gt; for the season/, 'the message is text, never HTML');
});

test('slug: /f/{slug} and /v1/f/{slug} serve the form, the id keeps working, the URLs use it', async () => {
  const id = await newForm();
  const r = await patch(id, { slug: 'spring-survey' });
  assert.is(r.status, 200, r.text);
  assert.is(r.json.slug, 'spring-survey');
  const page = await fetch(`${server.url}/f/spring-survey`);
  assert.is(page.status, 200);
  assert.match(await page.text(), /Contact us/);
  assert.is((await fetch(`${server.url}/f/${id}`)).status, 200, 'the id still works');
  assert.is((await answer('spring-survey')).status, 201);
  assert.is((await answer(id)).status, 201);
  const def = await api('GET', '/v1/f/spring-survey/definition');
  assert.is(def.json.form_id, id);
  assert.match(def.json.hosted_url, /^http:\/\/localhost:\d+\/f\/spring-survey$/);
  const listed = (await api('GET', '/v1/forms', { key: OWNER_KEY })).json.forms.find((f: any) => f.form_id === id);
  assert.match(listed.hosted_url, /\/f\/spring-survey$/);
  assert.match(listed.endpoint, /\/v1\/f\/spring-survey$/);
  const subs = await api('GET', `/v1/forms/${id}/submissions`, { key: OWNER_KEY });
  assert.is(subs.json.submissions.length, 2);
  assert.is((await fetch(`${server.url}/f/no-such-slug`)).status, 404);
});

test('slug: a taken slug is 409 slug_taken and changes nothing; freeing it lets another form take it', async () => {
  const first = await newForm();
  const second = await newForm();
  assert.is((await patch(first, { slug: 'team-lunch' })).status, 200);
  const taken = await patch(second, { slug: 'team-lunch', success_message: 'Thanks!' });
  assert.is(taken.status, 409);
  assert.is(taken.json.error, 'slug_taken');
  assert.match(taken.json.details[0], /slug: "team-lunch" is already the address of another form/);
  assert.is((await patch(second, {})).json.success_message, '', 'the other settings were not applied');
  assert.is((await patch(first, { slug: '' })).json.slug, '');
  assert.is((await patch(second, { slug: 'team-lunch' })).status, 200);
  const def = await api('GET', '/v1/f/team-lunch/definition');
  assert.is(def.json.form_id, second);
});

test('the hosted page has a link preview: og:title, og:description, og:url and a twitter card', async () => {
  const id = (
    await api('POST', '/v1/forms', {
      key: OWNER_KEY,
      body: { definition: contactDefinition({ title: 'Book a call', description: 'Pick a time that suits you.' }) },
    })
  ).json.form_id;
  await patch(id, { slug: 'book-a-call' });
  const html = await (await fetch(`${server.url}/f/book-a-call`)).text();
  assert.match(html, /<meta property="og:title" content="Book a call">/);
  assert.match(html, /<meta property="og:description" content="Pick a time that suits you.">/);
  assert.match(html, /<meta property="og:url" content="http:\/\/localhost:\d+\/f\/book-a-call">/);
  assert.match(html, /<meta name="twitter:card" content="summary">/);
});

test.run();

const reserved = suite('reserved slugs');
reserved('every first path segment the server serves is reserved (read from routes.ts)', () => {
  const routes = readFileSync(new URL('../../server/http/routes.ts', import.meta.url), 'utf8');
  const firsts = new Set([...routes.matchAll(/path: '\/([^/']*)/g)].map((m) => m[1]));
  assert.ok(firsts.size >= 8, [...firsts].join(' '));
  const missing = [...firsts].filter((s) => SLUG_PATTERN.test(s) && !RESERVED_SLUGS.has(s));
  assert.equal(missing, []);
});
reserved.run();
