// The owner's marks on answers over the real bundle (ARCHITECTURE.md Wave 4 "Tags and notes"): PATCH
// /v1/forms/{id}/submissions/{sid} with each limit at and past its edge (422 naming the path, nothing changed), who
// may, and the `tag`, `status` and `q` filters of the JSON list and the CSV.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { NOTE_CHARS_MAX, TAG_CHARS_MAX, TAGS_MAX } from '../../shared/api/limits.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);
const answer = (name: string, message = 'Hello') => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  topic: 'sales',
  message,
});

/** A form of the owner's workspace with one answer per name; answers its id and the answers' ids in order. */
async function formWith(names: string[]) {
  const form = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } })).json;
  const ids: string[] = [];
  for (const name of names) {
    const r = await api('POST', `/v1/f/${form.form_id}`, { body: { values: answer(name) } });
    assert.is(r.status, 201, r.text);
    ids.push(r.json.id);
  }
  return { formId: form.form_id as string, ids };
}

const patch = (formId: string, id: string, body: unknown, key = OWNER_KEY) =>
  api('PATCH', `/v1/forms/${formId}/submissions/${id}`, { key, body });
const marksOf = async (formId: string, id: string) => {
  const s = (await api('GET', `/v1/forms/${formId}/submissions/${id}`, { key: OWNER_KEY })).json;
  return { tags: s.tags, note: s.note, status: s.status };
};

const marks = suite('submission marks (REST)');
marks.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
});
marks.after(async () => {
  await server.stop();
});

marks('PATCH sets tags, note and status; GET and the list show them; what is left out stays', async () => {
  const { formId, ids } = await formWith(['Ada', 'Grace']);
  assert.equal(await marksOf(formId, ids[0]), { tags: [], note: '', status: 'new' });
  const r = await patch(formId, ids[0], { tags: [' Urgent ', 'urgent', 'Bug'], note: 'Call her back', status: 'seen' });
  assert.is(r.status, 200, r.text);
  assert.equal(
    [r.json.id, r.json.tags, r.json.note, r.json.status],
    [ids[0], ['urgent', 'bug'], 'Call her back', 'seen'],
  );
  assert.equal(r.json.values, answer('Ada'), 'the answer itself is untouched');
  assert.equal(await marksOf(formId, ids[0]), { tags: ['urgent', 'bug'], note: 'Call her back', status: 'seen' });
  const list = (await api('GET', `/v1/forms/${formId}/submissions`, { key: OWNER_KEY })).json.submissions;
  assert.equal(
    list.map((s: any) => [s.id, s.tags, s.status]),
    [
      [ids[1], [], 'new'],
      [ids[0], ['urgent', 'bug'], 'seen'],
    ],
  );
  assert.is((await patch(formId, ids[0], { status: 'done' })).status, 200);
  assert.equal(await marksOf(formId, ids[0]), { tags: ['urgent', 'bug'], note: 'Call her back', status: 'done' });
  assert.is((await patch(formId, ids[0], { tags: [], note: '' })).status, 200);
  assert.equal(await marksOf(formId, ids[0]), { tags: [], note: '', status: 'done' });
});

marks('each limit at its edge is taken and past it refused with 422 naming the path, nothing changed', async () => {
  const { formId, ids } = await formWith(['Ada']);
  const id = ids[0];
  await patch(formId, id, { tags: ['keep'], note: 'kept', status: 'seen' });
  const before = await marksOf(formId, id);
  const tags = (n: number) => Array.from({ length: n }, (_, i) => `tag${i}`);
  const taken: [string, unknown][] = [
    [`${TAGS_MAX} tags`, { tags: tags(TAGS_MAX) }],
    [`a tag of ${TAG_CHARS_MAX} characters`, { tags: ['t'.repeat(TAG_CHARS_MAX)] }],
    [`a tag of ${TAG_CHARS_MAX} emoji (characters, not UTF-16 units)`, { tags: ['🦊'.repeat(TAG_CHARS_MAX)] }],
    [`${TAG_CHARS_MAX} characters once trimmed`, { tags: [`  ${'t'.repeat(TAG_CHARS_MAX)}  `] }],
    [`a note of ${NOTE_CHARS_MAX} characters`, { note: 'n'.repeat(NOTE_CHARS_MAX) }],
  ];
  for (const [title, body] of taken) {
    const r = await patch(formId, id, body);
    assert.is(r.status, 200, `${title}: ${r.text}`);
    await patch(formId, id, { tags: before.tags, note: before.note });
  }
  const refused: [string, unknown, string[]][] = [
    [`${TAGS_MAX + 1} tags`, { tags: tags(TAGS_MAX + 1) }, [`tags: at most ${TAGS_MAX} tags`]],
    [
      `a tag of ${TAG_CHARS_MAX + 1} characters`,
      { tags: ['ok', 't'.repeat(TAG_CHARS_MAX + 1)] },
      [`tags[1]: must be 1 to ${TAG_CHARS_MAX} characters`],
    ],
    ['an empty tag', { tags: ['   '] }, [`tags[0]: must be 1 to ${TAG_CHARS_MAX} characters`]],
    ['a tag with a line break', { tags: ['a\nb'] }, ['tags[0]: must not contain control characters']],
    [
      `a note of ${NOTE_CHARS_MAX + 1} characters`,
      { note: 'n'.repeat(NOTE_CHARS_MAX + 1) },
      [`note: must be at most ${NOTE_CHARS_MAX} characters`],
    ],
    [
      'an unknown status',
      { status: 'archived', note: 'changed' },
      ['status: Invalid option: expected one of "new"|"seen"|"done"'],
    ],
    ['an unknown field', { colour: 'red', status: 'done' }, ['colour: unknown field']],
    ['tags not a list', { tags: 'urgent' }, ['tags: Invalid input: expected array, received string']],
  ];
  for (const [title, body, details] of refused) {
    const r = await patch(formId, id, body);
    assert.is(r.status, 422, `${title}: ${r.text}`);
    assert.equal(r.json, { error: 'invalid_request', details }, title);
    assert.equal(await marksOf(formId, id), before, `${title}: nothing changed`);
  }
});

marks('who may: agent keys 403, another form or an unknown answer 404, a non-object body 400', async () => {
  const { formId, ids } = await formWith(['Ada']);
  const keyless = (await api('POST', '/v1/forms', { body: { definition: contactDefinition() } })).json;
  const sent = await api('POST', `/v1/f/${keyless.form_id}`, { body: { values: answer('Bob') } });
  const agent = await patch(keyless.form_id, sent.json.id, { status: 'done' }, keyless.agent_key);
  assert.is(agent.status, 403, agent.text);
  assert.is(agent.json.error, 'owner_key_required');
  const other = await formWith([]);
  assert.is((await patch(other.formId, ids[0], { status: 'done' })).status, 404);
  const unknown = await patch(formId, '00000000-0000-4000-8000-000000000000', { status: 'done' });
  assert.equal([unknown.status, unknown.json], [404, { error: 'not_found', details: ['submission: not found'] }]);
  assert.is((await patch(formId, ids[0], { status: 'done' }, 'svc_live_not_a_key_0000000000000000')).status, 401);
  const array = await api('PATCH', `/v1/forms/${formId}/submissions/${ids[0]}`, { key: OWNER_KEY, body: [1] });
  assert.is(array.status, 400, array.text);
  assert.equal(await marksOf(formId, ids[0]), { tags: [], note: '', status: 'new' });
});

marks('the list and the CSV filter by tag, status and text together; bad filters 400 naming them', async () => {
  const { formId, ids } = await formWith(['Ada', 'Grace', 'Adam', 'Linus']);
  await patch(formId, ids[0], { tags: ['VIP'], status: 'done' });
  await patch(formId, ids[2], { tags: ['vip', 'later'] });
  await patch(formId, ids[3], { tags: ['vip'], status: 'done' });
  const listed = async (query: string) =>
    (await api('GET', `/v1/forms/${formId}/submissions?${query}`, { key: OWNER_KEY })).json.submissions.map((s: any) =>
      ids.indexOf(s.id),
    );
  assert.equal(await listed('tag=vip'), [3, 2, 0]);
  assert.equal(await listed('tag=%20Vip%20'), [3, 2, 0], 'a tag is matched as stored: trimmed, any case');
  assert.equal(await listed('status=done'), [3, 0]);
  assert.equal(await listed('status=new'), [2, 1]);
  assert.equal(await listed('q=ADA'), [2, 0]);
  assert.equal(await listed('q=ada&tag=vip&status=new'), [2]);
  assert.equal(await listed('tag=vip&limit=1'), [3]);
  assert.equal(await listed('tag=&status=&q='), [3, 2, 1, 0], 'empty filters filter nothing');
  const page = (await api('GET', `/v1/forms/${formId}/submissions?tag=vip&limit=2`, { key: OWNER_KEY })).json;
  const next = (
    await api('GET', `/v1/forms/${formId}/submissions?tag=vip&limit=2&cursor=${page.next_cursor}`, { key: OWNER_KEY })
  ).json;
  assert.equal(
    next.submissions.map((s: any) => ids.indexOf(s.id)),
    [0],
    'paging keeps the filter',
  );
  const csv = await api('GET', `/v1/forms/${formId}/submissions?format=csv&tag=vip&status=done`, { key: OWNER_KEY });
  assert.is(csv.status, 200);
  const rows = csv.text.trim().split('\r\n');
  assert.equal(
    rows.slice(1).map((line) => ids.indexOf(line.split(',')[0])),
    [0, 3],
    'CSV oldest first, filtered',
  );
  const xlsx = await api('GET', `/v1/forms/${formId}/submissions?format=xlsx&tag=none`, { key: OWNER_KEY });
  assert.is(xlsx.status, 200, 'the workbook takes the same filters');
  for (const [query, details] of [
    ['status=archived', ['status: must be one of new, seen, done']],
    [`tag=${'t'.repeat(TAG_CHARS_MAX + 1)}`, [`tag: must be 1 to ${TAG_CHARS_MAX} characters`]],
    [
      `q=${'x'.repeat(201)}&status=nope`,
      ['q: must be at most 200 characters', 'status: must be one of new, seen, done'],
    ],
    ['format=csv&status=archived', ['status: must be one of new, seen, done']],
  ] as const) {
    const r = await api('GET', `/v1/forms/${formId}/submissions?${query}`, { key: OWNER_KEY });
    assert.equal([r.status, r.json], [400, { error: 'invalid_filter', details }], query);
  }
  assert.is(
    (await listed(`tag=${'t'.repeat(TAG_CHARS_MAX)}`)).length,
    0,
    `a ${TAG_CHARS_MAX}-character tag is a filter`,
  );
});

marks.run();
