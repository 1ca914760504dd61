// Partial answers over the real bundle (ARCHITECTURE.md Wave 4 "Partial answers"), on the embedded store and on
// PostgreSQL: the keep_partial setting, POST /v1/f/{id}/partial with its limits at and past their edges, what is
// kept (only the form's questions, never a password, file or signature, each value checked by its type), the
// spam token, a later beacon replacing an earlier one, the finished answer replacing it, the list and CSV with
// `status=partial`, deletion with the form, and never a webhook or a mail for one.
import { e2eKeyPair } from '../helpers/e2e-keys.ts';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PARTIAL_BODY_MAX_BYTES } from '../../shared/api/limits.ts';
import { PARTIAL_PER_ADDRESS } from '../../server/core/rate-limits.ts';
import { setupOwner } from '../helpers/admin-session.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { type HttpsReceiver, startHttpsReceiver } from '../helpers/https-receiver.ts';
import { sharedDatabase } from '../helpers/pg-instances.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink.ts';

// Started before any suite runs: uvu runs the queued suites as soon as the module's first turn ends.
const shared = await sharedDatabase();
const receiver: HttpsReceiver = await startHttpsReceiver();
const smtp: SmtpSink = await startSmtpSink();

/** The contact form with the types a partial answer never keeps, and a statement. */
const definition = () => {
  const base = contactDefinition();
  return {
    ...base,
    fields: [
      ...base.fields,
      { key: 'pin', type: 'password', label: 'PIN' },
      { key: 'cv', type: 'file', label: 'CV' },
      { key: 'sign', type: 'signature', label: 'Sign here' },
      { key: 'note', type: 'statement', label: 'Thanks', body: 'Almost done' },
      { key: 'stars', type: 'rating', label: 'How was it?' },
    ],
  };
};

const session = (n: number | string) => `session-${n}-${'x'.repeat(8)}`;

function scenarios(name: string, env: () => Record<string, string>) {
  const t = suite(`partial answers (${name})`);
  let server: RunningServer;
  const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);

  /** A form of the owner's workspace; keep_partial on unless told; its id and a render token of its page. */
  const form = async (keep = true, settings: Record<string, unknown> = {}) => {
    const published = await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: definition() } });
    assert.is(published.status, 201, published.text);
    const id = published.json.form_id as string;
    const patched = await api('PATCH', `/v1/forms/${id}`, {
      key: OWNER_KEY,
      body: { keep_partial: keep, ...settings },
    });
    assert.is(patched.status, 200, patched.text);
    const rt = (await api('GET', `/v1/f/${id}/definition`)).json.render_token as string;
    return { id, rt };
  };
  const partial = (id: string, body: unknown, headers?: Record<string, string>) =>
    api('POST', `/v1/f/${id}/partial`, { body, headers });
  const partials = async (id: string, query = '') => {
    const r = await api('GET', `/v1/forms/${id}/submissions?status=partial${query}`, { key: OWNER_KEY });
    assert.is(r.status, 200, r.text);
    return r.json.submissions as any[];
  };

  t.before(async () => {
    server = await startServer({
      env: {
        FORMSTEAD_OWNER_KEY: OWNER_KEY,
        FORMSTEAD_SMTP_URL: smtp.url,
        FORMSTEAD_MAIL_FROM: 'forms@example.com',
        FORMSTEAD_WEBHOOK_ALLOW_PRIVATE: '1',
        NODE_EXTRA_CA_CERTS: receiver.caFile,
        ...env(),
      },
    });
    // The mail goes to a real owner address (the key's owner has a placeholder that gets no mail).
    await setupOwner(server, 'owner@example.com');
  });
  t.after(async () => {
    await server.stop();
  });

  t('keep_partial is off by default, set by PATCH, refused when not a boolean; the page view says so', async () => {
    const published = await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: definition() } });
    const id = published.json.form_id;
    assert.is((await api('GET', `/v1/forms/${id}`, { key: OWNER_KEY })).json.settings.keep_partial, false);
    assert.is((await api('GET', `/v1/f/${id}/definition`)).json.keep_partial, undefined);
    const bad = await api('PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body: { keep_partial: 'yes' } });
    assert.is(bad.status, 422, bad.text);
    assert.match(bad.json.details.join('\n'), /^keep_partial: /m);
    assert.is(
      (await api('PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body: { keep_partial: true } })).json.keep_partial,
      true,
    );
    assert.is((await api('GET', `/v1/f/${id}/definition`)).json.keep_partial, true);
  });

  t(
    'an end-to-end encrypted form keeps no partial answers: either setting refuses the other, nothing changed',
    async () => {
      const published = await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: definition() } });
      const id = published.json.form_id;
      const { publicJwk } = await e2eKeyPair();
      const both = await api('PATCH', `/v1/forms/${id}`, {
        key: OWNER_KEY,
        body: { keep_partial: true, encryption: { public_key: publicJwk } },
      });
      assert.is(both.status, 422, both.text);
      assert.match(
        both.json.details.join('\n'),
        /^keep_partial: an end-to-end encrypted form keeps no partial answers/m,
      );
      const settings = (await api('GET', `/v1/forms/${id}`, { key: OWNER_KEY })).json.settings;
      assert.equal([settings.keep_partial, settings.encryption], [false, null]);
      assert.is((await api('PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body: { keep_partial: true } })).status, 200);
      const encrypt = await api('PATCH', `/v1/forms/${id}`, {
        key: OWNER_KEY,
        body: { encryption: { public_key: publicJwk } },
      });
      assert.is(encrypt.status, 422, encrypt.text);
      assert.match(
        encrypt.json.details.join('\n'),
        /^encryption: an end-to-end encrypted form keeps no partial answers/m,
      );
      assert.is((await api('GET', `/v1/forms/${id}`, { key: OWNER_KEY })).json.settings.encryption, null);
    },
  );

  t('a form without keep_partial refuses with 409 partial_off and keeps nothing', async () => {
    const { id, rt } = await form(false);
    const r = await partial(id, { session: session(1), values: { name: 'Ada' }, _rt: rt, _hp: '' });
    assert.is(r.status, 409, r.text);
    assert.is(r.json.error, 'partial_off');
    assert.equal(await partials(id), []);
    assert.is((await partial('no-such-form', { session: session(1), values: {}, _rt: rt })).status, 404);
  });

  t('keeps only known questions whose value fits; never a password, file or signature', async () => {
    const { id, rt } = await form();
    const r = await partial(
      id,
      {
        session: session(2),
        values: {
          name: 'Ada',
          email: 'ada@example.com',
          topic: 'nope',
          pin: 'hunter2',
          cv: '2b1c4d1e-0000-4000-8000-000000000000',
          sign: '2b1c4d1e-0000-4000-8000-000000000001',
          note: 'x',
          stars: 4,
          bogus: 'dropped',
          message: '',
        },
        last: 'stars',
        _rt: rt,
        _hp: '',
      },
      // sendBeacon's type: read as JSON all the same.
      { 'content-type': 'text/plain;charset=UTF-8' },
    );
    assert.is(r.status, 204, r.text);
    assert.is(r.headers.get('access-control-allow-origin'), '*');
    const [kept, ...more] = await partials(id);
    assert.equal(more, []);
    assert.equal(kept.values, { name: 'Ada', email: 'ada@example.com', stars: 4 });
    assert.equal([kept.status, kept.last_question, kept.form_version], ['partial', 'stars', 1]);
    assert.not.ok(JSON.stringify(kept).includes('hunter2'));
    // A later question the page did not name: the last question kept in the form's order.
    await partial(id, { session: session(3), values: { name: 'Bo', topic: 'sales' }, last: 'nokey', _rt: rt });
    assert.is((await partials(id)).find((p) => p.values.name === 'Bo').last_question, 'topic');
  });

  t('a later beacon of the same session replaces the earlier one; another session is another row', async () => {
    const { id, rt } = await form();
    await partial(id, { session: session(4), values: { name: 'Ada' }, _rt: rt });
    const [first] = await partials(id);
    await partial(id, { session: session(4), values: { name: 'Ada L', email: 'ada@example.com' }, _rt: rt });
    const [second, ...rest] = await partials(id);
    assert.equal(rest, []);
    assert.is(second.id, first.id, 'the same row');
    assert.is(second.created_at, first.created_at);
    assert.equal(second.values, { name: 'Ada L', email: 'ada@example.com' });
    assert.ok(second.updated_at >= first.updated_at);
    await partial(id, { session: session(5), values: { name: 'Bo' }, _rt: rt });
    assert.is((await partials(id)).length, 2);
  });

  t('the finished answer replaces its partial one; the partial is never listed or counted as an answer', async () => {
    const { id, rt } = await form();
    await partial(id, { session: session(6), values: { name: 'Ada' }, _rt: rt });
    await partial(id, { session: session(7), values: { name: 'Bo' }, _rt: rt });
    const answers = await api('GET', `/v1/forms/${id}/submissions`, { key: OWNER_KEY });
    assert.equal(answers.json.submissions, [], 'partial answers are not submissions');
    const stats = await api('GET', `/v1/forms`, { key: OWNER_KEY });
    assert.is(stats.json.forms.find((f: any) => f.form_id === id).submissions, 0);
    const done = await api('POST', `/v1/f/${id}`, {
      body: { values: { name: 'Ada', email: 'ada@example.com' }, _session: session(6) },
    });
    assert.is(done.status, 201, done.text);
    assert.equal(
      (await partials(id)).map((p) => p.values.name),
      ['Bo'],
      "Ada's partial answer went; Bo's stays",
    );
    assert.is((await api('GET', `/v1/forms/${id}/submissions`, { key: OWNER_KEY })).json.submissions.length, 1);
    // A malformed session on a submit is ignored, never refused.
    const odd = await api('POST', `/v1/f/${id}`, {
      body: { values: { name: 'C', email: 'c@example.com' }, _session: 'x' },
    });
    assert.is(odd.status, 201, odd.text);
  });

  t('without the page token, with a bad one or a filled honeypot: answered 204, nothing kept', async () => {
    const { id, rt } = await form();
    for (const body of [
      { session: session(8), values: { name: 'Bot' } },
      { session: session(8), values: { name: 'Bot' }, _rt: `${Date.now()}.${'0'.repeat(32)}` },
      { session: session(8), values: { name: 'Bot' }, _rt: rt, _hp: 'filled' },
    ]) {
      const r = await partial(id, body);
      assert.is(r.status, 204, r.text);
    }
    assert.equal(await partials(id), []);
  });

  t('bad bodies: one 422 naming each problem, nothing kept', async () => {
    const { id, rt } = await form();
    const cases: [unknown, RegExp][] = [
      [{ session: 'x'.repeat(7), values: { name: 'A' }, _rt: rt }, /^session: /],
      [{ session: 'x'.repeat(65), values: { name: 'A' }, _rt: rt }, /^session: /],
      [{ session: 'has space!', values: { name: 'A' }, _rt: rt }, /^session: /],
      [{ session: session(9), values: [], _rt: rt }, /^values: must be an object/],
      [{ session: session(9), values: { name: 'A' }, last: 3, _rt: rt }, /^last: /],
      [{ session: session(9), values: { name: 'A' }, extra: 1, _rt: rt }, /^extra: unknown field/],
      [{ session: session(9), values: { pin: 'secret', bogus: 'x' }, _rt: rt }, /^values: holds no answer/],
    ];
    for (const [body, problem] of cases) {
      const r = await partial(id, body);
      assert.is(r.status, 422, `${JSON.stringify(body).slice(0, 80)}: ${r.text}`);
      assert.match(r.json.details[0], problem);
    }
    assert.is((await partial(id, '[1]' as unknown)).status, 400);
    // Sessions of 8 and of 64 characters are taken.
    for (const s of ['a'.repeat(8), 'b'.repeat(64)])
      assert.is((await partial(id, { session: s, values: { name: 'A' }, _rt: rt })).status, 204);
    assert.is((await partials(id)).length, 2);
  });

  t('the body limit: exactly 64 KB is kept, one byte more is 413 and keeps nothing', async () => {
    const { id, rt } = await form();
    const body = (bytes: number, s: string) => {
      const shell = JSON.stringify({ session: s, values: { message: '' }, _rt: rt });
      return shell.replace('"message":""', `"message":"${'m'.repeat(bytes - shell.length)}"`);
    };
    const at = body(PARTIAL_BODY_MAX_BYTES, session(10));
    assert.is(Buffer.byteLength(at), PARTIAL_BODY_MAX_BYTES);
    const ok = await api('POST', `/v1/f/${id}/partial`, { rawBody: at });
    assert.is(ok.status, 204, ok.text);
    const past = body(PARTIAL_BODY_MAX_BYTES + 1, session(11));
    const r = await api('POST', `/v1/f/${id}/partial`, { rawBody: past });
    assert.is(r.status, 413, r.text);
    assert.equal(
      (await partials(id)).map((p) => p.values.message.length),
      [at.length - JSON.stringify({ session: session(10), values: { message: '' }, _rt: rt }).length],
    );
  });

  t('the list pages with a cursor and filters by q; CSV on request; other formats and tags refused', async () => {
    const { id, rt } = await form();
    for (const n of [1, 2, 3])
      await partial(id, { session: session(`p${n}`), values: { name: `Person ${n}`, topic: 'support' }, _rt: rt });
    const first = await api('GET', `/v1/forms/${id}/submissions?status=partial&limit=2`, { key: OWNER_KEY });
    assert.equal(
      first.json.submissions.map((p: any) => p.values.name),
      ['Person 3', 'Person 2'],
    );
    const next = await api(
      'GET',
      `/v1/forms/${id}/submissions?status=partial&limit=2&cursor=${first.json.next_cursor}`,
      {
        key: OWNER_KEY,
      },
    );
    assert.equal(
      next.json.submissions.map((p: any) => p.values.name),
      ['Person 1'],
    );
    assert.is(next.json.next_cursor, undefined);
    assert.equal(
      (await partials(id, '&q=person%202')).map((p) => p.values.name),
      ['Person 2'],
    );
    const bad = await api('GET', `/v1/forms/${id}/submissions?status=partial&cursor=nonsense`, { key: OWNER_KEY });
    assert.is(bad.status, 400);
    const csv = await api('GET', `/v1/forms/${id}/submissions?status=partial&format=csv`, { key: OWNER_KEY });
    assert.is(csv.status, 200, csv.text);
    assert.match(csv.headers.get('content-disposition')!, /-partial-answers\.csv/);
    const lines = csv.text.trim().split('\r\n');
    assert.is(lines[0], 'id,created_at,updated_at,last_question,name,email,topic,message,stars');
    assert.is(lines.length, 4);
    assert.match(lines[1], /,topic,Person 3,,support,,$/);
    const labelled = await api(
      'GET',
      `/v1/forms/${id}/submissions?status=partial&format=csv&headers=labels&values=labels`,
      {
        key: OWNER_KEY,
      },
    );
    assert.match(
      labelled.text,
      /^ID,Started at \(UTC\),Last sent at \(UTC\),Last question,Name,Email,Topic,Message,How was it\?/,
    );
    assert.match(labelled.text, /,Support,/);
    for (const q of ['format=xlsx', 'format=jsonl', 'tag=x']) {
      const r = await api('GET', `/v1/forms/${id}/submissions?status=partial&${q}`, { key: OWNER_KEY });
      assert.is(r.status, 400, `${q}: ${r.text}`);
    }
  });

  t('MCP get_submissions with status "partial" lists them as the REST list does', async () => {
    const { id, rt } = await form();
    await partial(id, { session: session('mcp'), values: { name: 'Via MCP' }, _rt: rt });
    const client = new Client({ name: 'formstead-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${OWNER_KEY}` } },
      }),
    );
    try {
      const result = await client.callTool({ name: 'get_submissions', arguments: { form_id: id, status: 'partial' } });
      assert.not.ok(result.isError, JSON.stringify(result.content));
      assert.equal(result.structuredContent, { submissions: await partials(id) });
      const tagged = await client.callTool({
        name: 'get_submissions',
        arguments: { form_id: id, status: 'partial', tag: 'x' },
      });
      assert.ok(tagged.isError);
    } finally {
      await client.close();
    }
  });

  t('never a webhook or a mail: a partial answer before an answer, only the answer arrives', async () => {
    const path = `/partial-${name}`;
    const { id, rt } = await form(true, { webhook_url: receiver.url(path), notify_each_response: true });
    await partial(id, { session: session(12), values: { name: 'Partial Pat', email: 'pat@example.com' }, _rt: rt });
    const done = await api('POST', `/v1/f/${id}`, {
      body: { values: { name: 'Whole Wendy', email: 'w@example.com' } },
    });
    assert.is(done.status, 201);
    await receiver.waitFor(() => receiver.to(path).length >= 1, 'the answer webhook');
    const subject = `New response: ${contactDefinition().title}`;
    await smtp.waitFor(
      (m) => m.some((x) => x.subject === subject && x.text.includes('Whole Wendy')),
      'the answer mail',
    );
    assert.equal(
      receiver.to(path).map((r) => r.json.values.name),
      ['Whole Wendy'],
    );
    assert.not.ok(
      smtp.mails.some((m) => m.text.includes('Partial Pat')),
      'no mail holds the partial answer',
    );
  });

  t('deleting the form deletes its partial answers', async () => {
    const { id, rt } = await form();
    await partial(id, { session: session(13), values: { name: 'Ada' }, _rt: rt });
    assert.is((await api('DELETE', `/v1/forms/${id}`, { key: OWNER_KEY })).status, 204);
    const r = await api('GET', `/v1/forms/${id}/submissions?status=partial`, { key: OWNER_KEY });
    assert.is(r.status, 404);
  });

  return t;
}

const embedded = scenarios('embedded', () => ({}));
const postgres = scenarios('PostgreSQL', () => shared.env);
embedded.run();
postgres.run();

// Rate limits on: the per-address bucket, at its edge and past it.
const limits = suite('partial answers: rate limit per address');
let limited: RunningServer;
limits.before(async () => {
  limited = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_RATE_LIMIT: 'on' } });
});
limits.after(async () => {
  await limited.stop();
  await receiver.close();
  await smtp.close();
});
limits(`the ${PARTIAL_PER_ADDRESS.burst}th beacon from one address is taken, the next is 429`, async () => {
  const published = await call(limited.url, 'POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: definition() },
  });
  const id = published.json.form_id;
  await call(limited.url, 'PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body: { keep_partial: true } });
  const rt = (await call(limited.url, 'GET', `/v1/f/${id}/definition`)).json.render_token;
  for (let n = 1; n <= PARTIAL_PER_ADDRESS.burst; n++) {
    const r = await call(limited.url, 'POST', `/v1/f/${id}/partial`, {
      body: { session: session(`r${n}`), values: { name: `N${n}` }, _rt: rt },
    });
    assert.is(r.status, 204, `beacon ${n}: ${r.text}`);
  }
  const past = await call(limited.url, 'POST', `/v1/f/${id}/partial`, {
    body: { session: session('r-past'), values: { name: 'Past' }, _rt: rt },
  });
  assert.is(past.status, 429, past.text);
  assert.ok(past.headers.get('retry-after'));
  const list = await call(limited.url, 'GET', `/v1/forms/${id}/submissions?status=partial&limit=100`, {
    key: OWNER_KEY,
  });
  assert.is(list.json.submissions.length, PARTIAL_PER_ADDRESS.burst);
});
limits.run();
shared.stopLast();
