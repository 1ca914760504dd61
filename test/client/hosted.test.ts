// The hosted layer without a browser: posting with the anti-spam fields and an Idempotency-Key that
// survives a retry, refusals turned into SubmitErrors, server problems mapped to fields, and the
// exact shape the embed loader accepts from its iframe.
import '../helpers/dom.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readEmbedMessage } from '../../client/embed/messages.ts';
import { createSubmitter, newIdempotencyKey } from '../../client/hosted/submit-client.ts';
import { mapServerProblems, SubmitError } from '../../client/renderer/index.ts';

type Call = { url: string; headers: Record<string, string>; body: any };

/** A fetch that records calls and answers from a list (an Error entry is a network failure). */
function fakeFetch(answers: (Response | Error)[]) {
  const calls: Call[] = [];
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(url),
      headers: init!.headers as Record<string, string>,
      body: JSON.parse(String(init!.body)),
    });
    const next = answers.shift()!;
    if (next instanceof Error) throw next;
    return next;
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const antiSpam = { honeypot: () => '', renderToken: '123.abc' };
const ctx = { skippedSteps: [] as string[] };

async function rejection(p: Promise<unknown>): Promise<SubmitError> {
  try {
    await p;
  } catch (err) {
    assert.instance(err, SubmitError);
    return err as SubmitError;
  }
  throw new Error('expected a rejection');
}

const client = suite('submit client');

client('posts JSON with values, skipped steps, honeypot, render token and an Idempotency-Key', async () => {
  const f = fakeFetch([json(201, { id: 'x', values: {} })]);
  const send = createSubmitter(
    '/v1/f/abc',
    { honeypot: () => 'bot text', renderToken: '123.abc' },
    { fetch: f.fetch, minFillMs: 0 },
  );
  await send({ name: 'Ada' }, { skippedSteps: ['extra'] });
  assert.is(f.calls[0].url, '/v1/f/abc');
  assert.equal(f.calls[0].body, { values: { name: 'Ada' }, skippedSteps: ['extra'], _hp: 'bot text', _rt: '123.abc' });
  assert.is(f.calls[0].headers['content-type'], 'application/json');
  assert.match(f.calls[0].headers['idempotency-key'], /^[0-9a-f-]{36}$/);
});

client(
  'a network failure or a 5xx keeps the key for the same body; a definitive answer or a new body does not',
  async () => {
    const f = fakeFetch([
      new TypeError('Failed to fetch'),
      json(503, { error: 'storage_failed' }),
      json(201, {}),
      json(201, {}),
      new TypeError('x'),
      json(201, {}),
    ]);
    const send = createSubmitter('/v1/f/abc', antiSpam, { fetch: f.fetch, minFillMs: 0 });
    const first = await rejection(send({ a: 1 }, ctx));
    assert.ok(first.retry);
    assert.match(first.message, /kept/);
    assert.ok((await rejection(send({ a: 1 }, ctx))).retry);
    await send({ a: 1 }, ctx);
    const keys = f.calls.map((c) => c.headers['idempotency-key']);
    assert.is(keys[1], keys[0]);
    assert.is(keys[2], keys[0], 'the retry that succeeds still carries the first key');
    await send({ a: 1 }, ctx);
    assert.is.not(
      f.calls[3].headers['idempotency-key'],
      keys[0],
      'after a stored answer, the next response is a new one',
    );
    await rejection(send({ a: 2 }, ctx));
    await send({ a: 3 }, ctx);
    assert.is.not(
      f.calls[5].headers['idempotency-key'],
      f.calls[4].headers['idempotency-key'],
      'a changed body gets a new key',
    );
  },
);

client('an encrypted form posts the envelope body; a retry of the same answers sends the same bytes', async () => {
  const f = fakeFetch([new TypeError('Failed to fetch'), json(201, {}), json(201, {})]);
  const sealed: unknown[] = [];
  const encrypt = async (answers: unknown, spam: object) => {
    sealed.push(answers);
    return JSON.stringify({ encrypted: { n: sealed.length }, ...spam });
  };
  const send = createSubmitter('/v1/f/abc', antiSpam, { fetch: f.fetch, minFillMs: 0, encrypt });
  assert.ok((await rejection(send({ a: 1 }, { skippedSteps: ['s2'] }))).retry);
  await send({ a: 1 }, { skippedSteps: ['s2'] });
  assert.equal(sealed, [{ values: { a: 1 }, skippedSteps: ['s2'] }], 'encrypted once for both tries');
  assert.equal(f.calls[0].body, { encrypted: { n: 1 }, _hp: '', _rt: '123.abc' });
  assert.equal(f.calls[1].body, f.calls[0].body);
  assert.is(f.calls[1].headers['idempotency-key'], f.calls[0].headers['idempotency-key']);
  await send({ a: 1 }, { skippedSteps: ['s2'] });
  assert.equal(f.calls[2].body, { encrypted: { n: 2 }, _hp: '', _rt: '123.abc' }, 'a new response, a new envelope');
  // A browser that cannot encrypt sends nothing: the renderer shows "not sent" with a retry.
  const failing = createSubmitter('/v1/f/abc', antiSpam, {
    fetch: f.fetch,
    minFillMs: 0,
    encrypt: async () => {
      throw new Error('crypto.subtle is undefined');
    },
  });
  await failing({ a: 2 }, ctx).then(
    () => assert.unreachable('sent'),
    (err: Error) => assert.match(err.message, /subtle/),
  );
  assert.is(f.calls.length, 3);
});

client('refusals become SubmitErrors: 422 problems, paused, expired, 429 with Retry-After', async () => {
  const f = fakeFetch([
    json(422, { error: 'invalid_request', details: ['values.email: Enter a valid email address'] }),
    json(409, { error: 'paused', details: ['form: is paused'] }),
    json(410, { error: 'expired', details: [] }),
    json(429, { error: 'rate_limited', details: [] }, { 'retry-after': '7' }),
  ]);
  const send = createSubmitter('/v1/f/abc', antiSpam, { fetch: f.fetch, minFillMs: 0 });
  const invalid = await rejection(send({ a: 1 }, ctx));
  assert.equal(invalid.problems, ['values.email: Enter a valid email address']);
  assert.not.ok(invalid.retry);
  assert.match((await rejection(send({ a: 1 }, ctx))).message, /paused/);
  assert.match((await rejection(send({ a: 1 }, ctx))).message, /expired/);
  const limited = await rejection(send({ a: 1 }, ctx));
  assert.ok(limited.retry);
  assert.match(limited.message, /7 seconds/);
});

client(
  'waits until 2 s after it was created before the first post (the server drops faster posts as bots)',
  async () => {
    const f = fakeFetch([json(201, {})]);
    const started = Date.now();
    const send = createSubmitter('/v1/f/abc', antiSpam, { fetch: f.fetch, minFillMs: 150 });
    await send({ a: 1 }, ctx);
    assert.ok(Date.now() - started >= 140, `${Date.now() - started} ms`);
  },
);

client('idempotency keys are v4 UUIDs, also where crypto.randomUUID is missing', () => {
  const original = crypto.randomUUID;
  try {
    (crypto as any).randomUUID = undefined;
    const key = newIdempotencyKey();
    assert.match(key, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.is.not(newIdempotencyKey(), key);
  } finally {
    (crypto as any).randomUUID = original;
  }
});

client.run();

const problems = suite('server problems');

problems('maps `values.<key>` lines to fields, quoted keys too; the rest stays general', () => {
  const keys = new Set(['email', 'first name', 'age']);
  const mapped = mapServerProblems(
    [
      'values.email: Enter a valid email address',
      'values["first name"]: This field is required',
      'values.age: Must be at least 18',
      'values.age: second message is ignored',
      'values.ghost: unknown field',
      'values: the submit button is disabled for these answers',
      'skippedSteps[0]: no step has the id "x"',
    ],
    keys,
  );
  assert.equal(mapped.errors, {
    email: 'Enter a valid email address',
    'first name': 'This field is required',
    age: 'Must be at least 18',
  });
  assert.equal(mapped.general, [
    'values.ghost: unknown field',
    'the submit button is disabled for these answers',
    'skippedSteps[0]: no step has the id "x"',
  ]);
});

problems("a matrix row's problem lands on its matrix, naming the row by its label (or value); quoted rows too", () => {
  const labels: Record<string, string> = { food: 'Food', 'side dish': 'Side dish' };
  const mapped = mapServerProblems(
    [
      'values.grid.food: choose one of the columns',
      'values.grid.food: a second line for the field is ignored',
      'values.other["side dish"]: choose one of the columns',
      'values.plain.ghost: unknown row',
      'values.nokey.food: not a field of this form',
      'values.plain["broken: x',
    ],
    new Set(['grid', 'other', 'plain']),
    (key, row) => (key === 'plain' ? undefined : labels[row]),
  );
  assert.equal(mapped.errors, {
    grid: 'Food: choose one of the columns',
    other: 'Side dish: choose one of the columns',
    plain: 'ghost: unknown row',
  });
  assert.equal(mapped.general, ['values.nokey.food: not a field of this form', 'values.plain["broken: x']);
});

problems.run();

const messages = suite('embed messages');

messages('accepts exactly a resize with a sane height or a redirect to an http(s) URL', () => {
  assert.equal(readEmbedMessage({ type: 'formstead:resize', height: 321.4 }), {
    type: 'formstead:resize',
    height: 322,
  });
  assert.equal(readEmbedMessage({ type: 'formstead:redirect', url: 'https://example.com/thanks' }), {
    type: 'formstead:redirect',
    url: 'https://example.com/thanks',
  });
  const refused: unknown[] = [
    null,
    'formstead:resize',
    [],
    { type: 'formstead:resize', height: '300' },
    { type: 'formstead:resize', height: -1 },
    { type: 'formstead:resize', height: 1e9 },
    { type: 'formstead:resize', height: Number.NaN },
    { type: 'formstead:resize', height: 300, extra: true },
    { type: 'formstead:redirect', url: 'javascript:alert(1)' },
    { type: 'formstead:redirect', url: ' https://example.com' },
    { type: 'other', height: 1 },
    Object.assign(Object.create({ inherited: 1 }), { type: 'formstead:resize', height: 1 }),
  ];
  for (const data of refused) assert.is(readEmbedMessage(data), undefined, JSON.stringify(data));
});

messages.run();
