// The respondent endpoint over the real bundle (ARCHITECTURE.md "Forms, versions, claims", spec 2.12).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);
const newForm = async (body: Record<string, unknown> = {}, key: string | null = OWNER_KEY) =>
  (await api('POST', '/v1/forms', { key: key ?? undefined, body: { definition: contactDefinition(), ...body } })).json;
const good = { name: 'Ada', email: 'ada@example.com', topic: 'sales', message: 'Hello' };

const submit = suite('respondent endpoint');
submit.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_MONTHLY_SUBMISSIONS: '1000' } });
});
submit.after(async () => {
  await server.stop();
});

submit('a valid JSON submission answers 201 with the stored values and is listed', async () => {
  const form = await newForm();
  const r = await api('POST', `/v1/f/${form.form_id}`, { body: { values: good } });
  assert.is(r.status, 201, r.text);
  assert.match(r.json.id, /^[0-9a-f-]{36}$/);
  assert.equal(r.json.values, good);
  assert.is(r.headers.get('access-control-allow-origin'), '*');
  const list = await api('GET', `/v1/forms/${form.form_id}/submissions`, { key: OWNER_KEY });
  assert.is(list.status, 200);
  assert.is(list.json.submissions.length, 1);
  const s = list.json.submissions[0];
  assert.equal(Object.keys(s).sort(), [
    'created_at',
    'form_version',
    'id',
    'note',
    'status',
    'tags',
    'values',
    'values_contain_hidden_characters',
  ]);
  assert.is(s.id, r.json.id);
  // A UUID version 7 whose first 48 bits are the row's created_at in milliseconds (docs/decisions.md).
  assert.match(s.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.is(Number.parseInt(s.id.replace('-', '').slice(0, 12), 16), Date.parse(s.created_at));
  assert.is(s.form_version, 1);
  assert.equal(s.values, good);
  assert.is(s.values_contain_hidden_characters, false);
  assert.is(list.json.next_cursor, undefined);
  const forms = await api('GET', '/v1/forms', { key: OWNER_KEY });
  assert.is(forms.json.forms.find((f: any) => f.form_id === form.form_id).submissions, 1);
});

submit('invalid values answer 422 listing every problem, and nothing is stored', async () => {
  const form = await newForm();
  const r = await api('POST', `/v1/f/${form.form_id}`, {
    body: { values: { email: 'not-an-email', topic: 'nope', extra: 1 } },
  });
  assert.is(r.status, 422, r.text);
  const d: string[] = r.json.details;
  for (const key of ['name', 'email', 'topic', 'extra'])
    assert.ok(
      d.some((p) => p.startsWith(`values.${key}:`)),
      `${key} in ${d.join(' | ')}`,
    );
  const list = await api('GET', `/v1/forms/${form.form_id}/submissions`, { key: OWNER_KEY });
  assert.is(list.json.submissions.length, 0);
  for (const body of [{ values: [1] }, { values: 'x' }, { values: good, other: 1 }]) {
    const bad = await api('POST', `/v1/f/${form.form_id}`, { body });
    assert.is(bad.status, 422, JSON.stringify(body));
  }
});

submit('the stored values are the accepted ones: hidden fields dropped, form_version recorded', async () => {
  const definition = contactDefinition({
    fields: [
      {
        key: 'kind',
        type: 'radio',
        label: 'Kind',
        options: [
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ],
      },
      { key: 'detail', type: 'text', label: 'Detail', show: [{ field: 'kind', eq: 'b' }] },
    ],
  });
  const form = await newForm({ definition });
  const r = await api('POST', `/v1/f/${form.form_id}`, { body: { values: { kind: 'a', detail: 'hidden one' } } });
  assert.is(r.status, 201, r.text);
  assert.equal(r.json.values, { kind: 'a' });
  await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition, form_id: form.form_id } });
  await api('POST', `/v1/f/${form.form_id}`, { body: { values: { kind: 'b', detail: 'shown' } } });
  const list = await api('GET', `/v1/forms/${form.form_id}/submissions`, { key: OWNER_KEY });
  assert.equal(
    list.json.submissions.map((s: any) => s.form_version),
    [2, 1],
  );
  assert.equal(list.json.submissions[0].values, { kind: 'b', detail: 'shown' });
});

submit('an HTML form post is coerced, stored, and answered 303 to the success page or redirect_url', async () => {
  const definition = contactDefinition({
    fields: [
      { key: 'age', type: 'number', label: 'Age' },
      { key: 'agree', type: 'checkbox', label: 'Agree' },
      {
        key: 'tags',
        type: 'multiselect',
        label: 'Tags',
        options: [
          { value: 'x', label: 'X' },
          { value: 'y', label: 'Y' },
        ],
      },
    ],
  });
  const form = await newForm({ definition });
  const r = await api('POST', `/v1/f/${form.form_id}`, {
    rawBody: 'age=42&agree=on&tags=x&tags=y',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
  });
  assert.is(r.status, 303, r.text);
  assert.is(r.headers.get('location'), `/f/${form.form_id}/thanks`);
  const list = await api('GET', `/v1/forms/${form.form_id}/submissions`, { key: OWNER_KEY });
  assert.equal(list.json.submissions[0].values, { age: 42, agree: true, tags: ['x', 'y'] });

  const fd = new FormData();
  fd.append('age', '7');
  const multipart = await fetch(`${server.url}/v1/f/${form.form_id}`, {
    method: 'POST',
    body: fd,
    headers: { accept: 'application/json' },
  });
  assert.is(multipart.status, 201);
  assert.equal((await multipart.json()).values.age, 7);

  const redirecting = await newForm({ definition, redirect_url: 'https://example.com/thanks' });
  const r2 = await api('POST', `/v1/f/${redirecting.form_id}`, {
    rawBody: 'age=1',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
  });
  assert.is(r2.status, 303);
  assert.is(r2.headers.get('location'), 'https://example.com/thanks');

  const unclaimed = await newForm({ definition, redirect_url: 'https://example.com/thanks' }, null);
  const r3 = await api('POST', `/v1/f/${unclaimed.form_id}`, {
    rawBody: 'age=1',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
  });
  assert.is(r3.headers.get('location'), `/f/${unclaimed.form_id}/thanks`, 'unclaimed forms ignore redirect_url');
});

submit('Idempotency-Key: a replay returns the first answer and stores nothing; another body answers 409', async () => {
  const form = await newForm();
  const headers = { 'idempotency-key': 'order-1' };
  const first = await api('POST', `/v1/f/${form.form_id}`, { body: { values: good }, headers });
  const again = await api('POST', `/v1/f/${form.form_id}`, { body: { values: good }, headers });
  assert.is(first.status, 201);
  assert.is(again.status, 201);
  assert.equal(again.json, first.json);
  const other = await api('POST', `/v1/f/${form.form_id}`, { body: { values: { ...good, name: 'Grace' } }, headers });
  assert.is(other.status, 409);
  assert.is(other.json.error, 'idempotency_key_reused');
  const list = await api('GET', `/v1/forms/${form.form_id}/submissions`, { key: OWNER_KEY });
  assert.is(list.json.submissions.length, 1);
  // Concurrent retries with one key store one submission.
  const key = { 'idempotency-key': 'burst' };
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => api('POST', `/v1/f/${form.form_id}`, { body: { values: good }, headers: key })),
  );
  assert.equal(new Set(answers.map((a) => a.json.id)).size, 1);
  assert.is((await api('GET', `/v1/forms/${form.form_id}/submissions`, { key: OWNER_KEY })).json.submissions.length, 2);
});

submit(
  'the 201 answer is the compact JSON of {id, values}, the values as stored, and a replay answers the same bytes',
  async () => {
    // The answer's text is built once with the stored row's (server/core/submissions.ts save): it must stay
    // exactly what JSON.stringify of the answer gives, whatever the values hold.
    const form = await newForm();
    const values = {
      name: 'Zoë "Ada" \\ O\'Brien \u200B 😀',
      email: 'ada@example.com',
      topic: 'support',
      message: 'line one\nline two\t</script>',
    };
    const headers = { 'idempotency-key': 'exact-bytes' };
    const first = await api('POST', `/v1/f/${form.form_id}`, { body: { values }, headers });
    assert.is(first.status, 201, first.text);
    assert.equal(Object.keys(first.json), ['id', 'values', 'ending']);
    assert.is(first.text, JSON.stringify({ id: first.json.id, values, ending: null }));
    assert.is(first.headers.get('content-length'), String(Buffer.byteLength(first.text)));
    const again = await api('POST', `/v1/f/${form.form_id}`, { body: { values }, headers });
    assert.is(again.text, first.text);
    const stored = await api('GET', `/v1/forms/${form.form_id}/submissions/${first.json.id}`, { key: OWNER_KEY });
    assert.equal(stored.json.values, values);
    assert.is(stored.json.values_contain_hidden_characters, true);
  },
);

submit('values_contain_hidden_characters is set for zero-width, bidi, tag and variation characters', async () => {
  const form = await newForm();
  const cases: [string, boolean][] = [
    ['plain', false],
    ['zero\u200Bwidth', true],
    ['bidi \u202Eevil', true],
    ['tag \u{E0041}', true],
    ['variation \uFE0F', true],
    ['lone \uD800 surrogate', false],
  ];
  for (const [message] of cases) {
    const r = await api('POST', `/v1/f/${form.form_id}`, { body: { values: { ...good, message } } });
    assert.is(r.status, 201, r.text);
  }
  const list = await api('GET', `/v1/forms/${form.form_id}/submissions?limit=100`, { key: OWNER_KEY });
  const byMessage = new Map(
    list.json.submissions.map((s: any) => [s.values.message, s.values_contain_hidden_characters]),
  );
  for (const [message, expected] of cases) {
    assert.is(byMessage.get(message), expected, JSON.stringify(message));
  }
});

submit.run();
