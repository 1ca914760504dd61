// Reading submissions back (spec 4.3): limits, cursors across concurrent inserts, and the CSV file
// opened with a real CSV parser, with every formula-injection trigger.
import { parse } from 'csv-parse/sync';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);
const send = (formId: string, values: Record<string, unknown>) => api('POST', `/v1/f/${formId}`, { body: { values } });

const reading = suite('reading submissions');
reading.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
});
reading.after(async () => {
  await server.stop();
});

reading('limit: default 50, 1 and 100 accepted, larger capped, non-integers and 0 answer 400', async () => {
  const { form_id } = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
    .json;
  for (let i = 0; i < 120; i++) await send(form_id, { name: `n${i}`, email: 'a@example.com' });
  const count = async (q: string) =>
    (await api('GET', `/v1/forms/${form_id}/submissions${q}`, { key: OWNER_KEY })).json.submissions.length;
  assert.is(await count(''), 50);
  assert.is(await count('?limit=1'), 1);
  assert.is(await count('?limit=100'), 100);
  assert.is(await count('?limit=101'), 100);
  assert.is(await count('?limit=100000'), 100);
  for (const bad of ['abc', '1.5', '', '0', '-3', '1e2']) {
    const r = await api('GET', `/v1/forms/${form_id}/submissions?limit=${bad}`, { key: OWNER_KEY });
    assert.is(r.status, 400, `limit=${bad}`);
  }
});

reading('cursors page newest first without gaps or repeats while new submissions arrive', async () => {
  const { form_id } = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
    .json;
  for (let i = 0; i < 45; i++) await send(form_id, { name: `old${i}`, email: 'a@example.com' });
  const seen: string[] = [];
  let cursor: string | undefined;
  let page = 0;
  do {
    const r = await api(
      'GET',
      `/v1/forms/${form_id}/submissions?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { key: OWNER_KEY },
    );
    assert.is(r.status, 200);
    seen.push(...r.json.submissions.map((s: any) => s.values.name));
    cursor = r.json.next_cursor;
    // New submissions land between pages; they must not shift what the cursor returns next.
    await Promise.all([
      send(form_id, { name: `new${page}a`, email: 'a@example.com' }),
      send(form_id, { name: `new${page}b`, email: 'a@example.com' }),
    ]);
    page++;
  } while (cursor);
  assert.equal(
    seen,
    Array.from({ length: 45 }, (_, i) => `old${44 - i}`),
  );
});

reading('a tampered or foreign cursor answers 400', async () => {
  const a = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } })).json
    .form_id;
  const b = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } })).json
    .form_id;
  for (let i = 0; i < 3; i++) await send(a, { name: `n${i}`, email: 'a@example.com' });
  const first = await api('GET', `/v1/forms/${a}/submissions?limit=1`, { key: OWNER_KEY });
  const cursor: string = first.json.next_cursor;
  assert.type(cursor, 'string');
  const [payload, sig] = cursor.split('.');
  const forged = `${Buffer.from('999999').toString('base64url')}.${sig}`;
  for (const bad of [forged, `${payload}.${'A'.repeat(sig.length)}`, 'garbage', `${cursor}x`]) {
    const r = await api('GET', `/v1/forms/${a}/submissions?cursor=${encodeURIComponent(bad)}`, { key: OWNER_KEY });
    assert.is(r.status, 400, bad);
    assert.is(r.json.error, 'invalid_cursor');
  }
  const foreign = await api('GET', `/v1/forms/${b}/submissions?cursor=${encodeURIComponent(cursor)}`, {
    key: OWNER_KEY,
  });
  assert.is(foreign.status, 400, 'a cursor of another form');
});

reading('CSV: columns, arrays, RFC 4180 quoting and every formula trigger, read back by csv-parse', async () => {
  const v1 = contactDefinition({
    fields: [
      { key: 'old_only', type: 'text', label: 'Old' },
      { key: 'name', type: 'text', label: 'Name' },
    ],
  });
  const v2 = contactDefinition({
    fields: [
      { key: 'name', type: 'text', label: 'Name' },
      {
        key: 'tags',
        type: 'multiselect',
        label: 'Tags',
        options: [
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ],
      },
      { key: 'count', type: 'number', label: 'Count' },
    ],
  });
  const { form_id } = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: v1 } })).json;
  await send(form_id, { old_only: 'from v1', name: 'first' });
  await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: v2, form_id } });
  const triggers = [
    '=1+1',
    '+1',
    '-1',
    '@SUM(A1)',
    '\uFF1D1',
    '\uFF0B1',
    '\uFF0D1',
    '\uFF201',
    '  =1',
    '\t=1',
    '\tx',
    '\rx',
    '\nx',
    ' \u00A0@x',
  ];
  const plain = ['plain', 'a "quoted", comma', 'line\r\nbreak', 'x=1', ''];
  for (const name of [...triggers, ...plain]) await send(form_id, { name, tags: ['a', 'b'], count: -5 });
  const res = await fetch(`${server.url}/v1/forms/${form_id}/submissions?format=csv`, {
    headers: { authorization: `Bearer ${OWNER_KEY}` },
  });
  assert.is(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/csv/);
  assert.is(res.headers.get('content-disposition'), `attachment; filename="${form_id}-submissions.csv"`);
  const rows: string[][] = parse(await res.text(), { relax_column_count: false });
  assert.equal(rows[0], ['id', 'created_at', 'name', 'tags', 'count', 'old_only']);
  assert.equal(rows[1].slice(2), ['first', '', '', 'from v1']);
  const names = rows.slice(2).map((r) => r[2]);
  assert.equal(names, [...triggers.map((t) => `'${t}`), ...plain]);
  for (const r of rows.slice(2)) {
    assert.is(r[3], 'a; b');
    assert.is(r[4], "'-5", 'a negative number starts with - and is escaped too');
  }
});

reading('CSV streams thousands of rows in order', async () => {
  const { form_id } = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
    .json;
  const n = 1200;
  for (let i = 0; i < n; i += 50)
    await Promise.all(
      Array.from({ length: 50 }, (_, j) =>
        send(form_id, { name: `p${String(i + j).padStart(5, '0')}`, email: 'a@example.com' }),
      ),
    );
  const res = await fetch(`${server.url}/v1/forms/${form_id}/submissions?format=csv`, {
    headers: { authorization: `Bearer ${OWNER_KEY}` },
  });
  const rows: string[][] = parse(await res.text());
  assert.is(rows.length, n + 1);
  const created = rows.slice(1).map((r) => r[1]);
  assert.equal(created, [...created].sort(), 'oldest first');
});

reading.run();
