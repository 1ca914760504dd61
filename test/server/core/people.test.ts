// Find a person over both stores (sql.js and a real PostgreSQL): the search finds every answer holding
// an address (any case, spaces around it, inside a list, inside longer text) and no near miss; the
// download says what is held; erasing removes the answers, their files (rows and bytes), held mail,
// delivery log lines and payloads, suspected spam and replays, and nothing of anyone else.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../../server/config.ts';
import { instanceSecret } from '../../../server/core/bootstrap.ts';
import { newId } from '../../../server/core/ids.ts';
import type { UserPrincipal } from '../../../server/core/principal.ts';
import { createServices, type Services } from '../../../server/core/services.ts';
import { openPgStore } from '../../../server/core/store/pg/index.ts';
import { openSqlJsStore } from '../../../server/core/store/sqljs/index.ts';
import type { Store } from '../../../server/core/store/types.ts';
import { contactDefinition } from '../../helpers/api.ts';
import { fileDefinition } from '../../helpers/files.ts';
import { startPostgres, type PgServer } from '../../helpers/postgres.ts';
import { tempDataDir } from '../../helpers/server.ts';

interface World {
  store: Store;
  services: Services;
  dataDir: string;
  ws: string;
  owner: UserPrincipal;
  /** The services' log lines. */
  log: string[];
}

let server: PgServer | undefined;
let databases = 0;

/** A fresh store of the backend with the services over it, a workspace and its owner (principal only). */
async function world(backend: 'sqljs' | 'pg'): Promise<World> {
  const dataDir = await tempDataDir();
  let store: Store;
  if (backend === 'sqljs') store = await openSqlJsStore(dataDir);
  else {
    server ??= await startPostgres();
    const name = `people_${++databases}`;
    const admin = new pg.Client({ connectionString: server.url() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    store = await openPgStore(server.url(name));
  }
  const log: string[] = [];
  const services = createServices(
    store,
    loadConfig([], { FORMSTEAD_DATA: dataDir }),
    await instanceSecret(store),
    (line) => log.push(line),
  );
  await services.files.init();
  const ws = newId();
  await store.workspaces.create({ id: ws, name: 'Main', createdAt: new Date().toISOString() });
  return {
    store,
    services,
    dataDir,
    ws,
    owner: { kind: 'user', userId: newId(), workspaceId: ws, role: 'owner' },
    log,
  };
}

const close = async (w: World) => {
  await w.services.responseMail.stop();
  await w.store.close();
};

/** Publishes in the world's workspace (or `ws`); answers the form record. */
async function publish(w: World, definition: object, ws = w.ws) {
  const { form_id } = await w.services.forms.publish({ ...w.owner, workspaceId: ws }, { definition });
  return (await w.store.forms.byId(form_id))!;
}

/** Submits like a person; answers the new id. */
async function answer(w: World, formId: string, values: Record<string, unknown>, idempotencyKey?: string) {
  const r = await w.services.submissions.submit({ formId, values, formPost: false, bodyHash: 'h', idempotencyKey });
  return r.body.id;
}

/** An upload `<name>.pdf` holding the bytes of `name` for field `cv` of a form; answers its id. */
async function upload(w: World, formId: string, name: string) {
  const target = await w.services.files.target(formId, 'cv');
  return (await w.services.files.receive(target, Readable.from([Buffer.from(name)]), `${name}.pdf`, 'application/pdf'))
    .id;
}

/** A delivery log line of a submission (no worker runs here: lines are recorded as the worker would). */
async function logLine(w: World, formId: string, submissionId: string, attempt: number) {
  const { deliveries } = await w.store.webhooks.forSubmission(formId, submissionId);
  await w.store.webhooks.recordAttempt({
    deliveryId: deliveries[0].id,
    attempt: {
      formId,
      submissionId,
      attempt,
      statusCode: 500,
      error: 'HTTP 500',
      durationMs: 3,
      createdAt: new Date(Date.now() + attempt).toISOString(),
    },
    next: { state: 'pending', nextAttemptAt: new Date(Date.now() + 3600_000).toISOString() },
    logSize: 100,
    failureMail: { after: 99, notSince: new Date(0).toISOString() },
  });
}

/** Held mail showing answers of a form, as the Mailer keeps it without an SMTP server. */
async function heldMail(w: World, formId: string, submissionIds: string[]) {
  await w.store.outbox.add({
    id: newId(),
    recipients: ['owner@example.com'],
    subject: `New response (${submissionIds.length})`,
    body: 'answers',
    createdAt: new Date().toISOString(),
    error: null,
    formId,
    submissionIds,
  });
}

const multiDefinition = fileDefinition([
  { key: 'cv', type: 'file', label: 'CV', accept: '.pdf' },
  { key: 'email', type: 'email', label: 'Your email' },
  {
    key: 'copies',
    type: 'multiselect',
    label: 'Send copies to',
    options: [
      { value: 'ada@example.com', label: 'Ada' },
      { value: 'team@example.com', label: 'The team' },
    ],
  },
]);

/** Ada's answers, other people's and near misses in two forms, one form of another workspace. */
async function scene(w: World) {
  const contact = await publish(w, contactDefinition());
  await w.store.forms.update(contact.id, {
    webhookUrl: 'https://hooks.example.com/in',
    webhookSecret: `whsec_${'b'.repeat(64)}`,
  });
  const files = await publish(w, multiDefinition);
  const elsewhere = await publish(w, contactDefinition(), await otherWorkspace(w));
  const ada = {
    exact: await answer(w, contact.id, { name: '  ADA@example.com ', email: 'Ada@Example.COM' }, 'ada-key'),
    inside: await answer(w, contact.id, { name: 'A.', email: 'a@b.org', message: 'Also write to ada@example.com.' }),
    withFile: await answer(w, files.id, { name: 'Ada', email: 'ada@example.com', cv: await upload(w, files.id, 'a') }),
    inList: await answer(w, files.id, { name: 'Carol', copies: ['team@example.com', 'ada@example.com'] }),
  };
  const others = {
    bob: await answer(w, contact.id, { name: 'Bob', email: 'bob@example.com', message: 'ada@example.co' }),
    nearMisses: await answer(w, contact.id, {
      name: 'Near',
      email: 'xada@example.com',
      message: 'ada@example.com.au and ada@example.community and ada@example.co',
    }),
    bobFile: await answer(w, files.id, { name: 'Bob', email: 'bob@example.com', cv: await upload(w, files.id, 'b') }),
    elsewhere: await answer(w, elsewhere.id, { name: 'Ada', email: 'ada@example.com' }),
  };
  const spamUpload = await upload(w, files.id, 'spam');
  await w.services.submissions.submit({
    formId: files.id,
    values: { name: 'Ada', email: 'ADA@example.com', cv: spamUpload },
    formPost: true,
    honeypot: 'filled',
    bodyHash: '',
  });
  await w.services.submissions.submit({
    formId: files.id,
    values: { name: 'Bot', email: 'bot@example.com' },
    formPost: true,
    honeypot: 'filled',
    bodyHash: '',
  });
  for (const n of [1, 2, 3]) await logLine(w, contact.id, ada.exact, n);
  await logLine(w, contact.id, ada.inside, 1);
  await logLine(w, contact.id, others.bob, 1);
  await heldMail(w, contact.id, [ada.exact]);
  await heldMail(w, contact.id, [others.bob, ada.inside]); // a digest holding Ada's answer: it goes whole
  await heldMail(w, contact.id, [others.bob]);
  return { contact, files, elsewhere, ada, others, spamUpload };
}

async function otherWorkspace(w: World) {
  const id = newId();
  await w.store.workspaces.create({ id, name: 'Other', createdAt: new Date().toISOString() });
  return id;
}

const onDisk = async (w: World) => (await readdir(path.join(w.dataDir, 'files'))).filter((n) => !n.startsWith('.'));

for (const backend of ['sqljs', 'pg'] as const) {
  const people = suite(`find a person (${backend})`);

  people('the search finds every answer holding the address, in any case, and no near miss', async () => {
    const w = await world(backend);
    try {
      const s = await scene(w);
      const found = await w.services.people.search(w.ws, ' ADA@example.com ');
      assert.is(found.email, 'ada@example.com');
      // What a default erase takes: her own answers (an email field is her address) and the caught post.
      assert.equal(found.counts, {
        answers: 2,
        forms: 2,
        spam: 1,
        partial_answers: 0,
        files: 2, // the answer's file and the upload the caught post named
        waiting_mail: 1,
        log_lines: 3,
        pending_deliveries: 1,
      });
      assert.is(found.mentions, 2, "two other people's answers only mention her address");
      assert.equal(found.counts_with_mentions, {
        answers: 4,
        forms: 2,
        spam: 1,
        partial_answers: 0,
        files: 2,
        waiting_mail: 2,
        log_lines: 4,
        pending_deliveries: 2,
      });
      const own = found.forms.flatMap((f) => f.answers.filter((a) => a.own).map((a) => a.id)).sort();
      assert.equal(own, [s.ada.exact, s.ada.withFile].sort());
      const ids = found.forms.flatMap((f) => f.answers.map((a) => a.id)).sort();
      assert.equal(ids, Object.values(s.ada).sort());
      const contact = found.forms.find((f) => f.form_id === s.contact.id)!;
      assert.is(contact.title, 'Contact us');
      assert.equal(
        contact.answers.map((a) => a.found_in),
        [['Name', 'Email'], ['Message (in a longer answer)']],
      );
      const files = found.forms.find((f) => f.form_id === s.files.id)!;
      assert.equal(
        files.answers.map((a) => a.found_in),
        [['Your email'], ['Send copies to']],
      );
      assert.ok(files.answers[0].lines.includes('CV: a.pdf (1 bytes)'), files.answers[0].lines.join(' | '));
      assert.equal(
        files.spam.map((p) => p.found_in),
        [['Your email']],
      );
      const none = await w.services.people.search(w.ws, 'da@example.com');
      assert.equal([none.counts.answers, none.counts.spam], [0, 0], 'the end of an address is not an address');
      const co = await w.services.people.search(w.ws, 'ada@example.co');
      assert.equal(
        co.forms.flatMap((f) => f.answers.map((a) => a.id)).sort(),
        [s.others.bob, s.others.nearMisses].sort(),
        'only where ada@example.co stands whole, not inside ada@example.com or ada@example.community',
      );
      assert.is((await w.services.people.search(await otherWorkspace(w), 'ada@example.com')).forms.length, 0);
    } finally {
      await close(w);
    }
  });

  people('the download lists answers with labels, file names and what else is held', async () => {
    const w = await world(backend);
    try {
      const s = await scene(w);
      const doc = JSON.parse(JSON.stringify(await w.services.people.export(w.ws, 'ada@example.com')));
      assert.is(doc.email, 'ada@example.com');
      const files = doc.forms.find((f: { form_id: string }) => f.form_id === s.files.id);
      const withFile = files.answers.find((a: { id: string }) => a.id === s.ada.withFile);
      assert.equal(
        withFile.files.map((f: { name: string }) => f.name),
        ['a.pdf'],
      );
      assert.equal(
        withFile.fields.find((f: { key: string }) => f.key === 'cv').value,
        { name: 'a.pdf', size: 1, type: 'application/pdf' },
        'a file by name, size and type, without its link',
      );
      const inList = files.answers.find((a: { id: string }) => a.id === s.ada.inList);
      assert.equal(
        inList.fields.find((f: { key: string }) => f.key === 'copies'),
        {
          key: 'copies',
          label: 'Send copies to',
          value: ['team@example.com', 'ada@example.com'],
          text: 'The team; Ada',
        },
      );
      assert.is(files.suspected_spam[0].caught_because, 'Filled the hidden field only bots see');
      assert.is(doc.also_held.waiting_mail.length, 2);
      assert.is(doc.also_held.delivery_log_lines, 4);
      assert.match(doc.also_held.note, /backups/);
    } finally {
      await close(w);
    }
  });

  people('erase removes the person and everything with them; everyone else stays', async () => {
    const w = await world(backend);
    try {
      const s = await scene(w);
      const before = await w.services.people.search(w.ws, 'ada@example.com');
      const count = async (id: string) => (await w.store.forms.byId(id))!.submissionCount;
      assert.equal([await count(s.contact.id), await count(s.files.id)], [4, 3]);
      const adaFile = (await w.store.files.idsOfSubmissions([s.ada.withFile]))[0];
      const bobFile = (await w.store.files.idsOfSubmissions([s.others.bobFile]))[0];
      assert.ok((await onDisk(w)).includes(adaFile));
      const adaDelivery = (await w.store.webhooks.forSubmission(s.contact.id, s.ada.exact)).deliveries[0];

      const result = await w.services.people.erase(w.ws, 'Ada@example.com', 'erase');
      assert.equal(result.erased, before.counts_with_mentions, 'erased what the confirmation said');
      assert.is(result.mentions_kept, 0);
      assert.equal(result.remaining, {
        answers: 0,
        forms: 0,
        spam: 0,
        partial_answers: 0,
        files: 0,
        waiting_mail: 0,
        log_lines: 0,
        pending_deliveries: 0,
      });

      for (const [formId, id] of [
        [s.contact.id, s.ada.exact],
        [s.contact.id, s.ada.inside],
        [s.files.id, s.ada.withFile],
        [s.files.id, s.ada.inList],
      ])
        assert.is(await w.store.submissions.byId(formId, id), undefined);
      for (const [formId, id] of [
        [s.contact.id, s.others.bob],
        [s.contact.id, s.others.nearMisses],
        [s.files.id, s.others.bobFile],
        [s.elsewhere.id, s.others.elsewhere],
      ])
        assert.ok(await w.store.submissions.byId(formId, id), `${id} stays`);
      assert.equal([await count(s.contact.id), await count(s.files.id), await count(s.elsewhere.id)], [2, 1, 1]);

      const disk = await onDisk(w);
      assert.not.ok(disk.includes(adaFile), "the answer's file is gone from the disk");
      assert.not.ok(disk.includes(s.spamUpload), "the caught post's upload too");
      assert.is(await w.store.files.byId(adaFile), undefined);
      assert.is(await w.store.files.byId(s.spamUpload), undefined);
      assert.ok(disk.includes(bobFile), "Bob's file stays");
      assert.ok(await w.store.files.byId(bobFile));

      const mail = await w.store.outbox.list(10);
      assert.equal(
        mail.map((m) => m.submissionIds),
        [[s.others.bob]],
        "only the mail showing Bob's answer alone is left",
      );
      assert.equal(
        (await w.store.webhooks.attempts(s.contact.id, 10)).map((a) => a.submissionId),
        [s.others.bob],
      );
      const cancelled = (await w.store.webhooks.byId(adaDelivery.id))!;
      assert.equal([cancelled.state, cancelled.payload], ['cancelled', '']);
      const bobs = (await w.store.webhooks.forSubmission(s.contact.id, s.others.bob)).deliveries[0];
      assert.is(bobs.state, 'pending');
      assert.is(await w.store.idempotency.get(s.contact.id, 'ada-key'), undefined, 'no replay of her answer');
      assert.equal(
        (await w.store.spam.list(s.files.id, 10)).map((p) => p.values.email),
        ['bot@example.com'],
      );
      const again = await w.services.people.erase(w.ws, 'ada@example.com');
      assert.is(again.erased.answers, 0, 'a second erase finds nothing');
    } finally {
      await close(w);
    }
  });

  people("a default erase takes her own answers and keeps other people's that only mention her", async () => {
    const w = await world(backend);
    try {
      const s = await scene(w);
      const before = await w.services.people.search(w.ws, 'ada@example.com');
      const result = await w.services.people.erase(w.ws, 'ada@example.com');
      assert.equal(result.erased, before.counts, 'erased what the default confirmation said');
      assert.is(result.mentions_kept, 2);
      assert.is(result.remaining.answers, 0, 'none of her own answers is left');
      assert.is(await w.store.submissions.byId(s.contact.id, s.ada.exact), undefined);
      assert.is(await w.store.submissions.byId(s.files.id, s.ada.withFile), undefined);
      assert.ok(await w.store.submissions.byId(s.contact.id, s.ada.inside), "A.'s answer mentioning her stays");
      assert.ok(await w.store.submissions.byId(s.files.id, s.ada.inList), "Carol's answer listing her stays");
      const after = await w.services.people.search(w.ws, 'ada@example.com');
      assert.equal([after.counts.answers, after.mentions], [0, 2]);
      assert.ok(after.forms.every((f) => f.answers.every((a) => !a.own)));
    } finally {
      await close(w);
    }
  });

  people('search, download and erase are logged: who and how many, the address only as a hash', async () => {
    const w = await world(backend);
    try {
      await scene(w);
      await w.services.people.search(w.ws, 'ada@example.com', 'user u1');
      await w.services.people.export(w.ws, 'Ada@Example.com', 'user u1');
      await w.services.people.erase(w.ws, 'ada@example.com', 'keep', 'user u2');
      const lines = w.log.filter((l) => l.startsWith('people: '));
      assert.is(lines.length, 3, lines.join('\n'));
      assert.match(lines[0], /^people: search by user u1 for address #[\w-]{16}: 2 own answers, 2 mentions, 1 spam$/);
      assert.match(lines[1], /^people: export by user u1 for address #[\w-]{16}: 4 answers \(2 mentions\)$/);
      assert.match(
        lines[2],
        /^people: erase by user u2 for address #[\w-]{16}: erased 2 answers, 1 spam, 2 files; 2 mentions kept$/,
      );
      const hashes = new Set(lines.map((l) => /#([\w-]+)/.exec(l)![1]));
      assert.is(hashes.size, 1, 'the same address, the same hash, in any case');
      assert.not.ok(
        w.log.some((l) => /ada@example\.com/i.test(l)),
        'the address never in clear',
      );
    } finally {
      await close(w);
    }
  });

  people.run();
}

const teardown = suite('postgres test server');
teardown('stops, and its folder is gone', async () => {
  await server!.stop();
  assert.not.ok(existsSync(server!.dir));
});
teardown.run();
