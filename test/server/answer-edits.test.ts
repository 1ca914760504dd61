// Respondents' edits over the real bundle (ARCHITECTURE.md Wave 4 "Respondents edit their answer"), on the embedded
// store and on PostgreSQL: the allow_edit_days and webhook_events settings at and past their edges, the private edit
// link in the answer, the edit page filled with the answer, an edit checked by the engine (refusals change nothing),
// bad and expired links, idempotency, closing and limits not applying, revisions in GET, the signed export still
// verifying after an edit and a deletion, and `submission.updated`/`submission.deleted` reaching only the receiver
// that opted in, signed (HMAC verified by a real HTTPS receiver).
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver.ts';
import { sharedDatabase } from '../helpers/pg-instances.ts';
import { bundlePath, type RunningServer, tempDataDir } from '../helpers/server.ts';
import { formWithWebhook, startWebhookServer } from '../helpers/webhooks.ts';

const shared = await sharedDatabase();

const ADA = { name: 'Ada', email: 'ada@example.com', message: 'first words' };

/** `formstead verify` on an export; its exit code and what it printed. */
async function verify(text: string, key: string) {
  const dir = await tempDataDir();
  await writeFile(path.join(dir, 'export.jsonl'), text);
  await writeFile(path.join(dir, 'key.json'), key);
  const r = spawnSync(
    process.execPath,
    [bundlePath, 'verify', path.join(dir, 'export.jsonl'), '--public-key', path.join(dir, 'key.json')],
    { encoding: 'utf8' },
  );
  return { code: r.status, out: `${r.stdout}${r.stderr}`.trim() };
}

const settings = (server: RunningServer, formId: string, body: Record<string, unknown>) =>
  call(server.url, 'PATCH', `/v1/forms/${formId}`, { key: OWNER_KEY, body });

/** The headers of a script's JSON answer that tell it from a page's or a preflight's (null: not there). */
const SCRIPT_ANSWER_HEADERS = [
  'access-control-allow-origin',
  'content-type',
  'cache-control',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-max-age',
  'idempotent-replayed',
];
const scriptHeaders = (headers: Headers) => Object.fromEntries(SCRIPT_ANSWER_HEADERS.map((n) => [n, headers.get(n)]));
/** What a script's answer carries, as the respondent's 201 (docs/decisions.md, "no page headers"). */
const scriptAnswer = (replayed: boolean) => ({
  'access-control-allow-origin': '*',
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'x-frame-options': null,
  'referrer-policy': null,
  'access-control-allow-methods': null,
  'access-control-allow-headers': null,
  'access-control-max-age': null,
  'idempotent-replayed': replayed ? 'true' : null,
});

/** The token of an edit link (its last path segment). */
const tokenOf = (url: string) => url.split('/').pop()!;

async function scenario(server: RunningServer, receiver: HttpsReceiver, expire: (formId: string) => Promise<void>) {
  const tag = Math.random().toString(36).slice(2, 8);
  const opted = await formWithWebhook(server, receiver, `/status/200/opted-${tag}`);
  const plain = await formWithWebhook(server, receiver, `/status/200/plain-${tag}`);

  // The settings at and past their edges: nothing changes on a refusal.
  for (const bad of [-1, 31, 1.5, '3']) {
    const r = await settings(server, opted.id, { allow_edit_days: bad });
    assert.is(r.status, 422, `allow_edit_days ${bad}: ${r.text}`);
    assert.match(r.json.details.join(), /allow_edit_days: /);
  }
  for (const bad of [['submission.nope'], [], ['submission.created', 'submission.created'], 'submission.updated']) {
    const r = await settings(server, opted.id, { webhook_events: bad, allow_edit_days: 2 });
    assert.is(r.status, 422, `webhook_events ${JSON.stringify(bad)}: ${r.text}`);
    assert.match(r.json.details.join(), /webhook_events/);
  }
  let view = await call(server.url, 'GET', `/v1/forms/${opted.id}`, { key: OWNER_KEY });
  assert.equal([view.json.settings.allow_edit_days, view.json.settings.webhook_events], [0, ['submission.created']]);
  for (const days of [0, 30]) assert.is((await settings(server, opted.id, { allow_edit_days: days })).status, 200);
  const set = await settings(server, opted.id, {
    allow_edit_days: 2,
    webhook_events: ['submission.created', 'submission.updated', 'submission.deleted'],
  });
  assert.is(set.status, 200, set.text);
  assert.equal(set.json.webhook_events, ['submission.created', 'submission.updated', 'submission.deleted']);
  assert.is((await settings(server, plain.id, { allow_edit_days: 2 })).status, 200);

  // The answer carries its private edit link; the definition tells pages to load the code that shows it.
  const posted = await call(server.url, 'POST', `/v1/f/${opted.id}`, { body: { values: ADA } });
  assert.is(posted.status, 201, posted.text);
  const id = posted.json.id as string;
  assert.match(posted.json.edit_url, new RegExp(`^http://[^/]+/f/${opted.id}/edit/[A-Za-z0-9_-]{32}$`));
  const editPath = new URL(posted.json.edit_url).pathname;
  const token = tokenOf(posted.json.edit_url);
  assert.is((await call(server.url, 'GET', `/v1/f/${opted.id}/definition`)).json.allow_edit, 2);
  const plainId = (await call(server.url, 'POST', `/v1/f/${plain.id}`, { body: { values: ADA } })).json.id;

  // The edit page is the form filled with the answer, posting to the edit endpoint, never cached.
  const page = await fetch(`${server.url}${editPath}`);
  const html = await page.text();
  assert.is(page.status, 200);
  assert.is(page.headers.get('cache-control'), 'no-store');
  assert.match(html, /value="first words"|>first words</);
  assert.match(html, new RegExp(`action="/v1/f/${opted.id}/edit/${token}"`));
  const badPage = await fetch(`${server.url}/f/${opted.id}/edit/${'x'.repeat(32)}`);
  assert.is(badPage.status, 404);
  assert.match(await badPage.text(), /This edit link is not valid/);

  const edit = (body: unknown, t = token, headers: Record<string, string> = {}) =>
    call(server.url, 'POST', `/v1/f/${opted.id}/edit/${t}`, { body, headers });
  const stored = async () =>
    (await call(server.url, 'GET', `/v1/forms/${opted.id}/submissions/${id}`, { key: OWNER_KEY })).json;

  // Refusals: the engine's, a bad token, another form's token; nothing changes.
  const refused = await edit({ values: { ...ADA, email: 'not-an-address', name: '' } });
  assert.is(refused.status, 422, refused.text);
  assert.equal(refused.json.error, 'invalid_request');
  assert.ok(
    refused.json.details.some((d: string) => d.startsWith('values.email:')),
    refused.text,
  );
  assert.ok(
    refused.json.details.some((d: string) => d.startsWith('values.name:')),
    refused.text,
  );
  for (const t of [
    'x'.repeat(32),
    'short',
    tokenOf(posted.json.edit_url).replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
  ]) {
    const r = await edit({ values: ADA }, t);
    assert.is(r.status, 404, r.text);
    assert.equal(r.json, { error: 'not_found', details: [r.json.details[0]] });
    assert.match(r.json.details[0], /^edit_token: /);
  }
  let now = await stored();
  assert.equal([now.values, now.revisions], [ADA, []]);

  // Closing and limits apply to new answers only: a full form still takes the edit.
  assert.is((await settings(server, opted.id, { response_limit: 1 })).status, 200);
  assert.is((await call(server.url, 'POST', `/v1/f/${opted.id}`, { body: { values: ADA } })).status, 409);

  const changed = { ...ADA, message: 'second words' };
  const key = { 'idempotency-key': `edit-${tag}` };
  const done = await edit({ values: changed }, token, key);
  assert.is(done.status, 200, done.text);
  assert.equal([done.json.id, done.json.values, done.json.revision], [id, changed, 1]);
  // A script's answer, as the respondent's 201: no page headers, none of the preflight's.
  assert.equal(scriptHeaders(done.headers), scriptAnswer(false));
  assert.equal(scriptHeaders(posted.headers), scriptAnswer(false), 'the same as the 201');
  const again = await edit({ values: changed }, token, key);
  assert.is(again.status, 200);
  assert.equal(scriptHeaders(again.headers), scriptAnswer(true));
  assert.is((await edit({ values: ADA }, token, key)).status, 409, 'the same key with another body');
  now = await stored();
  assert.equal(now.values, changed);
  assert.is(now.revisions.length, 1, 'a replay keeps no second revision');
  assert.equal(now.revisions[0].values, ADA);
  assert.ok(Date.parse(now.revisions[0].at) >= Date.parse(now.created_at));

  const third = { ...ADA, message: 'third words', topic: 'support' };
  assert.is((await edit({ values: third })).status, 200);
  now = await stored();
  assert.equal([now.values, now.revisions.map((r: any) => r.values)], [third, [ADA, changed]]);

  // The summary counts the answer once, as it is now (a topic only the last edit gave it).
  const summary = (await call(server.url, 'GET', `/v1/forms/${opted.id}/summary`, { key: OWNER_KEY })).json;
  const topic = summary.questions.find((q: any) => q.key === 'topic');
  assert.equal(
    [summary.total, topic.answered, topic.options.map((o: any) => [o.value, o.count])],
    [
      1,
      1,
      [
        ['sales', 0],
        ['support', 1],
      ],
    ],
    JSON.stringify(summary),
  );

  // Receivers: the opted-in one gets created, then each update, signed; the default one only created.
  await receiver.waitFor(() => receiver.to(`/status/200/opted-${tag}`).length >= 3, 'created and two updates');
  const got = receiver.to(`/status/200/opted-${tag}`);
  assert.equal(
    got.map((r) => [r.json.type, r.json.submission_id, r.verified]),
    [
      ['submission.created', id, true],
      ['submission.updated', id, true],
      ['submission.updated', id, true],
    ],
  );
  assert.equal([got[1].json.values, got[1].json.revision, got[2].json.values], [changed, 1, third]);
  assert.is(got[1].headers['service-submission-id'], id);
  assert.is.not(got[1].headers['webhook-id'], id, 'an update has its own webhook-id');
  assert.is(got[0].headers['webhook-id'], id);

  // The signed export verifies with the edits as links; an edit's values changed in the copy are named.
  const signingKey = (await call(server.url, 'GET', '/v1/signing-key')).text;
  const exportText = async () =>
    (await call(server.url, 'GET', `/v1/forms/${opted.id}/submissions?format=jsonl&signed=1`, { key: OWNER_KEY })).text;
  let text = await exportText();
  let lines = text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.equal(
    lines.map((l) => [l.kind, l.values?.message ?? null]),
    [
      ['answer', 'first words'],
      ['edit', 'second words'],
      ['edit', 'third words'],
      ['head', null],
    ],
  );
  assert.equal([lines[1].edited_hash, lines[2].edited_hash], [lines[0].hash, lines[1].hash]);
  let verdict = await verify(text, signingKey);
  assert.is(verdict.code, 0, verdict.out);
  assert.match(verdict.out, /intact: 3 links/);
  lines[1].values.message = 'forged';
  verdict = await verify(`${lines.map((l) => JSON.stringify(l)).join('\n')}\n`, signingKey);
  assert.is(verdict.code, 1);
  assert.match(verdict.out, new RegExp(`the edit of answer ${id} \\(line 2, link 2\\) was changed`));

  // Expired: 410 in the spec's shape, and nothing changed; a page for the browser says so.
  await expire(opted.id);
  const late = await edit({ values: ADA });
  assert.is(late.status, 410, late.text);
  assert.is(late.json.error, 'edit_link_expired');
  assert.match(late.json.details[0], /^(edit_token: this edit link expired at |form: no longer lets people edit)/);
  assert.is((await fetch(`${server.url}${editPath}`)).status, 410);
  assert.equal((await stored()).values, third);

  // The owner deletes it: the opted-in receiver hears, the export still verifies (values gone, links kept).
  // The default receiver's answer goes first: had it a delivery, it would be due before the opted one's.
  assert.is(
    (await call(server.url, 'DELETE', `/v1/forms/${plain.id}/submissions/${plainId}`, { key: OWNER_KEY })).status,
    204,
  );
  assert.is(
    (await call(server.url, 'DELETE', `/v1/forms/${opted.id}/submissions/${id}`, { key: OWNER_KEY })).status,
    204,
  );
  await receiver.waitFor(() => receiver.to(`/status/200/opted-${tag}`).length >= 4, 'the deletion');
  const gone = receiver.to(`/status/200/opted-${tag}`)[3];
  assert.equal(
    [gone.json.type, gone.json.submission_id, gone.json.reason, gone.verified, gone.json.values],
    ['submission.deleted', id, 'deleted', true, undefined],
  );
  text = await exportText();
  lines = text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.equal(
    lines.map((l) => [l.kind, l.deleted ?? false]),
    [
      ['answer', true],
      ['edit', true],
      ['edit', true],
      ['deletion', false],
      ['head', false],
    ],
  );
  assert.is(lines[3].deleted_hash, lines[2].hash, 'the deletion names the last edit');
  verdict = await verify(text, signingKey);
  assert.is(verdict.code, 0, verdict.out);
  assert.is((await edit({ values: ADA })).status, 404, 'a deleted answer has no edit link');

  // The receiver of spec 6 (default events) saw its one created delivery and nothing else (its deletion came first).
  assert.equal(
    receiver.to(`/status/200/plain-${tag}`).map((r) => r.json.type),
    ['submission.created'],
  );
  view = await call(server.url, 'GET', `/v1/forms/${plain.id}`, { key: OWNER_KEY });
  assert.equal(view.json.settings.webhook_events, ['submission.created']);
}

/** Turning edits off stops every link at once (410), changing nothing. */
async function expireBySetting(server: RunningServer, formId: string) {
  assert.is((await settings(server, formId, { allow_edit_days: 0 })).status, 200);
}

const embedded = suite('answer edits: embedded store');
embedded('settings, edit link, engine refusals, revisions, webhooks, chain verify', async () => {
  const receiver = await startHttpsReceiver();
  const server = await startWebhookServer(receiver);
  try {
    await scenario(server, receiver, async (formId) => {
      await expireBySetting(server, formId);
      const r = await call(server.url, 'POST', `/v1/f/${formId}/edit/${'A'.repeat(32)}`, { body: { values: ADA } });
      assert.is(r.status, 404);
    });
  } catch (err) {
    console.error(server.output());
    throw err;
  } finally {
    await server.stop();
    await receiver.close();
  }
});
embedded.run();

const postgres = suite('answer edits: PostgreSQL');
postgres('the same on PostgreSQL, with a link past its days', async () => {
  const receiver = await startHttpsReceiver();
  const server = await startWebhookServer(receiver, shared.env);
  const client = new pg.Client({ connectionString: shared.databaseUrl });
  await client.connect();
  try {
    await scenario(server, receiver, async (formId) => {
      // One millisecond past the link's days (the bundle reads the row as it is).
      const r = await client.query(
        "UPDATE edit_links SET expires_at = to_char((now() - interval '1 millisecond') AT TIME ZONE 'UTC', " +
          `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') WHERE form_id = $1`,
        [formId],
      );
      assert.ok(r.rowCount! >= 1);
    });
  } catch (err) {
    console.error(server.output());
    throw err;
  } finally {
    await client.end();
    await server.stop();
    await receiver.close();
  }
});
postgres.run();
shared.stopLast();
