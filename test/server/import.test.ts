// POST /v1/forms/{id}/submissions/import over the real bundle, on the embedded store and on a real
// PostgreSQL (docs/api.md "Importing answers"): JSON lines and CSV with a mapping, each row checked by the
// engine (refused rows listed, the others stored), created_at carried, idempotent by row id (a second
// import stores nothing), no webhook or mail for imported rows unless notify=1 (not even from the minute job's
// sweep, run here by hand), the keys, and the limits at and past their edges (10,000 rows with
// refusals; 16 MB).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { IMPORT_ID_MAX, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../server/core/imports/import-rows.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { sharedDatabase } from '../helpers/pg-instances.ts';
import { freePort, startServer, type RunningServer } from '../helpers/server.ts';
import { listedIds, startSmtpSink, type ReceivedMail, type SmtpSink } from '../helpers/smtp-sink.ts';
import { adminClient, setupOwner } from '../helpers/admin-session.ts';

const JSONL = 'application/x-ndjson';
const ada = { name: 'Ada', email: 'ada@example.com' };
const line = (row: Record<string, unknown>) => `${JSON.stringify(row)}\n`;

/** The same rows on one store: `env` starts the bundle on it. */
function importSuite(store: string, env: () => Promise<Record<string, string>>) {
  let server: RunningServer;
  let smtp: SmtpSink;
  let cookie: string;
  const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);
  const publish = async () =>
    (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } })).json
      .form_id as string;
  const importRaw = (id: string, body: string, type = JSONL, query = '', key = OWNER_KEY) =>
    api('POST', `/v1/forms/${id}/submissions/import${query}`, {
      key,
      rawBody: body,
      headers: { 'content-type': type },
    });
  const all = async (id: string) => {
    const out: any[] = [];
    let cursor = '';
    for (;;) {
      const page = await api('GET', `/v1/forms/${id}/submissions?limit=100${cursor}`, { key: OWNER_KEY });
      out.push(...page.json.submissions);
      if (!page.json.next_cursor) return out;
      cursor = `&cursor=${page.json.next_cursor}`;
    }
  };
  const count = async (id: string) =>
    (await api('GET', '/v1/forms', { key: OWNER_KEY })).json.forms.find((f: any) => f.form_id === id).submissions;

  const s = suite(`import answers (${store})`);
  /** This form's mails: earlier tests' mails may still arrive (the sink is shared by the suite). */
  const mailsOf = (id: string, mails: ReceivedMail[] = smtp.mails) =>
    mails.filter((m) => m.text.includes(`/admin/forms/${encodeURIComponent(id)}/`));
  /**
   * Runs the response-mail job now (the minute's sweep) as the instance owner, as the panel's "Run now" does; it
   * resolves once the mails it sent were taken by the SMTP server.
   */
  const sweep = async () => {
    const { client, close } = adminClient(server, cookie);
    try {
      const status = await client.jobs.run.mutate({ name: 'response-mail-digests' });
      assert.is(status.lastError, undefined, status.lastError);
    } finally {
      close();
    }
  };
  /** A form with a webhook and mail on every response. */
  const mailedForm = async () => {
    const id = await publish();
    const hook = await api('PATCH', `/v1/forms/${id}`, {
      key: OWNER_KEY,
      body: { webhook_url: 'https://127.0.0.1:9/hook', notify_each_response: true },
    });
    assert.is(hook.status, 200, hook.text);
    return id;
  };

  s.before(async () => {
    smtp = await startSmtpSink();
    const port = await freePort();
    const environment = {
      ...(await env()),
      FORMSTEAD_WEBHOOK_ALLOW_PRIVATE: '1',
      FORMSTEAD_SMTP_URL: smtp.url,
      FORMSTEAD_MAIL_FROM: 'forms@example.com',
      // The admin socket (the job run) takes its public URL's origin only.
      FORMSTEAD_PUBLIC_URL: `http://127.0.0.1:${port}`,
    };
    server = await startServer({ port, env: environment });
    cookie = await setupOwner(server);
  });
  s.after(async () => {
    await server.stop();
    await smtp.close();
  });

  s('dry_run=1 checks every row and stores nothing (the panel preview); another value is a 400', async () => {
    const id = await publish();
    const body = line({ id: 'p1', values: ada }) + line({ id: 'p2', values: { name: 'Bo' } });
    const r = await importRaw(id, body, JSONL, '?dry_run=1');
    assert.is(r.status, 200, r.text);
    assert.equal(r.json, {
      imported: 1,
      skipped_duplicates: 0,
      refused: [{ row: 2, details: ['values.email: This field is required'] }],
      dry_run: true,
    });
    assert.equal(await all(id), [], 'nothing stored');
    const bad = await importRaw(id, body, JSONL, '?dry_run=yes');
    assert.is(bad.status, 400);
    assert.equal(bad.json.details, ['dry_run: must be 0 or 1']);
    const real = await importRaw(id, body, JSONL, '?dry_run=0');
    assert.is(real.json.imported, 1);
    assert.is((await all(id)).length, 1);
  });

  s('JSON lines: good rows stored with their created_at, bad rows refused with every problem', async () => {
    const id = await publish();
    const body =
      line({ id: 'r1', values: { ...ada, topic: 'sales' }, created_at: '2024-03-01T10:00:00+02:00' }) +
      line({ id: 'r2', values: { name: 'Bo' } }) +
      '\n' +
      line({ id: 'r3', values: { ...ada, topic: 'nope' }, created_at: '2999-01-01T00:00:00Z' }) +
      '{not json\n' +
      line({ id: '', values: ada, extra: 1 }) +
      line({ id: 'r4', values: ada, created_at: '2024-02-30T10:00:00Z' }) +
      line({ id: 'r5', values: { ...ada, message: 'hello\u202Eevil' } }) +
      '[1]\n';
    const r = await importRaw(id, body);
    assert.is(r.status, 200, r.text);
    assert.equal(r.json, {
      imported: 2,
      skipped_duplicates: 0,
      refused: [
        { row: 2, details: ['values.email: This field is required'] },
        { row: 4, details: ['created_at: must not be in the future', 'values.topic: Choose one of the options'] },
        { row: 5, details: ['line: not valid JSON'] },
        { row: 6, details: ['extra: unknown field', `id: must be a row id of 1 to ${IMPORT_ID_MAX} characters`] },
        { row: 7, details: ['created_at: must be a date and time with a time zone, like 2026-01-31T18:00:00Z'] },
        { row: 9, details: ['line: must be a JSON object with id and values'] },
      ],
    });
    const stored = await all(id);
    const first = stored.find((x) => x.values.topic === 'sales');
    assert.is(first.created_at, '2024-03-01T08:00:00.000Z', 'the row time kept, in UTC');
    assert.ok(
      stored.some((x) => x.values_contain_hidden_characters),
      'checked like any submission',
    );
    assert.is(await count(id), 2);
  });

  s('importing the same file again stores nothing twice; a row id twice in one file is stored once', async () => {
    const id = await publish();
    const body = line({ id: 'a', values: ada }) + line({ id: 'b', values: ada }) + line({ id: 'a', values: ada });
    assert.equal((await importRaw(id, body)).json, { imported: 2, skipped_duplicates: 1, refused: [] });
    assert.equal((await importRaw(id, body)).json, { imported: 0, skipped_duplicates: 3, refused: [] });
    const other = await publish();
    assert.equal((await importRaw(other, body)).json.imported, 2, 'row ids belong to their form');
    assert.is((await all(id)).length, 2);
  });

  s('CSV: columns by key or by map, id_column, created_at_column; a column mapped to no field is a 422', async () => {
    const id = await publish();
    const csv =
      'Ref,When,Full name,email,Subject\r\n' +
      'x1,2025-05-05T12:00:00Z,Ada,ada@example.com,support\r\n' +
      'x2,,"Lovelace, A.",ada@example.com,\r\n' +
      'x3,,Bo,,sales\r\n' +
      ',,Cy,cy@example.com,\r\n';
    const map = encodeURIComponent(JSON.stringify({ 'Full name': 'name', Subject: 'topic' }));
    const q = `?id_column=Ref&created_at_column=When&map=${map}`;
    const r = await importRaw(id, csv, 'text/csv; charset=utf-8', q);
    assert.is(r.status, 200, r.text);
    assert.equal(r.json, {
      imported: 2,
      skipped_duplicates: 0,
      refused: [
        { row: 3, details: ['values.email: This field is required'] },
        { row: 4, details: [`id: must be a row id of 1 to ${IMPORT_ID_MAX} characters`] },
      ],
    });
    const stored = (await all(id)).sort((a, b) => (a.created_at < b.created_at ? -1 : 1));
    assert.equal(
      stored.map((x) => [x.created_at, x.values]),
      [
        ['2025-05-05T12:00:00.000Z', { name: 'Ada', email: 'ada@example.com', topic: 'support' }],
        [stored[1].created_at, { name: 'Lovelace, A.', email: 'ada@example.com' }],
      ],
    );
    const badMap = encodeURIComponent('{"Full name":"nope","Gone":"name","Subject":"topic"}');
    for (const [query, details] of [
      [
        '?id_column=Ref',
        [
          'columns: "When" maps to no field; name a field in map, or leave the column out',
          'columns: "Full name" maps to no field; name a field in map, or leave the column out',
          'columns: "Subject" maps to no field; name a field in map, or leave the column out',
        ],
      ],
      [
        `?id_column=Ref&created_at_column=When&map=${badMap}`,
        ["map.Full name: must name a field of the form's current version", 'map.Gone: the file has no such column'],
      ],
      [
        `?created_at_column=When&map=${map}`,
        [
          'id_column: required: the header of the column holding row ids',
          'columns: "Ref" maps to no field; name a field in map, or leave the column out',
        ],
      ],
      [
        `?id_column=Nope&created_at_column=When&map=[1]`,
        [
          'map: must be a JSON object of column header to field key',
          'id_column: the file has no column "Nope"',
          'columns: "Ref" maps to no field; name a field in map, or leave the column out',
          'columns: "Full name" maps to no field; name a field in map, or leave the column out',
          'columns: "Subject" maps to no field; name a field in map, or leave the column out',
        ],
      ],
    ] as [string, string[]][]) {
      const bad = await importRaw(id, csv, 'text/csv', query);
      assert.is(bad.status, 422, query);
      assert.equal(bad.json, { error: 'invalid_request', details }, query);
    }
    const unclosed = await importRaw(id, 'Ref,name\r\nx9,"Ada\r\n', 'text/csv', '?id_column=Ref');
    assert.equal(unclosed.json.details, ['body: line 2: a quoted cell that starts here is not closed']);
    assert.is((await all(id)).length, 2, 'a refused file stored nothing');
  });

  s('keys: none 401, an agent key 403; another type 400; not UTF-8 400', async () => {
    const id = await publish();
    const body = line({ id: 'k', values: ada });
    assert.is((await api('POST', `/v1/forms/${id}/submissions/import`, { rawBody: body })).status, 401);
    const agent = await api('POST', '/v1/forms', { body: { definition: contactDefinition() } });
    const own = await importRaw(agent.json.form_id, body, JSONL, '', agent.json.agent_key);
    assert.is(own.status, 403);
    assert.is(own.json.error, 'owner_key_required');
    const json = await importRaw(id, body, 'application/json');
    assert.is(json.status, 400);
    assert.is(json.json.error, 'invalid_content_type');
    const latin1 = await api('POST', `/v1/forms/${id}/submissions/import`, {
      key: OWNER_KEY,
      rawBody: Buffer.from([0x7b, 0xe9, 0x7d, 0x0a]),
      headers: { 'content-type': JSONL },
    });
    assert.is(latin1.status, 400);
    assert.is(await count(id), 0);
  });

  s('notify=1: imported rows go to the webhook and the response mail as a submission does', async () => {
    const id = await mailedForm();
    const bad = await importRaw(id, line({ id: 'n0', values: ada }), JSONL, '?notify=yes');
    assert.is(bad.status, 400);
    assert.equal(bad.json.details, ['notify: must be 0 or 1']);
    const r = await importRaw(id, line({ id: 'n1', values: ada }), JSONL, '?notify=1');
    assert.is(r.json.imported, 1, r.text);
    const [row] = await all(id);
    await smtp.waitFor((m) => mailsOf(id, m).length > 0, 'the response mail of the imported row');
    assert.equal(listedIds(mailsOf(id)[0].text), [row.id], 'the mail lists the imported row');
    const deliveries = (await api('GET', `/v1/forms/${id}/webhook`, { key: OWNER_KEY })).json.deliveries;
    assert.is(deliveries.length, 1, 'one delivery, written with the row');
    assert.is(deliveries[0].submission_id, row.id);
  });

  s('imported rows send no webhook and no mail, not even from the sweep; a submission afterwards does', async () => {
    const id = await mailedForm();
    const r = await importRaw(id, line({ id: 'm1', values: ada }) + line({ id: 'm2', values: ada }));
    assert.is(r.json.imported, 2);
    // Deliveries are written with their rows: none now is none ever.
    assert.equal((await api('GET', `/v1/forms/${id}/webhook`, { key: OWNER_KEY })).json.deliveries, []);
    // The minute job right after the import: it mails nothing of the imported rows.
    await sweep();
    assert.equal(mailsOf(id), [], 'no mail for imported rows');
    const posted = await api('POST', `/v1/f/${id}`, { body: { values: ada } });
    assert.is(posted.status, 201, posted.text);
    await smtp.waitFor((m) => mailsOf(id, m).length > 0, 'the mail of a real submission');
    const mails = mailsOf(id);
    assert.is(mails.length, 1, mails.map((m) => m.subject).join(' | '));
    assert.match(mails[0].subject, /^New response: /, 'one answer, not a digest of three');
    assert.equal(listedIds(mails[0].text), [posted.json.id], 'the mail lists the real answer only');
    assert.is((await api('GET', `/v1/forms/${id}/webhook`, { key: OWNER_KEY })).json.deliveries.length, 1);
    await sweep();
    assert.is(mailsOf(id).length, 1, 'and nothing more');
  });

  s(
    `${IMPORT_MAX_ROWS} rows (with refusals) are imported; ${IMPORT_MAX_ROWS + 1} are a 413 storing nothing`,
    async () => {
      const id = await publish();
      const rows = Array.from({ length: IMPORT_MAX_ROWS }, (_, i) =>
        line({
          id: `n${i}`,
          values: i % 100 === 7 ? { name: `P${i}` } : { name: `P${i}`, email: `p${i}@example.com` },
        }),
      );
      const past = await importRaw(id, rows.join('') + line({ id: 'one-more', values: ada }));
      assert.is(past.status, 413);
      assert.equal(past.json.details, [`body: more than ${IMPORT_MAX_ROWS} rows; split the file`]);
      assert.is(await count(id), 0);
      const at = await importRaw(id, rows.join(''));
      assert.is(at.status, 200, at.text);
      assert.is(at.json.imported, IMPORT_MAX_ROWS - IMPORT_MAX_ROWS / 100);
      assert.is(at.json.refused.length, IMPORT_MAX_ROWS / 100);
      assert.equal(at.json.refused[0], { row: 8, details: ['values.email: This field is required'] });
      assert.is(await count(id), IMPORT_MAX_ROWS - IMPORT_MAX_ROWS / 100);
      const again = await importRaw(id, rows.join(''));
      assert.is(
        again.json.skipped_duplicates,
        IMPORT_MAX_ROWS - IMPORT_MAX_ROWS / 100,
        'the second run stores nothing',
      );
      const csvHeader = 'id,name,email\n';
      const csvRows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `c${i},C,c@example.com\n`).join('');
      const csvPast = await importRaw(id, csvHeader + csvRows, 'text/csv', '?id_column=id');
      assert.is(csvPast.status, 413, 'a CSV file past the row limit too');
    },
  );

  s(`a body of ${IMPORT_MAX_BYTES} bytes is read; one byte more is a 413`, async () => {
    const id = await publish();
    const row = JSON.stringify({ id: 'big', values: ada });
    const at = row + ' '.repeat(IMPORT_MAX_BYTES - row.length);
    const r = await importRaw(id, at);
    assert.is(r.status, 200, r.text.slice(0, 200));
    assert.is(r.json.imported, 1);
    const past = await importRaw(id, `${at} `);
    assert.is(past.status, 413);
    assert.is(past.json.error, 'payload_too_large');
  });

  s.run();
}

importSuite('sql.js', async () => ({ FORMSTEAD_OWNER_KEY: OWNER_KEY }));
importSuite('PostgreSQL', async () => (await sharedDatabase()).env);
