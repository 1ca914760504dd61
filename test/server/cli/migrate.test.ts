// `formstead migrate`: an embedded installation built through the real bundle (owner key and panel
// owner, forms with versions, submissions with a file, a webhook and its log, a draft, spam, outbox
// mail, an invite, a session, an abuse report, an idempotency record, an imported answer quiet for the response
// mail) is copied into a real
// PostgreSQL database; a bundle started on the copy answers everything as the embedded one did.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { migrations } from '../../../server/core/store/sqljs/migrations/index.ts';
import { readDataFolder } from '../../../server/lib/durable/durable-read.ts';
import { adminClient, OWNER_PASSWORD, setupOwner } from '../../helpers/admin-session.ts';
import { call, contactDefinition, OWNER_KEY } from '../../helpers/api.ts';
import { bytes, download, fileDefinition, publishFileForm, rawUpload, reachable, sha256 } from '../../helpers/files.ts';
import { fixture, uploadImage } from '../../helpers/images.ts';
import { startHttpsReceiver } from '../../helpers/https-receiver.ts';
import { adminQuery, startPostgres } from '../../helpers/postgres.ts';
import { bundlePath, freePort, startServer, tempDataDir, type RunningServer } from '../../helpers/server.ts';
import { FAST_RETRIES, formWithWebhook, waitForLog } from '../../helpers/webhooks.ts';

const db = await startPostgres();
await adminQuery(db, 'CREATE DATABASE copy');
await adminQuery(db, 'CREATE DATABASE other');
const receiver = await startHttpsReceiver();
const dataDir = await tempDataDir();
const filesTo = path.join(await tempDataDir(), 'shared-files');
const port = await freePort();
const publicUrl = `http://127.0.0.1:${port}`;

/** Runs the real bundle's migrate with these arguments. */
const migrate = (...args: string[]) =>
  spawnSync(process.execPath, [bundlePath, 'migrate', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, FORMSTEAD_FILES_DIR: '' },
  });

/** The `v` column of the first row of one statement, run directly on a database. */
async function pgValue(url: string, sql: string): Promise<any> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const v = (await client.query(sql)).rows[0]?.v;
    return typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  } finally {
    await client.end();
  }
}

/** Rows per table of a database, read directly. */
async function tableCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = (
      await client.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1")
    ).rows.map((r) => r.table_name);
    const out: Record<string, number> = {};
    for (const t of tables) out[t] = Number((await client.query(`SELECT count(*) AS n FROM "${t}"`)).rows[0].n);
    return out;
  } finally {
    await client.end();
  }
}

/** The per-table lines of migrate's output: table → [data folder, PostgreSQL, added now]. */
function countLines(stdout: string): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const m of stdout.matchAll(/^ {2}([a-z_]+) +(\d+) +(\d+) +(\d+)$/gm))
    out[m[1]] = [Number(m[2]), Number(m[3]), Number(m[4])];
  return out;
}

/** Name, size and hash of every file in the data folder (the copy must leave it as it was). */
const folderState = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map(
      (e) =>
        `${path.relative(dir, path.join(e.parentPath, e.name))} ${createHash('sha256')
          .update(readFileSync(path.join(e.parentPath, e.name)))
          .digest('hex')}`,
    )
    .sort();

interface World {
  contactId: string;
  fileFormId: string;
  unclaimedId: string;
  fileSha: string;
  /** A picture of the file form (`/i/<id>`): its bytes live in files/images/. */
  imageUrl: string;
  cookie: string;
}

/** Everything a person or program sees of the installation, through REST and the panel. */
async function views(server: RunningServer, w: World) {
  const api = (p: string) => call(server.url, 'GET', p, { key: OWNER_KEY });
  const submissions = async (formId: string) => {
    const all: unknown[] = [];
    for (let cursor = ''; ; ) {
      const page = await api(
        `/v1/forms/${formId}/submissions?limit=2${cursor && `&cursor=${encodeURIComponent(cursor)}`}`,
      );
      assert.is(page.status, 200, page.text);
      all.push(...page.json.submissions);
      if (!page.json.next_cursor) return all;
      cursor = page.json.next_cursor;
    }
  };
  const { client, close } = adminClient(server, w.cookie);
  try {
    return {
      forms: (await api('/v1/forms')).json,
      contactSubmissions: await submissions(w.contactId),
      fileSubmissions: await submissions(w.fileFormId),
      partials: (await api(`/v1/forms/${w.contactId}/submissions?status=partial`)).json,
      webhook: (await api(`/v1/forms/${w.contactId}/webhook?reveal=true`)).json,
      definition: (await call(server.url, 'GET', `/v1/f/${w.contactId}/definition`)).json.definition,
      panelForms: await client.forms.list.query(),
      versions: await client.forms.versions.query({ formId: w.contactId }),
      spam: await client.spam.list.query({ formId: w.contactId }),
      outbox: await client.workspace.outbox.query(),
      members: await client.members.list.query(),
      invites: await client.members.invites.query(),
      draft: await client.drafts.forForm.query({ formId: w.contactId }),
      moderation: await client.moderation.list.query(),
    };
  } finally {
    close();
  }
}

/** The row id of the imported answer quiet for the response mail. */
const QUIET_ROW = 'quiet-row-1';
/** The row ids of a data folder's answers quiet for the response mail. */
async function quietInFolder(dir: string): Promise<string[]> {
  const folder = await readDataFolder(dir, migrations, () => {});
  try {
    return folder.all<{ id: string }>('SELECT import_id AS id FROM submissions WHERE mail_quiet = 1').map((r) => r.id);
  } finally {
    await folder.close();
  }
}
/** The same in PostgreSQL, joined with commas. */
const QUIET_IN_PG = "SELECT string_agg(import_id, ',') AS v FROM submissions WHERE mail_quiet";

let world: World;
let before: Awaited<ReturnType<typeof views>>;

const copy = suite('formstead migrate: an embedded installation into PostgreSQL');

copy(
  'build an installation through the real server; migrating while it runs is refused and writes nothing',
  async () => {
    const env = {
      FORMSTEAD_OWNER_KEY: OWNER_KEY,
      FORMSTEAD_WEBHOOK_ALLOW_PRIVATE: '1',
      NODE_EXTRA_CA_CERTS: receiver.caFile,
      FORMSTEAD_PUBLIC_URL: publicUrl,
      ...FAST_RETRIES,
    };
    const server = await startServer({ dataDir, port, env });
    const cookie = await setupOwner(server);
    const { id: contactId } = await formWithWebhook(server, receiver, '/status/200/contact');
    for (const title of ['Contact us (2)', 'Contact us (3)']) {
      const r = await call(server.url, 'POST', '/v1/forms', {
        key: OWNER_KEY,
        body: { form_id: contactId, definition: contactDefinition({ title }) },
      });
      assert.is(r.status, 201, r.text);
    }
    const patched = await call(server.url, 'PATCH', `/v1/forms/${contactId}`, {
      key: OWNER_KEY,
      body: { notify_mode: 'milestones', success_message: 'Thanks, we read everything.', keep_partial: true },
    });
    assert.is(patched.status, 200, patched.text);
    // A partial answer (keep_partial) travels with the rest.
    const rt = (await call(server.url, 'GET', `/v1/f/${contactId}/definition`)).json.render_token;
    const partial = await call(server.url, 'POST', `/v1/f/${contactId}/partial`, {
      body: { session: 'migrate-session-1', values: { name: 'Left early', topic: 'sales' }, last: 'email', _rt: rt },
    });
    assert.is(partial.status, 204, partial.text);
    const people = ['Ada', 'Grace', 'Hedy', 'Katherine', 'Radia'];
    for (const [i, name] of people.entries()) {
      const headers = i === 0 ? { 'idempotency-key': 'first-one' } : undefined;
      const r = await call(server.url, 'POST', `/v1/f/${contactId}`, {
        headers,
        body: {
          values: {
            name,
            email: `${name.toLowerCase()}@example.com`,
            topic: i % 2 ? 'sales' : 'support',
            message: `Hällo ${'✓'.repeat(i)}`,
          },
        },
      });
      assert.is(r.status, 201, r.text);
    }
    await waitForLog(
      server,
      contactId,
      (log) => log.filter((l) => l.status_code === 200).length === people.length,
      'every delivery made',
    );
    const spam = await call(server.url, 'POST', `/v1/f/${contactId}`, {
      body: { values: { name: 'Bot', email: 'bot@example.com' }, _hp: 'http://spam.example' },
    });
    assert.is(spam.status, 201);

    const fileFormId = await publishFileForm(server.url, fileDefinition());
    const pdf = bytes(50_000);
    const upload = await rawUpload(server.url, fileFormId, 'cv', pdf, 'cv.pdf');
    assert.is(upload.status, 201, upload.text);
    const withFile = await call(server.url, 'POST', `/v1/f/${fileFormId}`, {
      body: { values: { name: 'Ada', cv: upload.json.upload_id } },
    });
    assert.is(withFile.status, 201, withFile.text);
    const image = await uploadImage(server.url, fileFormId, fixture('jpg'));
    assert.is(image.status, 201, image.text);
    // An imported answer (no notify) is quiet for the response mail: its mark travels with it.
    const importedForm = await call(server.url, 'POST', '/v1/forms', {
      key: OWNER_KEY,
      body: { definition: contactDefinition({ title: 'Imported' }) },
    });
    const imported = await call(server.url, 'POST', `/v1/forms/${importedForm.json.form_id}/submissions/import`, {
      key: OWNER_KEY,
      rawBody: `${JSON.stringify({ id: QUIET_ROW, values: { name: 'Old', email: 'old@example.com' } })}\n`,
      headers: { 'content-type': 'application/x-ndjson' },
    });
    assert.is(imported.json?.imported, 1, imported.text);

    // The newest answer of all deleted: SQLite's AUTOINCREMENT never hands its number out again; nor may PostgreSQL.
    const gone = await call(server.url, 'POST', `/v1/f/${contactId}`, {
      body: { values: { name: 'Gone', email: 'gone@example.com' } },
    });
    assert.is(
      (await call(server.url, 'DELETE', `/v1/forms/${contactId}/submissions/${gone.json.id}`, { key: OWNER_KEY }))
        .status,
      204,
    );

    const unclaimed = await call(server.url, 'POST', '/v1/forms', {
      body: { definition: contactDefinition({ title: 'Unclaimed' }) },
    });
    assert.is(unclaimed.status, 201, unclaimed.text);
    const unclaimedId = unclaimed.json.form_id as string;
    const reportPage = await call(server.url, 'GET', `/f/${unclaimedId}/report`);
    const token = /name="token" value="([^"]+)"/.exec(reportPage.text)![1];
    const reported = await call(server.url, 'POST', `/f/${unclaimedId}/report`, {
      rawBody: `token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.is(reported.status, 200, reported.text);

    const { client, close } = adminClient(server, cookie);
    try {
      await client.drafts.save.mutate({
        formId: contactId,
        text: JSON.stringify(contactDefinition({ title: 'Contact us (draft)' })),
      });
      await client.members.invite.mutate({ role: 'viewer' });
      // The milestone mail of the first answer goes to the outbox (no SMTP server here).
      for (let i = 0; (await client.workspace.outbox.query()).mails.length === 0; i++) {
        if (i > 200) assert.unreachable('no mail in the outbox');
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      close();
    }
    world = { contactId, fileFormId, unclaimedId, fileSha: sha256(pdf), imageUrl: image.json.url, cookie };
    before = await views(server, world);
    assert.is(before.contactSubmissions.length, people.length);
    assert.is(before.versions.versions.length, 3);
    assert.is(before.spam.items.length, 1);
    assert.ok(before.invites.length === 1 && before.draft, 'an invite and a draft');

    const refused = migrate('--data', dataDir, '--to', db.url('copy'), '--files-dir', filesTo);
    assert.is(refused.status, 1, refused.stdout + refused.stderr);
    assert.match(
      refused.stderr.trim(),
      new RegExp(
        /^formstead: \S+ is in use by a running Formstead: stop the server first /.source +
          /\(answers that arrive during the copy would not be copied\), /.source +
          /then run this again$/.source,
      ),
    );
    assert.is(refused.stdout, '');
    assert.equal(await tableCounts(db.url('copy')), {}, 'nothing written to the database');
    assert.not.ok(existsSync(filesTo), 'no files copied');
    assert.is(await server.stop(), 0);
  },
);

copy(
  'stopped: migrate copies every table and file, checks the counts and says how to start on PostgreSQL; the ' +
    'data folder is left as it was',
  async () => {
    const folder = folderState(dataDir);
    const r = migrate('--data', dataDir, '--to', db.url('copy'), '--files-dir', filesTo);
    assert.is(r.status, 0, r.stdout + r.stderr);
    const counts = countLines(r.stdout);
    for (const table of [
      'meta',
      'workspaces',
      'users',
      'memberships',
      'sessions',
      'api_keys',
      'invites',
      'forms',
      'form_versions',
      'submissions',
      'usage',
      'idempotency',
      'webhook_deliveries',
      'webhook_attempts',
      'outbox',
      'abuse_reports',
      'drafts',
      'spam_submissions',
      'files',
    ]) {
      const [source, target, added] = counts[table] ?? assert.unreachable(`no line for ${table}:\n${r.stdout}`);
      assert.ok(source > 0, `${table} has rows in the built installation`);
      assert.ok(source === target && target === added, `${table}: ${counts[table]}`);
    }
    const inDb = await tableCounts(db.url('copy'));
    for (const [table, [source]] of Object.entries(counts))
      assert.is(inDb[table], source, `${table} rows in PostgreSQL`);
    assert.match(
      r.stdout,
      /^Files: 2 copied from \S+ to \S+shared-files, 0 already there \(2 named by the database\)\.$/m,
    );
    assert.ok(
      r.stdout
        .trimEnd()
        .endsWith(`  FORMSTEAD_DATABASE_URL=${db.url('copy')} FORMSTEAD_FILES_DIR=${filesTo} formstead`),
      r.stdout,
    );
    assert.equal(folderState(dataDir), folder, 'the data folder is unchanged (and its lock released)');
    // Submission numbers continue after the highest SQLite handed out, the deleted newest one included.
    const source = await readDataFolder(dataDir, migrations, () => {});
    const used = source.all<{ seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'submissions'")[0].seq;
    const kept = source.all<{ max: number }>('SELECT max(seq) AS max FROM submissions')[0].max;
    await source.close();
    assert.ok(used > kept, `the deleted answer had the highest number (${used} > ${kept})`);
    assert.is(await pgValue(db.url('copy'), 'SELECT last_value AS v FROM submissions_seq_seq'), used);
    assert.equal(await quietInFolder(dataDir), [QUIET_ROW]);
    assert.is(await pgValue(db.url('copy'), QUIET_IN_PG), QUIET_ROW, 'the quiet mark came along, and only there');
  },
);

copy('a rerun adds nothing and counts the same', async () => {
  const inDb = await tableCounts(db.url('copy'));
  const r = migrate('--data', dataDir, '--to', db.url('copy'), '--files-dir', filesTo);
  assert.is(r.status, 0, r.stdout + r.stderr);
  for (const [table, [source, target, added]] of Object.entries(countLines(r.stdout))) {
    assert.is(added, 0, `${table}: nothing added`);
    assert.is(target, source, table);
  }
  assert.match(r.stdout, /^Files: 0 copied .*, 2 already there/m);
  assert.match(r.stdout, /this run added 0 rows/);
  assert.equal(await tableCounts(db.url('copy')), inDb);
  // Without --files-dir the files stay where the embedded server kept them, and the start line says so.
  const inPlace = migrate('--data', dataDir, '--to', db.url('copy'));
  assert.is(inPlace.status, 0, inPlace.stdout + inPlace.stderr);
  const kept = path.join(dataDir, 'files');
  assert.match(
    inPlace.stdout,
    new RegExp(`^Files: 2 named by the database, kept where they are in ${kept} \\(use --files-dir DIR`, 'm'),
  );
  assert.ok(inPlace.stdout.trimEnd().endsWith(`FORMSTEAD_FILES_DIR=${kept} formstead`), inPlace.stdout);
  assert.equal(await tableCounts(db.url('copy')), inDb);
});

copy(
  'a bundle on the copy answers as the embedded one did: forms, versions, submissions in order, settings, ' +
    'files, key, session, password',
  async () => {
    // No FORMSTEAD_OWNER_KEY: the key that works is the copied one.
    const server = await startServer({
      dataDir: await tempDataDir(),
      port,
      env: { FORMSTEAD_DATABASE_URL: db.url('copy'), FORMSTEAD_FILES_DIR: filesTo, FORMSTEAD_PUBLIC_URL: publicUrl },
    });
    try {
      assert.not.match(server.output(), /Create the owner account/, 'the copied owner can sign in: no setup link');
      const after = await views(server, world);
      assert.equal(after, before);
      const file = (after.fileSubmissions[0] as any).values.cv;
      const got = await download(reachable(file.url, server.url));
      assert.is(got.status, 200);
      assert.is(sha256(got.body), world.fileSha);
      // The form's picture was copied into the shared folder's images/ and is served from there.
      const picture = await fetch(server.url + world.imageUrl);
      assert.is(picture.status, 200);
      assert.ok(Buffer.from(await picture.arrayBuffer()).equals(fixture('jpg')), 'the picture came along');
      const login = await call(server.url, 'POST', '/admin/login', {
        rawBody: new URLSearchParams({ email: 'owner@example.com', password: OWNER_PASSWORD }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.is(login.status, 303, login.text);
      // New rows take numbers after the copied ones (the sequences were moved): the newest answer is last.
      const next = await call(server.url, 'POST', `/v1/f/${world.contactId}`, {
        body: { values: { name: 'New', email: 'new@example.com' } },
      });
      assert.is(next.status, 201, next.text);
      const list = await call(server.url, 'GET', `/v1/forms/${world.contactId}/submissions?limit=100`, {
        key: OWNER_KEY,
      });
      assert.equal(
        list.json.submissions.map((s: any) => s.id),
        [next.json.id, ...before.contactSubmissions.map((s: any) => s.id)],
        'newest first: the new answer, then the copied ones in their order',
      );
      assert.ok(
        (await pgValue(db.url('copy'), `SELECT seq AS v FROM submissions WHERE id = '${next.json.id}'`)) >
          (await pgValue(db.url('copy'), `SELECT max(seq) AS v FROM submissions WHERE id <> '${next.json.id}'`)) + 1,
        'a number after the deleted one',
      );
      const spam = await call(server.url, 'POST', `/v1/f/${world.contactId}`, {
        body: { values: { name: 'Bot 2', email: 'bot@example.com' }, _hp: 'x' },
      });
      assert.is(spam.status, 201);
    } finally {
      assert.is(await server.stop(), 0);
    }
  },
);

copy(
  'once a server has run on the copy, a rerun is refused with one line and writes nothing (it would bring ' +
    'back what was deleted there)',
  async () => {
    // The bundle of the test before ran on the copy and took a new answer; one of the copied answers is deleted there
    // now.
    const deleted = (before.contactSubmissions[0] as { id: string }).id;
    const server = await startServer({
      dataDir: await tempDataDir(),
      port,
      env: { FORMSTEAD_DATABASE_URL: db.url('copy'), FORMSTEAD_FILES_DIR: filesTo, FORMSTEAD_PUBLIC_URL: publicUrl },
    });
    try {
      const gone = await call(server.url, 'DELETE', `/v1/forms/${world.contactId}/submissions/${deleted}`, {
        key: OWNER_KEY,
      });
      assert.is(gone.status, 204, gone.text);
    } finally {
      assert.is(await server.stop(), 0);
    }
    const since = await pgValue(db.url('copy'), "SELECT value AS v FROM meta WHERE key = 'postgres_served_since'");
    assert.ok(!Number.isNaN(Date.parse(since)), `the first start left its mark (${since})`);
    const counts = await tableCounts(db.url('copy'));
    const r = migrate('--data', dataDir, '--to', db.url('copy'), '--files-dir', filesTo);
    assert.is(r.status, 1, r.stdout + r.stderr);
    assert.is(r.stdout, '');
    assert.is(
      r.stderr.trim(),
      `formstead: --to: ${new URL(db.url('copy')).host}/copy: a Formstead server has run on this copy since ` +
        `${since}; a rerun is refused, since it cannot tell what was deleted there from what is not yet ` +
        `copied and would bring deleted answers and forms back; nothing was written (the first run checked ` +
        `that everything arrived)`,
    );
    assert.equal(await tableCounts(db.url('copy')), counts);
    assert.is(
      await pgValue(db.url('copy'), `SELECT count(*)::int AS v FROM submissions WHERE id = '${deleted}'`),
      0,
      'the deleted answer stays deleted',
    );
  },
);

copy(
  'a file the database names is missing, or a row does not arrive: the table is printed, one line says what, exit 1',
  async () => {
    const broken = await tempDataDir();
    cpSync(dataDir, broken, { recursive: true });
    // The upload and the picture (files/images/) both go.
    for (const name of readdirSync(path.join(broken, 'files')))
      rmSync(path.join(broken, 'files', name), { recursive: true });
    await adminQuery(db, 'CREATE DATABASE partial');
    const target = path.join(await tempDataDir(), 'files');
    const first = migrate('--data', broken, '--to', db.url('partial'), '--files-dir', target);
    assert.is(first.status, 1, first.stdout + first.stderr);
    assert.match(first.stdout, /^ {2}submissions +7 +7 +7$/m, 'the rows were copied and counted');
    assert.match(
      first.stderr.trim(),
      new RegExp(
        /^formstead: the copy is incomplete \(2 file\(s\) not in \S+ with their recorded size, /.source +
          /e.g. [0-9a-f-]{36}\); nothing was deleted, /.source +
          /run it again once the cause is fixed$/.source,
      ),
    );
    // A row PostgreSQL already holds under another id with the same unique key is not copied: named.
    const agent = await pgValue(db.url('partial'), "SELECT id AS v FROM api_keys WHERE kind = 'agent'");
    await pgValue(db.url('partial'), `UPDATE api_keys SET id = 'replaced' WHERE id = '${agent}' RETURNING id AS v`);
    const again = migrate('--data', broken, '--to', db.url('partial'), '--files-dir', target);
    assert.is(again.status, 1);
    assert.match(again.stdout, /^ {2}api_keys +2 +2 +0$/m);
    assert.match(
      again.stderr.trim(),
      new RegExp(
        `^formstead: the copy is incomplete \\(api_keys: 1 row\\(s\\) missing, e.g. id ${agent}; 2 file\\(s\\) not in`,
      ),
    );
    // A row that is there by its key but holds other values: the table's checksum says so.
    await pgValue(
      db.url('partial'),
      "UPDATE submissions SET data = '{}' WHERE seq = (SELECT min(seq) FROM submissions) RETURNING seq AS v",
    );
    const changed = migrate('--data', broken, '--to', db.url('partial'), '--files-dir', target);
    assert.is(changed.status, 1);
    assert.match(
      changed.stderr.trim(),
      /\(api_keys: 1 row\(s\) missing, e\.g\. id \S+; submissions: the checksums differ;/,
    );
  },
);

copy('a database holding another installation is refused with one line and left unchanged', async () => {
  const other = await startServer({
    env: { FORMSTEAD_DATABASE_URL: db.url('other'), FORMSTEAD_FILES_DIR: await tempDataDir() },
  });
  assert.is(await other.stop(), 0);
  const counts = await tableCounts(db.url('other'));
  const target = path.join(await tempDataDir(), 'files-for-other');
  const r = migrate('--data', dataDir, '--to', db.url('other'), '--files-dir', target);
  assert.is(r.status, 1, r.stdout + r.stderr);
  assert.match(
    r.stderr.trim(),
    new RegExp(
      /^formstead: --to: 127\.0\.0\.1:\d+\/other: the database already holds another Formstead installation /.source +
        /\(its instance secret is not this data folder's\); nothing was written: /.source +
        /copy into a new, empty database$/.source,
    ),
  );
  assert.is(r.stdout, '');
  assert.equal(await tableCounts(db.url('other')), counts);
  assert.not.ok(existsSync(target), 'no files copied either');
});

copy('bad or missing flags, and a database that cannot be reached or does not exist: one line', async () => {
  const rows: [string[], number, RegExp][] = [
    [
      ['--data', dataDir],
      2,
      /^formstead: --to: needs the PostgreSQL database to copy into \(postgres:\/\/user:password@host:5432\/db\)$/,
    ],
    [
      ['--data', dataDir, '--to', 'mysql://x@localhost/db'],
      2,
      /^formstead: --to: must start with postgres:\/\/ or postgresql:\/\/$/,
    ],
    [
      ['--data', dataDir, '--to', 'not a url'],
      2,
      /^formstead: --to: expected a URL like postgres:\/\/user:password@host:5432\/formstead$/,
    ],
    [['--data', dataDir, '--to'], 2, /^formstead: --to: needs a value$/],
    [
      ['--data', dataDir, '--to', db.url('copy'), '--colour'],
      2,
      /^formstead: --colour: unknown option \(known: --data, --to, --files-dir; see --help\)$/,
    ],
    [['--to', db.url('copy')], 2, /^formstead: --data: needs the data folder to copy$/],
    [
      ['--data', path.join(dataDir, 'nope'), '--to', db.url('copy')],
      2,
      /^formstead: --data: \S+nope is not a Formstead data folder$/,
    ],
    [
      ['--data', dataDir, '--to', 'postgres://postgres@127.0.0.1:1/formstead'],
      1,
      new RegExp(
        /^formstead: --to: PostgreSQL at 127\.0\.0\.1:1\/formstead cannot be reached /.source +
          /\(ECONNREFUSED\); nothing was copied$/.source,
      ),
    ],
    [
      ['--data', dataDir, '--to', db.url('nosuchdb')],
      1,
      /^formstead: --to: PostgreSQL at 127\.0\.0\.1:\d+\/nosuchdb answered: database "nosuchdb" does not exist$/,
    ],
  ];
  for (const [args, status, line] of rows) {
    const r = spawnSync(process.execPath, [bundlePath, 'migrate', ...args], {
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, FORMSTEAD_DATA: '' },
    });
    assert.is(r.status, status, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr.trim(), line, args.join(' '));
  }
});

copy(
  'and back: --to-folder copies the served PostgreSQL installation into a new data folder, every table and ' +
    'file checked; a bundle on the folder answers as the PostgreSQL one did',
  async () => {
    const pgEnv = {
      FORMSTEAD_DATABASE_URL: db.url('copy'),
      FORMSTEAD_FILES_DIR: filesTo,
      FORMSTEAD_PUBLIC_URL: publicUrl,
    };
    const onPg = await startServer({ dataDir: await tempDataDir(), port, env: pgEnv });
    let expected: Awaited<ReturnType<typeof views>>;
    try {
      // An answer on PostgreSQL leaves its count in form_counts until folded: the copy must add it in.
      const r = await call(onPg.url, 'POST', `/v1/f/${world.contactId}`, {
        body: { values: { name: 'Lise', email: 'lise@example.com' } },
      });
      assert.is(r.status, 201, r.text);
      expected = await views(onPg, world);
    } finally {
      assert.is(await onPg.stop(), 0);
    }
    const folder = path.join(await tempDataDir(), 'back');
    const r = migrate('--to-folder', folder, '--from', db.url('copy'), '--files-from', filesTo);
    assert.is(r.status, 0, r.stdout + r.stderr);
    const tables = [...r.stdout.matchAll(/^ {2}([a-z_]+) +(\d+) +(\d+) +([0-9a-f]{12})$/gm)];
    assert.ok(tables.length >= 19, r.stdout);
    for (const [, table, pgRows, folderRows] of tables) assert.is(folderRows, pgRows, table);
    assert.match(r.stdout, /^Everything arrived: \d+ rows in \d+ tables and 1 file\(s\), each table's checksum/m);
    assert.ok(r.stdout.trimEnd().endsWith(`formstead --data ${folder}`), r.stdout);
    assert.equal(await quietInFolder(folder), [QUIET_ROW], 'the quiet mark came back');

    const onFolder = await startServer({ dataDir: folder, port, env: { FORMSTEAD_PUBLIC_URL: publicUrl } });
    try {
      assert.not.match(onFolder.output(), /Create the owner account/, 'the copied owner can sign in');
      const after = await views(onFolder, world);
      assert.equal(after, expected);
      const file = (after.fileSubmissions[0] as any).values.cv;
      const got = await download(reachable(file.url, onFolder.url));
      assert.is(got.status, 200);
      assert.is(sha256(got.body), world.fileSha);
      // Numbers continue after the copied ones: the newest answer is listed first, after every copied one.
      const next = await call(onFolder.url, 'POST', `/v1/f/${world.contactId}`, {
        body: { values: { name: 'After', email: 'after@example.com' } },
      });
      assert.is(next.status, 201, next.text);
      const list = await call(onFolder.url, 'GET', `/v1/forms/${world.contactId}/submissions?limit=100`, {
        key: OWNER_KEY,
      });
      const names = list.json.submissions.map((s: any) => s.values.name);
      assert.is(names.length, expected.contactSubmissions.length + 1);
      assert.ok(names.includes('After') && names.includes('Lise'), names.join(', '));
    } finally {
      assert.is(await onFolder.stop(), 0);
    }
    const again = migrate('--to-folder', folder, '--from', db.url('copy'), '--files-from', filesTo);
    assert.not.equal(again.status, 0);
    assert.match(again.stderr.trim(), /^formstead: --to-folder: \S+ is not empty; name a new folder$/);
  },
);

copy.after(async () => {
  await receiver.close();
  await db.stop();
});

copy.run();
