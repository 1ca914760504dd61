// Wave 3 "Answers that flow" over the real bundle: publish refuses bad calculations, scores and piping
// with 422 details naming their paths; a submission stores the server's calculation results whatever
// was posted for their keys; hidden and url fields; the JSON Schema describes it all.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);
const publish = (definition: unknown) => api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition } });

const quiz = (more: Record<string, unknown> = {}) => ({
  id: 'quiz',
  title: 'Quiz',
  submit: { label: 'Send' },
  steps: [
    {
      id: 'one',
      title: 'Hello',
      fields: [
        { key: 'name', type: 'text', label: 'Name' },
        { key: 'ref', type: 'hidden', label: 'Ref', defaultValue: 'direct' },
        { key: 'site', type: 'url', label: 'Website' },
      ],
    },
    {
      id: 'two',
      title: 'Questions for {{name}}',
      fields: [
        {
          key: 'q1',
          type: 'radio',
          label: 'Q1',
          options: [
            { value: 'a', label: 'A', score: 2 },
            { value: 'b', label: 'B', score: 0 },
          ],
        },
      ],
    },
  ],
  calculations: [{ key: 'total', formula: 'score(q1) * 10', label: 'Total' }],
  ...more,
});

const flow = suite('answers that flow (API)');
flow.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
});
flow.after(() => server.stop().then(() => undefined));

flow('publish refuses each bad input with a 422 detail naming its path, all in one answer', async () => {
  const bad = quiz({
    calculations: [
      { key: 'total', formula: 'score(q1) *' },
      { key: 'name', formula: '1' },
      { key: 'x', formula: 'ghost + later' },
      { key: 'later', formula: '1' },
    ],
  });
  bad.steps[0].fields[0] = { key: 'name', type: 'text', label: 'Hi {{foo}}', helperText: '{{q1}}' } as never;
  (bad.steps[1].fields[0] as { options: unknown[] }).options[0] = { value: 'a', label: 'A', score: '2' };
  const r = await publish(bad);
  assert.is(r.status, 422, r.text);
  assert.is(r.json.error, 'invalid_request');
  assert.equal(r.json.details, [
    'definition.steps[1].fields[0].options[0].score: expected number',
    'definition.calculations[0].formula: does not parse: expected a number, a text, a key or "(" at character 12, ' +
      'found the end',
    'definition.calculations[1].key: duplicate key "name" (also steps[0].fields[0])',
    'definition.calculations[2].formula: "ghost" names no field or earlier calculation (character 1)',
    'definition.calculations[2].formula: "later" is this or a later calculation; a formula reads only earlier ones ' +
      '(character 9)',
    'definition.steps[0].fields[0].label: {{foo}} names no field or calculation',
    'definition.steps[0].fields[0].helperText: {{q1}} names a field on a later step (steps[1])',
  ]);
});

flow('the success message pipes only keys the form has: checked at publish and at PATCH', async () => {
  const bad = await api('POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: quiz(), success_message: 'Thanks {{name}}, you scored {{total}} ({{nope}})' },
  });
  assert.is(bad.status, 422, bad.text);
  assert.equal(bad.json.details, ['success_message: {{nope}} names no field or calculation']);
  const good = await api('POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: quiz(), success_message: 'Thanks {{name}}, you scored {{total}}' },
  });
  assert.is(good.status, 201, good.text);
  const patch = (success_message: string) =>
    api('PATCH', `/v1/forms/${good.json.form_id}`, { key: OWNER_KEY, body: { success_message } });
  const refused = await patch('Hello {{ghost}}');
  assert.is(refused.status, 422);
  assert.equal(refused.json.details, ['success_message: {{ghost}} names no field or calculation']);
  const kept = await patch('');
  assert.is(kept.status, 200);
  assert.is((await patch('Well done, {{name}}!')).json.success_message, 'Well done, {{name}}!');
});

flow('a posted calculation value is ignored (no 422) and the server value is stored', async () => {
  const published = await publish(quiz());
  assert.is(published.status, 201, published.text);
  const id = published.json.form_id;
  const posted = await api('POST', `/v1/f/${id}`, { body: { values: { name: 'Ada', q1: 'a', total: 9999 } } });
  assert.is(posted.status, 201, posted.text);
  assert.equal(posted.json.values, { name: 'Ada', ref: 'direct', q1: 'a', total: 20 });
  const stored = await api('GET', `/v1/forms/${id}/submissions/${posted.json.id}`, { key: OWNER_KEY });
  assert.equal(stored.json.values, { name: 'Ada', ref: 'direct', q1: 'a', total: 20 });
  // The CSV has a column for the calculation, after the fields.
  const csv = await api('GET', `/v1/forms/${id}/submissions?format=csv`, { key: OWNER_KEY });
  assert.match(csv.text.split('\n')[0], /^id,created_at,name,ref,site,q1,total\r?$/);
  assert.match(csv.text, /,Ada,direct,,a,20\r?\n/);
});

flow('hidden is stored like any answer; a url must be an absolute http(s) address', async () => {
  const id = (await publish(quiz())).json.form_id;
  const ok = await api('POST', `/v1/f/${id}`, {
    body: { values: { name: 'Ada', ref: 'newsletter', site: 'https://ada.example' } },
  });
  assert.equal(ok.json.values, { name: 'Ada', ref: 'newsletter', site: 'https://ada.example', total: 0 });
  const bad = await api('POST', `/v1/f/${id}`, { body: { values: { site: 'ada.example', ref: 7 } } });
  assert.is(bad.status, 422);
  assert.equal(bad.json.details, [
    'values.ref: Enter text',
    'values.site: Enter a full web address starting with https://',
  ]);
});

flow('the JSON Schema describes calculations, option scores and the new types', async () => {
  const r = await api('GET', '/v1/schema/form-definition.json');
  assert.is(r.status, 200);
  assert.ok(r.json.properties.calculations, 'calculations');
  assert.equal(Object.keys(r.json.$defs.Calculation.properties), ['key', 'formula', 'label']);
  assert.ok(r.json.$defs.FieldOption.properties.score, 'score');
  assert.match(r.json.$defs.FormField.properties.type.description, /hidden, url/);
});

const attr = (html: string, pattern: string) => html.match(new RegExp(pattern))?.[1];

flow('the page without JavaScript: prefill from the query, hidden inputs, a piped thank-you page', async () => {
  const definition = quiz();
  (definition.steps[0].fields as unknown[]).push({ key: 'email', type: 'email', label: 'Email' });
  const published = await api('POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition, success_message: 'Thank you {{name}}: {{total}} points.' },
  });
  const id = published.json.form_id;
  const page = await api('GET', `/f/${id}?email=ada@example.com&ref=newsletter&name=%3Cb%3EAda%3C/b%3E&total=99`);
  assert.is(page.status, 200);
  assert.match(page.text, /<input type="hidden" name="ref" value="newsletter"\/?>/);
  assert.match(page.text, /name="email" type="email" value="ada@example.com"/);
  assert.match(
    page.text,
    /value="&lt;b(?:&gt;|>)Ada&lt;\/b(?:&gt;|>)"/,
    'a prefilled value is an attribute value, escaped',
  );
  assert.match(page.text, /Questions for &lt;b(?:&gt;|>)Ada&lt;\/b(?:&gt;|>)</, 'the step title pipes it as text');
  const token = attr(page.text, 'name="_rt" value="([^"]*)"')!;
  await new Promise((r) => setTimeout(r, 2100)); // the render token must be older than 2 s
  const post = await api('POST', `/v1/f/${id}`, {
    rawBody: new URLSearchParams({ _hp: '', _rt: token, name: '<b>Ada</b>', ref: 'newsletter', q1: 'a' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
  });
  assert.is(post.status, 303, post.text);
  const location = post.headers.get('location')!;
  assert.match(location, new RegExp(`^/f/${id}/thanks\\?r=[0-9a-f-]{36}\\.\\d+\\.[0-9a-f]{64}$`));
  const thanks = await api('GET', location);
  assert.match(
    thanks.text,
    /Thank you &lt;b(?:&gt;|>)Ada&lt;\/b(?:&gt;|>): 20 points\./,
    'piped as text, never markup',
  );
  // Without the signed link, or with one changed, nothing is piped.
  const bare = await api('GET', `/f/${id}/thanks`);
  assert.match(bare.text, /Thank you : {2}points\./);
  const forged = await api(
    'GET',
    location.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
  );
  assert.match(forged.text, /Thank you : {2}points\./);
  const stored = await api('GET', `/v1/forms/${id}/submissions`, { key: OWNER_KEY });
  assert.equal(stored.json.submissions[0].values, { name: '<b>Ada</b>', ref: 'newsletter', q1: 'a', total: 20 });
});

flow.run();
